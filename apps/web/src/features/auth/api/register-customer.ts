import type { registerSchema } from '@carcare/contracts/auth';
import type { z } from 'zod';
import { baseApi } from '@/lib/api/base-api';
import { type SessionOrFailure, sessionOrFailureSchema } from './session-response';

export type RegisterPayload = z.output<typeof registerSchema>;

export const registerCustomerApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    registerCustomer: builder.mutation<SessionOrFailure, RegisterPayload>({
      query: (body) => ({ url: '/auth/register/customer', method: 'POST', body }),
      transformResponse: (raw: unknown) => sessionOrFailureSchema.parse(raw),
      invalidatesTags: ['user'],
      extraOptions: { skipReauth: true },
    }),
  }),
});

export const { useRegisterCustomerMutation } = registerCustomerApi;
