import type { CalendarQuery } from '@carcare/contracts/shop-settings';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/**
 * GET /slots/calendar: a service's days over a range (a month on the page), each open, closed, past or beyond
 * the booking horizon with its free start times, and the first day ahead with a free time.
 */
const serviceCalendarApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getServiceCalendar: builder.query({
      query: (params: CalendarQuery) => ({ url: '/slots/calendar', params }),
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
