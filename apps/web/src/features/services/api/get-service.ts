import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

const getServiceApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getService: builder.query({
      query: (id: string) => `/services/${encodeURIComponent(id)}`,
      ...parseOnDemand(
        () => import('@carcare/contracts/services'),
        'serviceResponseSchema',
        ({ data }) => data,
      ),
      providesTags: (_result, _error, id) => [{ type: 'service', id }],
    }),
  }),
});

export const { useGetServiceQuery } = getServiceApi;
