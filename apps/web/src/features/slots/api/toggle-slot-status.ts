import { baseApi } from '@/lib/api/base-api';

/** PUT /slots/toggle-status/{id}: available becomes cancel and back; booked slots are refused. */
const toggleSlotApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    toggleSlotStatus: builder.mutation<unknown, string>({
      query: (id) => ({ url: `/slots/toggle-status/${encodeURIComponent(id)}`, method: 'PUT' }),
      invalidatesTags: ['slots'],
    }),
  }),
});

export const { useToggleSlotStatusMutation } = toggleSlotApi;
