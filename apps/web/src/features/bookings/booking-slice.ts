import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type BookingState, initialBookingState } from './booking-state';

type BookingRootState = { booking: BookingState };

/** The booking choice in the app's store (SPEC section 3), kept in sessionStorage by `persistBooking`. */
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
