import { serviceResponseSchema } from '@carcare/contracts/services';
import { baseApi } from '@/lib/api/base-api';
import type { ServiceResponse } from './create-service';

export const deleteServiceApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    deleteService: builder.mutation<ServiceResponse, string>({
      query: (id) => ({ url: `/services/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: (raw: unknown) => serviceResponseSchema.parse(raw),
      // The service disappears from lists, names and slot creation.
      invalidatesTags: ['service', 'slots'],
    }),
  }),
});

export const { useDeleteServiceMutation } = deleteServiceApi;
