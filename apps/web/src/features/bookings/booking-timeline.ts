import type { Booking } from '@carcare/contracts/bookings';

/** Bookings still to happen: awaiting payment or confirmed, their slot not yet over. */
const isUpcoming = (booking: Booking, now: number) =>
  (booking.status === 'pending' || booking.status === 'confirm') && Date.parse(booking.slot.endsAt) > now;

const startOf = (booking: Booking) => Date.parse(booking.slot.startsAt);

/**
 * My Bookings in two parts: what is coming, soonest first; and what is behind the customer (over, cancelled,
 * completed or missed), latest first.
 */
export function splitBookings(bookings: readonly Booking[], now: number) {
  const upcoming = bookings.filter((booking) => isUpcoming(booking, now)).sort((a, b) => startOf(a) - startOf(b));
  const past = bookings.filter((booking) => !isUpcoming(booking, now)).sort((a, b) => startOf(b) - startOf(a));
  return { upcoming, past };
}
