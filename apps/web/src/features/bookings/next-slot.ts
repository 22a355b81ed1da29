import type { Booking } from '@carcare/contracts/bookings';

/** SPEC section 4: of the paid, confirmed bookings, the one whose slot starts soonest in the future. */
export const nextSlotBooking = (bookings: readonly Booking[], now: number): Booking | null =>
  bookings
    .filter((booking) => Date.parse(booking.slot.startsAt) > now)
    .sort((a, b) => Date.parse(a.slot.startsAt) - Date.parse(b.slot.startsAt))[0] ?? null;
