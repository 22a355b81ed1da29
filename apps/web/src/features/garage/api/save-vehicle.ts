import type { CreateVehicleInput, UpdateVehicleInput, Vehicle } from '@carcare/contracts/vehicles';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';
import { vehiclesApi } from './get-vehicles';

/** The saved vehicle goes into the garage's list at once: a choice made of it never waits for the list's reload. */
const keepInGarage = async (
  queryFulfilled: Promise<{ data: Vehicle }>,
  dispatch: (action: ReturnType<typeof vehiclesApi.util.updateQueryData>) => unknown,
) => {
  try {
    const { data: saved } = await queryFulfilled;
    dispatch(
      vehiclesApi.util.updateQueryData('getVehicles', undefined, (garage) => [
        ...garage.filter((each) => each._id !== saved._id),
        saved,
      ]),
    );
  } catch {
    // Refused: the form shows why, and the list stays as it was.
  }
};

/** POST /vehicles, PUT /vehicles/:id and DELETE /vehicles/:id (which archives): the customer's garage. */
const saveVehicleApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    createVehicle: builder.mutation({
      query: (body: CreateVehicleInput) => ({ url: '/vehicles', method: 'POST', body }),
      ...parseOnDemand(
        () => import('@carcare/contracts/vehicles'),
        'vehicleResponseSchema',
        ({ data }) => data,
      ),
      onQueryStarted: (_input, { dispatch, queryFulfilled }) => keepInGarage(queryFulfilled, dispatch),
      invalidatesTags: ['vehicle'],
    }),
    updateVehicle: builder.mutation({
      query: ({ id, body }: { id: string; body: UpdateVehicleInput }) => ({
        url: `/vehicles/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      ...parseOnDemand(
        () => import('@carcare/contracts/vehicles'),
        'vehicleResponseSchema',
        ({ data }) => data,
      ),
      invalidatesTags: ['vehicle'],
    }),
    archiveVehicle: builder.mutation<void, string>({
      query: (id) => ({ url: `/vehicles/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['vehicle'],
    }),
  }),
});

export const { useCreateVehicleMutation, useUpdateVehicleMutation, useArchiveVehicleMutation } = saveVehicleApi;
