import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** SPEC section 3, "Booking client state": what the customer is booking, kept across the login round-trip. */
export type BookingState = { email: string; name: string; service: string; slot: string; user: string };

type BookingRootState = { booking: BookingState };

export const initialBookingState: BookingState = { email: '', name: '', service: '', slot: '', user: '' };

export const bookingSlice = createSlice({
  name: 'booking',
  initialState: initialBookingState,
  reducers: {
    /** Partial updates merge into what is already chosen. */
    bookingUpdated: (state, action: PayloadAction<Partial<BookingState>>) => ({ ...state, ...action.payload }),
    bookingCleared: () => initialBookingState,
  },
});

export const { bookingUpdated, bookingCleared } = bookingSlice.actions;

export const selectBooking = (state: BookingRootState) => state.booking;
