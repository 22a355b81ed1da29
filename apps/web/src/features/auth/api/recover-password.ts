import type { recoverPasswordSchema } from '@carcare/contracts/auth';
import type { z } from 'zod';
import { baseApi } from '@/lib/api/base-api';

type RecoverPasswordPayload = z.output<typeof recoverPasswordSchema>;

/** PUT /auth/recover-password: the emailed token and a new password; every session of the account ends. */
const recoverPasswordApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    recoverPassword: builder.mutation<unknown, RecoverPasswordPayload>({
      query: (body) => ({ url: '/auth/recover-password', method: 'PUT', body }),
      extraOptions: { skipReauth: true },
    }),
  }),
});

export const { useRecoverPasswordMutation } = recoverPasswordApi;
