import type { CreateVehicleClassInput } from '@carcare/contracts/vehicles';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** POST /vehicle-classes: a new class, last in the order (or the default when asked). */
const createVehicleClassApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    createVehicleClass: builder.mutation({
      query: (body: CreateVehicleClassInput) => ({ url: '/vehicle-classes', method: 'POST', body }),
      ...parseOnDemand(() => import('@carcare/contracts/vehicles'), 'vehicleClassResponseSchema'),
      // A new class is a new row of every service's and add-on's prices.
      invalidatesTags: ['vehicleClass', 'service', 'addOn'],
    }),
  }),
});

export const { useCreateVehicleClassMutation } = createVehicleClassApi;
