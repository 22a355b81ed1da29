import { type Service, serviceResponseSchema } from '@carcare/contracts/services';
import { baseApi } from '@/lib/api/base-api';

export const getServiceApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getService: builder.query<Service, string>({
      query: (id) => `/services/${encodeURIComponent(id)}`,
      transformResponse: (raw: unknown) => serviceResponseSchema.parse(raw).data,
      providesTags: (_result, _error, id) => [{ type: 'service', id }],
    }),
  }),
});

export const { useGetServiceQuery } = getServiceApi;
