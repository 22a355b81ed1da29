import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /slots/availability/{id}: one slot with its service's name, price and duration. */
const slotDetailApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getSlotDetail: builder.query({
      query: (id: string) => `/slots/availability/${encodeURIComponent(id)}`,
      ...parseOnDemand(
        () => import('@carcare/contracts/slots'),
        'slotDetailResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['slots'],
    }),
  }),
});

export const { useGetSlotDetailQuery } = slotDetailApi;
