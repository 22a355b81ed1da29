import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** DELETE /vehicle-classes/{id}: archived, no longer offered; bookings made with it keep its name. */
const archiveVehicleClassApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    archiveVehicleClass: builder.mutation({
      query: (id: string) => ({ url: `/vehicle-classes/${encodeURIComponent(id)}`, method: 'DELETE' }),
      ...parseOnDemand(() => import('@carcare/contracts/http'), 'messageResponseSchema'),
      invalidatesTags: ['vehicleClass', 'service', 'addOn', 'slots'],
    }),
  }),
});

export const { useArchiveVehicleClassMutation } = archiveVehicleClassApi;
