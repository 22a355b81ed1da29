import type { forgotPasswordSchema } from '@carcare/contracts/auth';
import type { z } from 'zod';
import { baseApi } from '@/lib/api/base-api';

export type ForgotPasswordPayload = z.output<typeof forgotPasswordSchema>;

/** POST /auth/forgot-password: the same answer whether the account exists or not. */
const forgotPasswordApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    forgotPassword: builder.mutation<unknown, ForgotPasswordPayload>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
      extraOptions: { skipReauth: true },
    }),
  }),
});

export const { useForgotPasswordMutation } = forgotPasswordApi;
