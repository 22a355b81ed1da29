import type { CreateAddOnInput } from '@carcare/contracts/add-ons';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** POST /add-ons: a new add-on, offered with the services named. */
const createAddOnApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    createAddOn: builder.mutation({
      query: (body: CreateAddOnInput) => ({ url: '/add-ons', method: 'POST', body }),
      ...parseOnDemand(() => import('@carcare/contracts/add-ons'), 'addOnResponseSchema'),
      // A service's page lists the add-ons offered with it.
      invalidatesTags: ['addOn', 'service'],
    }),
  }),
});

export const { useCreateAddOnMutation } = createAddOnApi;
