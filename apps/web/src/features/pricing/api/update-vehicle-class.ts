import type { IdParam } from '@carcare/contracts/fields';
import type { UpdateVehicleClassInput } from '@carcare/contracts/vehicles';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

type VehicleClassUpdate = IdParam & { changes: UpdateVehicleClassInput };

/** PUT /vehicle-classes/{id}: rename, describe, make the default, or move to a position. */
const updateVehicleClassApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    updateVehicleClass: builder.mutation({
      query: ({ id, changes }: VehicleClassUpdate) => ({
        url: `/vehicle-classes/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: changes,
      }),
      ...parseOnDemand(() => import('@carcare/contracts/vehicles'), 'vehicleClassResponseSchema'),
      // The classes' names and order show in every service's and add-on's prices.
      invalidatesTags: ['vehicleClass', 'service', 'addOn'],
    }),
  }),
});

export const { useUpdateVehicleClassMutation } = updateVehicleClassApi;
