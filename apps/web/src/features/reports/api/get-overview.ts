import type { Overview } from '@carcare/contracts/reports';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

export type OverviewArgs = { from: string; to: string };

/**
 * GET /admin/overview: the range's revenue, bookings, occupancy, customers and reviews beside the period just
 * before it (administrators). Any booking, review or slot change can move these figures.
 */
const overviewApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getOverview: builder.query<Overview, OverviewArgs>({
      query: (params) => ({ url: '/admin/overview', params }),
      ...parseOnDemand(
        () => import('@carcare/contracts/reports'),
        'overviewResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['booking', 'review', 'slots', 'user'],
    }),
  }),
});

export const { useGetOverviewQuery } = overviewApi;
