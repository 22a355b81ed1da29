import type { CreateSlotsInput, Slot } from '@carcare/contracts/slots';
import { baseApi } from '@/lib/api/base-api';

export type CreatedSlots = { message: string; data: Slot[] };

/** POST /services/slots: splits a time range on one day into slots of the service's duration. */
export const createSlotsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    createSlots: builder.mutation<CreatedSlots, CreateSlotsInput>({
      query: (body) => ({ url: '/services/slots', method: 'POST', body }),
      transformResponse: async (raw: unknown) => {
        const { createSlotsResponseSchema } = await import('@carcare/contracts/slots');
        const { message, data } = createSlotsResponseSchema.parse(raw);
        return { message, data };
      },
      invalidatesTags: ['slots'],
    }),
  }),
});

export const { useCreateSlotsMutation } = createSlotsApi;
