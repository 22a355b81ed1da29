import type { ServiceName } from '@carcare/contracts/services';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /services/g/names: the services a slot can be created for. */
const serviceNamesApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getSlotServiceNames: builder.query<ServiceName[], void>({
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

export const { useGetSlotServiceNamesQuery } = serviceNamesApi;
