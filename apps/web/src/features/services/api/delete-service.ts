import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

const deleteServiceApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    deleteService: builder.mutation({
      query: (id: string) => ({ url: `/services/${encodeURIComponent(id)}`, method: 'DELETE' }),
      ...parseOnDemand(() => import('@carcare/contracts/services'), 'serviceResponseSchema'),
      // The service disappears from lists, names and slot creation.
      invalidatesTags: ['service', 'slots'],
    }),
  }),
});

export const { useDeleteServiceMutation } = deleteServiceApi;
