import type { BookingState } from './booking-state';

/** What a booking is priced by, as the booking state keeps it: a vehicle or a class, and add-on ids "a,b". */
export type BookingJob = Pick<BookingState, 'vehicle' | 'vehicleClass' | 'addOns'>;

/** The job as the slot queries take it (`vehicle` or `vehicleClass`, `addOns=a,b`): what is empty is left out. */
export type JobQuery = { vehicle?: string; vehicleClass?: string; addOns?: string };

export const addOnIds = (job: Pick<BookingJob, 'addOns'>) => (job.addOns === '' ? [] : job.addOns.split(','));

export const jobQuery = (job: BookingJob): JobQuery => ({
  ...(job.vehicle ? { vehicle: job.vehicle } : job.vehicleClass ? { vehicleClass: job.vehicleClass } : {}),
  ...(job.addOns ? { addOns: job.addOns } : {}),
});

/** The job as `POST /api/bookings` and the quote take it; nothing chosen sends nothing, as the older client. */
export const jobBody = (job: BookingJob) => ({
  ...(job.vehicle ? { vehicle: job.vehicle } : job.vehicleClass ? { vehicleClass: job.vehicleClass } : {}),
  ...(job.addOns ? { addOns: addOnIds(job) } : {}),
});

type Booked = { vehicleClass: { _id: string } | null; lines: readonly { addOn: string | null }[] };

/**
 * The job a booking was made with, as the slot queries take it: its class and add-ons. A move keeps them, so
 * the times offered are those where the whole booked span fits; a booking without them offers what it always did.
 */
export const bookedJobQuery = (booking: Booked): JobQuery => {
  const addOns = booking.lines.flatMap((line) => (line.addOn ? [line.addOn] : []));
  return {
    ...(booking.vehicleClass ? { vehicleClass: booking.vehicleClass._id } : {}),
    ...(addOns.length > 0 ? { addOns: addOns.join(',') } : {}),
  };
};
