import type { Vehicle } from '@carcare/contracts/vehicles';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /vehicles: the signed-in customer's live vehicles. */
export const vehiclesApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getVehicles: builder.query<Vehicle[], void>({
      query: () => '/vehicles',
      ...parseOnDemand(
        () => import('@carcare/contracts/vehicles'),
        'vehicleListResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['vehicle'],
    }),
  }),
});

export const { useGetVehiclesQuery } = vehiclesApi;
