import { bookingWindowAt } from '../src/modules/bookings/reserve/bookable-slot';
import { BASE_JOB } from '../src/modules/bookings/reserve/job-span';
import type { NewBooking, ReservationRequest } from '../src/modules/bookings/reserve/reserve-booking';

/**
 * A customer's online booking of a slot as `createBooking` asks `reserveBooking` for it: SPEC.md's booking (the
 * service at its price), held for 15 minutes, under the limits given (none by default) and with no window
 * beyond the slot's start.
 */
export function onlineAttempt(attempt: {
  customerId: string;
  serviceId: string;
  slotId: string;
  address: string;
  now?: Date;
  maxPendingHolds?: number;
  maxUnpaidDayPercent?: number;
}): { request: ReservationRequest; booking: NewBooking } {
  const now = attempt.now ?? new Date();
  return {
    request: {
      customerId: attempt.customerId,
      serviceId: attempt.serviceId,
      slotId: attempt.slotId,
      now,
      maxPendingHolds: attempt.maxPendingHolds ?? 100,
      clientAddress: attempt.address,
      maxPendingHoldsPerAddress: 100,
      maxUnpaidDayPercent: attempt.maxUnpaidDayPercent ?? 100,
      window: bookingWindowAt(undefined, now),
      job: BASE_JOB,
    },
    booking: {
      lines: undefined,
      vehicleClass: null,
      vehicle: null,
      holdUntil: new Date(now.getTime() + 15 * 60_000),
      status: 'pending',
      payWith: 'online',
      bookedBy: null,
      customerNote: null,
      policyVersion: null,
      membershipId: null,
    },
  };
}
