import type { CreateCustomerInput, Customer } from '@carcare/contracts/front-desk';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/**
 * GET /customers?q=: the customers found by name, phone, email or plate; POST /customers: a customer the shop
 * adds with a name and a phone (staff and the administrator).
 */
const customersApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    searchCustomers: builder.query<Customer[], string>({
      query: (q) => ({ url: '/customers', params: { q } }),
      ...parseOnDemand(
        () => import('@carcare/contracts/front-desk'),
        'customerListResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['user'],
    }),
    createCustomer: builder.mutation({
      query: (body: CreateCustomerInput) => ({ url: '/customers', method: 'POST', body }),
      ...parseOnDemand(
        () => import('@carcare/contracts/front-desk'),
        'customerResponseSchema',
        ({ data }) => data,
      ),
      invalidatesTags: ['user'],
    }),
  }),
});

export const { useSearchCustomersQuery, useCreateCustomerMutation } = customersApi;
