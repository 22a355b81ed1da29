import type { VehicleClass } from '@carcare/contracts/vehicles';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /vehicle-classes/all: every class in the shop's order, the archived ones too (administrators). */
const allVehicleClassesApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getAllVehicleClasses: builder.query<VehicleClass[], void>({
      query: () => '/vehicle-classes/all',
      ...parseOnDemand(
        () => import('@carcare/contracts/vehicles'),
        'vehicleClassListResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['vehicleClass'],
    }),
  }),
});

export const { useGetAllVehicleClassesQuery } = allVehicleClassesApi;
