import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { AppError } from '../../../lib/app-error';

/** How customers reach the shop, and how long before the start they may still change a booking online. */
export type ChangePolicy = {
  cancellationCutoffHours: number;
  contact: { phone: string; email: string };
};

/** A booking that is over (cancelled, completed, no-show) or not paid yet cannot be changed: 409 says which. */
export function assertConfirmed(booking: Pick<Booking, 'status'>): void {
  if (booking.status === 'confirm') return;
  if (booking.status === 'pending') throw new AppError(409, BOOKING_MESSAGES.notPaidYet);
  throw new AppError(409, BOOKING_MESSAGES.alreadyEnded[booking.status]);
}

/** Customers change a booking online only up to the cut-off before it starts; after that, they call the shop. */
export function assertBeforeCutoff(booking: Pick<Booking, 'slot'>, policy: ChangePolicy, now: Date): void {
  const cutoff = Date.parse(booking.slot.startsAt) - policy.cancellationCutoffHours * 3_600_000;
  if (now.getTime() <= cutoff) return;
  const contact = BOOKING_MESSAGES.shopContact(policy.contact);
  throw new AppError(409, BOOKING_MESSAGES.pastCutoff(policy.cancellationCutoffHours, contact));
}
