import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';
import type { JobQuery } from '../booking-job';

/** A service's range of days, and the job whose whole span a free time must fit. */
export type CalendarParams = { service: string; from: string; to: string } & JobQuery;

/**
 * GET /slots/calendar: a service's days over a range (a month on the page), each open, closed, past or beyond
 * the booking horizon with its free start times, and the first day ahead with a free time.
 */
const serviceCalendarApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getServiceCalendar: builder.query({
      query: (params: CalendarParams) => ({ url: '/slots/calendar', params }),
      ...parseOnDemand(
        () => import('@carcare/contracts/shop-settings'),
        'calendarResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['slots'],
    }),
  }),
});

export const { useGetServiceCalendarQuery, useLazyGetServiceCalendarQuery } = serviceCalendarApi;
