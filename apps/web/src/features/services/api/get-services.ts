import type { ServiceListQuery } from '@carcare/contracts/services';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

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

const getServicesApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getServices: builder.query({
      query: (params: ServiceListParams) => `/services${toQueryString(params)}`,
      ...parseOnDemand(() => import('@carcare/contracts/services'), 'serviceListResponseSchema'),
      providesTags: ['service'],
    }),
  }),
});

export const { useGetServicesQuery } = getServicesApi;
