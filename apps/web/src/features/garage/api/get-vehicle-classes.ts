import type { VehicleClass } from '@carcare/contracts/vehicles';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /vehicle-classes: the live classes in the shop's order, one of them the default. */
const vehicleClassesApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getOfferedVehicleClasses: builder.query<VehicleClass[], void>({
      query: () => '/vehicle-classes',
      ...parseOnDemand(
        () => import('@carcare/contracts/vehicles'),
        'vehicleClassListResponseSchema',
        ({ data }) => data,
      ),
    }),
  }),
});

export const { useGetOfferedVehicleClassesQuery } = vehicleClassesApi;
