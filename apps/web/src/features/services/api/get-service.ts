import type { Service } from '@carcare/contracts/services';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

export const getServiceApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getService: builder.query<Service, string>({
      query: (id) => `/services/${encodeURIComponent(id)}`,
      transformResponse: async (raw: unknown) =>
        (
          await parseOnDemand(() =>
            import('@carcare/contracts/services').then((contracts) => contracts.serviceResponseSchema),
          )(raw)
        ).data,
      providesTags: (_result, _error, id) => [{ type: 'service', id }],
    }),
  }),
});

export const { useGetServiceQuery } = getServiceApi;
