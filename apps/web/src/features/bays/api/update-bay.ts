import type { UpdateBayInput } from '@carcare/contracts/bays';
import type { IdParam } from '@carcare/contracts/fields';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

type BayUpdate = IdParam & { changes: UpdateBayInput };

/** PUT /bays/{id}: rename, activate or deactivate, move to a position, or limit to some services. */
const updateBayApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    updateBay: builder.mutation({
      query: ({ id, changes }: BayUpdate) => ({ url: `/bays/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      ...parseOnDemand(() => import('@carcare/contracts/bays'), 'bayResponseSchema'),
      // A bay's state changes the slots' capacity, and its name shows in the bookings list.
      invalidatesTags: ['bay', 'slots', 'booking'],
    }),
  }),
});

export const { useUpdateBayMutation } = updateBayApi;
