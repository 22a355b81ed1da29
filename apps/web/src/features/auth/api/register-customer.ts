import type { registerSchema } from '@carcare/contracts/auth';
import type { z } from 'zod';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

export type RegisterPayload = z.output<typeof registerSchema>;

const registerCustomerApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    registerCustomer: builder.mutation({
      query: (body: RegisterPayload) => ({ url: '/auth/register/customer', method: 'POST', body }),
      ...parseOnDemand(() => import('@carcare/contracts/auth'), 'sessionOrFailureResponseSchema'),
      invalidatesTags: ['user'],
      extraOptions: { skipReauth: true },
    }),
  }),
});

export const { useRegisterCustomerMutation } = registerCustomerApi;
