import type { ServiceInput } from '@carcare/contracts/services';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

const createServiceApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    createService: builder.mutation({
      // SPEC section 7: a new service is sent with isDeleted false.
      query: (body: ServiceInput) => ({ url: '/services', method: 'POST', body: { ...body, isDeleted: false } }),
      ...parseOnDemand(() => import('@carcare/contracts/services'), 'serviceResponseSchema'),
      invalidatesTags: ['service'],
    }),
  }),
});

export const { useCreateServiceMutation } = createServiceApi;
