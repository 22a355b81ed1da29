import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

type AddOnName = { _id: string; name: string };

/** GET /add-ons: the add-ons on offer, by name in the shop's order; a plan may include only these. */
const offeredAddOnsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getOfferedAddOns: builder.query<AddOnName[], void>({
      query: () => '/add-ons',
      ...parseOnDemand(
        () => import('@carcare/contracts/add-ons'),
        'addOnOfferListResponseSchema',
        ({ data }) => data.map(({ _id, name }) => ({ _id, name })),
      ),
      providesTags: ['addOn'],
    }),
  }),
});

export const { useGetOfferedAddOnsQuery } = offeredAddOnsApi;
