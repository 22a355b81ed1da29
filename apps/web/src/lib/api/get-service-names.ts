import type { ServiceName } from '@carcare/contracts/services';
import { baseApi } from './base-api';
import { parseOnDemand } from './parse-on-demand';

/**
 * GET /services/g/names: the live services by name. Slots are created for one of them and a bay is limited to
 * some of them, so the call lives here rather than in either feature.
 */
const serviceNamesApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getServiceNames: builder.query<ServiceName[], void>({
      query: () => '/services/g/names',
      ...parseOnDemand(
        () => import('@carcare/contracts/services'),
        'serviceNamesResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['service'],
    }),
  }),
});

export const { useGetServiceNamesQuery } = serviceNamesApi;
