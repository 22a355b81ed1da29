import type { AddOnOffer } from '@carcare/contracts/add-ons';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /add-ons?service=: the add-ons offered with one service, with their prices and minutes per class. */
const serviceAddOnsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getServiceAddOns: builder.query<AddOnOffer[], string>({
      query: (service) => ({ url: '/add-ons', params: { service } }),
      ...parseOnDemand(
        () => import('@carcare/contracts/add-ons'),
        'addOnOfferListResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['addOn'],
    }),
  }),
});

export const { useGetServiceAddOnsQuery } = serviceAddOnsApi;
