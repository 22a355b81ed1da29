import type { loginSchema } from '@carcare/contracts/auth';
import type { z } from 'zod';
import { baseApi } from '@/lib/api/base-api';
import { type SessionOrFailure, sessionOrFailureSchema } from './session-response';

export type LoginPayload = z.output<typeof loginSchema>;

export const loginApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    login: builder.mutation<SessionOrFailure, LoginPayload>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      transformResponse: (raw: unknown) => sessionOrFailureSchema.parse(raw),
      invalidatesTags: ['user'],
      // A 401 here means a wrong password, not an expired session.
      extraOptions: { skipReauth: true },
    }),
  }),
});

export const { useLoginMutation } = loginApi;
