import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';
import { type ServiceListParams, serviceListQuery } from '../service-list-query';

export type { ServiceListParams } from '../service-list-query';

const getServicesApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getServices: builder.query({
      query: (params: ServiceListParams) => {
        const query = serviceListQuery(params);
        return `/services${query ? `?${query}` : ''}`;
      },
      ...parseOnDemand(() => import('@carcare/contracts/services'), 'serviceListResponseSchema'),
      providesTags: ['service'],
    }),
  }),
});

export const { useGetServicesQuery } = getServicesApi;
