import type { BookingState } from './booking-slice';

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
