import type { Bay } from '@carcare/contracts/bays';
import { baseApi } from './base-api';
import { parseOnDemand } from './parse-on-demand';

/**
 * GET /bays: the shop's bays in their order (administrators). The Bays screen lists them and the service form
 * limits a service to some of them, so the call lives here rather than in either feature.
 */
const baysApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getBays: builder.query<Bay[], void>({
      query: () => '/bays',
      ...parseOnDemand(
        () => import('@carcare/contracts/bays'),
        'bayListResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['bay'],
    }),
  }),
});

export const { useGetBaysQuery } = baysApi;
