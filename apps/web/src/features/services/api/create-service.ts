import { type ServiceInput, serviceResponseSchema } from '@carcare/contracts/services';
import type { z } from 'zod';
import { baseApi } from '@/lib/api/base-api';

export type ServiceResponse = z.infer<typeof serviceResponseSchema>;

export const createServiceApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    createService: builder.mutation<ServiceResponse, ServiceInput>({
      // SPEC section 7: a new service is sent with isDeleted false.
      query: (body) => ({ url: '/services', method: 'POST', body: { ...body, isDeleted: false } }),
      transformResponse: (raw: unknown) => serviceResponseSchema.parse(raw),
      invalidatesTags: ['service'],
    }),
  }),
});

export const { useCreateServiceMutation } = createServiceApi;
