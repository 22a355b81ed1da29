import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** DELETE /add-ons/{id}: deactivated, no longer offered; bookings made with it keep their lines. */
const deactivateAddOnApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    deactivateAddOn: builder.mutation({
      query: (id: string) => ({ url: `/add-ons/${encodeURIComponent(id)}`, method: 'DELETE' }),
      ...parseOnDemand(() => import('@carcare/contracts/http'), 'messageResponseSchema'),
      invalidatesTags: ['addOn', 'service'],
    }),
  }),
});

export const { useDeactivateAddOnMutation } = deactivateAddOnApi;
