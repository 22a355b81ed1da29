import type { IdParam } from '@carcare/contracts/fields';
import type { ServiceInput } from '@carcare/contracts/services';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

type ServiceUpdate = IdParam & { changes: ServiceInput };

const updateServiceApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    updateService: builder.mutation({
      query: ({ id, changes }: ServiceUpdate) => ({
        url: `/services/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: changes,
      }),
      ...parseOnDemand(() => import('@carcare/contracts/services'), 'serviceResponseSchema'),
      // Its buffer and bays change how many bays its slots have free.
      invalidatesTags: ['service', 'slots'],
    }),
  }),
});

export const { useUpdateServiceMutation } = updateServiceApi;
