import type { loginSchema } from '@carcare/contracts/auth';
import type { z } from 'zod';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

export type LoginPayload = z.output<typeof loginSchema>;

const loginApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    login: builder.mutation({
      query: (body: LoginPayload) => ({ url: '/auth/login', method: 'POST', body }),
      ...parseOnDemand(() => import('@carcare/contracts/auth'), 'sessionOrFailureResponseSchema'),
      invalidatesTags: ['user'],
      // A 401 here means a wrong password, not an expired session.
      extraOptions: { skipReauth: true },
    }),
  }),
});

export const { useLoginMutation } = loginApi;
