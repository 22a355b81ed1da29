import type { UpdateAddOnInput } from '@carcare/contracts/add-ons';
import type { IdParam } from '@carcare/contracts/fields';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

type AddOnUpdate = IdParam & { changes: UpdateAddOnInput };

/** PUT /add-ons/{id}: any of its fields; the services and the prices by class are replaced whole. */
const updateAddOnApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    updateAddOn: builder.mutation({
      query: ({ id, changes }: AddOnUpdate) => ({
        url: `/add-ons/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: changes,
      }),
      ...parseOnDemand(() => import('@carcare/contracts/add-ons'), 'addOnResponseSchema'),
      // Its minutes change the times offered for a job that includes it.
      invalidatesTags: ['addOn', 'service', 'slots'],
    }),
  }),
});

export const { useUpdateAddOnMutation } = updateAddOnApi;
