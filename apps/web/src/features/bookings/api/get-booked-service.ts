import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/**
 * GET /services/{id} for the service being booked: how it is paid online (in full, a deposit, or nothing with the
 * card saved), which the terms the customer accepts before paying depend on.
 */
const bookedServiceApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getBookedService: builder.query({
      query: (id: string) => `/services/${encodeURIComponent(id)}`,
      ...parseOnDemand(
        () => import('@carcare/contracts/services'),
        'serviceResponseSchema',
        ({ data }) => ({ _id: data._id, paymentMode: data.paymentMode }),
      ),
      providesTags: (_result, _error, id) => [{ type: 'service', id }],
    }),
  }),
});

export const { useGetBookedServiceQuery } = bookedServiceApi;
