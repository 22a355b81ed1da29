import type { ServiceListQuery, serviceListResponseSchema } from '@carcare/contracts/services';
import type { z } from 'zod';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

export type ServiceList = z.infer<typeof serviceListResponseSchema>;

/** Only the filters a screen sets; the API fills in the defaults (sort -createdAt, page 1, limit 10). */
export type ServiceListParams = Partial<ServiceListQuery>;

const toQueryString = (params: ServiceListParams) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
};

export const getServicesApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getServices: builder.query<ServiceList, ServiceListParams>({
      query: (params) => `/services${toQueryString(params)}`,
      transformResponse: parseOnDemand(() =>
        import('@carcare/contracts/services').then((contracts) => contracts.serviceListResponseSchema),
      ),
      providesTags: ['service'],
    }),
  }),
});

export const { useGetServicesQuery } = getServicesApi;
