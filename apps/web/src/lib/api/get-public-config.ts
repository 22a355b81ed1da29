import type { PublicConfig } from '@carcare/contracts/app-config';
import { baseApi } from './base-api';
import { parseOnDemand } from './parse-on-demand';

/**
 * GET /config: the business's name, currency and time zone. Several features read it (prices in the business's
 * currency, the calendar's "today" in the business's zone), so it lives here rather than in one of them.
 */
export const publicConfigApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getPublicConfig: builder.query<PublicConfig, void>({
      query: () => '/config',
      ...parseOnDemand(
        () => import('@carcare/contracts/app-config'),
        'publicConfigResponseSchema',
        ({ data }) => data,
      ),
      keepUnusedDataFor: 3600,
      // The Settings screen changes what it says (name, currency, time zone, hours, closures).
      providesTags: ['settings'],
    }),
  }),
});

export const { useGetPublicConfigQuery } = publicConfigApi;
