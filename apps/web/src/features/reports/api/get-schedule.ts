import type { Schedule } from '@carcare/contracts/reports';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/**
 * GET /admin/schedule: one business day's bays and the bookings that take them (administrators). Booking actions
 * invalidate 'booking', so the board redraws after a cancellation or an outcome.
 */
const scheduleApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getSchedule: builder.query<Schedule, { date: string }>({
      query: (params) => ({ url: '/admin/schedule', params }),
      ...parseOnDemand(
        () => import('@carcare/contracts/reports'),
        'scheduleResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['booking', 'bay', 'slots'],
    }),
  }),
});

export const { useGetScheduleQuery } = scheduleApi;
