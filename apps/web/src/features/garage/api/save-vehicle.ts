import type { CreateVehicleInput, UpdateVehicleInput } from '@carcare/contracts/vehicles';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

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
