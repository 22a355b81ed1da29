import type { ServiceHoursInput } from '@carcare/contracts/shop-settings';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

type ServiceHoursUpdate = ServiceHoursInput & { id: string };

const contract = () => import('@carcare/contracts/shop-settings');

/** A service's own weekly hours inside the shop's, or null when it follows the shop's (administrators). */
const serviceHoursApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getServiceHours: builder.query({
      query: (id: string) => `/services/${encodeURIComponent(id)}`,
      ...parseOnDemand(contract, 'serviceHoursResponseSchema', ({ data }) => data.hours),
      providesTags: (_result, _error, id) => [{ type: 'service', id }],
    }),
    /** PUT /services/{id}/hours: the service's free times follow the new hours from the next request. */
    updateServiceHours: builder.mutation({
      query: ({ id, hours }: ServiceHoursUpdate) => ({
        url: `/services/${encodeURIComponent(id)}/hours`,
        method: 'PUT',
        body: { hours },
      }),
      ...parseOnDemand(contract, 'serviceHoursResponseSchema'),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'service', id }, 'slots'],
    }),
  }),
});

export const { useGetServiceHoursQuery, useUpdateServiceHoursMutation } = serviceHoursApi;
