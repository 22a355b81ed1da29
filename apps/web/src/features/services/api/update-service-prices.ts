import type { ServicePricesInput } from '@carcare/contracts/services';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

type ServicePricesUpdate = ServicePricesInput & { id: string };

/**
 * PUT /services/{id}/prices: the classes with a price and duration of their own; the others take the service's.
 * Answers the service with its prices for every live class.
 */
const updateServicePricesApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    updateServicePrices: builder.mutation({
      query: ({ id, prices }: ServicePricesUpdate) => ({
        url: `/services/${encodeURIComponent(id)}/prices`,
        method: 'PUT',
        body: { prices },
      }),
      ...parseOnDemand(() => import('@carcare/contracts/services'), 'serviceResponseSchema'),
      // The catalogue's "from" prices change, and a class's duration changes the times offered for it.
      invalidatesTags: ['service', 'slots'],
    }),
  }),
});

export const { useUpdateServicePricesMutation } = updateServicePricesApi;
