import type { JoinWaitlistInput } from '@carcare/contracts/waitlist';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/**
 * The waitlist: the customer's entries (GET /waitlist/mine), joining (POST /waitlist) and leaving
 * (DELETE /waitlist/:id); the counter's list of a day (GET /waitlist?date=).
 */
export const waitlistApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getMyWaitlist: builder.query({
      query: () => '/waitlist/mine',
      ...parseOnDemand(
        () => import('@carcare/contracts/waitlist'),
        'waitlistListResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['waitlist'],
    }),
    getDayWaitlist: builder.query({
      query: (date: string) => `/waitlist?date=${encodeURIComponent(date)}`,
      ...parseOnDemand(
        () => import('@carcare/contracts/waitlist'),
        'waitlistDayResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['waitlist'],
    }),
    joinWaitlist: builder.mutation({
      query: (body: JoinWaitlistInput) => ({ url: '/waitlist', method: 'POST', body }),
      ...parseOnDemand(
        () => import('@carcare/contracts/waitlist'),
        'waitlistEntryResponseSchema',
        ({ message, data }) => ({ message, entry: data }),
      ),
      invalidatesTags: ['waitlist'],
    }),
    leaveWaitlist: builder.mutation({
      query: (id: string) => ({ url: `/waitlist/${encodeURIComponent(id)}`, method: 'DELETE' }),
      ...parseOnDemand(
        () => import('@carcare/contracts/http'),
        'messageResponseSchema',
        ({ message }) => message,
      ),
      invalidatesTags: ['waitlist', 'slots'],
    }),
  }),
});

export const { useGetMyWaitlistQuery, useGetDayWaitlistQuery, useJoinWaitlistMutation, useLeaveWaitlistMutation } =
  waitlistApi;
