import type { AddOn } from '@carcare/contracts/add-ons';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /add-ons/all: every add-on, the inactive ones too, with its services and prices by class (administrators). */
const allAddOnsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getAllAddOns: builder.query<AddOn[], void>({
      query: () => '/add-ons/all',
      ...parseOnDemand(
        () => import('@carcare/contracts/add-ons'),
        'addOnListResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['addOn'],
    }),
  }),
});

export const { useGetAllAddOnsQuery } = allAddOnsApi;
