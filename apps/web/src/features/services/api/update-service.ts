import { type ServiceInput, serviceResponseSchema } from '@carcare/contracts/services';
import { baseApi } from '@/lib/api/base-api';
import type { ServiceResponse } from './create-service';

export type ServiceUpdate = { id: string; changes: ServiceInput };

export const updateServiceApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    updateService: builder.mutation<ServiceResponse, ServiceUpdate>({
      query: ({ id, changes }) => ({ url: `/services/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      transformResponse: (raw: unknown) => serviceResponseSchema.parse(raw),
      invalidatesTags: ['service'],
    }),
  }),
});

export const { useUpdateServiceMutation } = updateServiceApi;
