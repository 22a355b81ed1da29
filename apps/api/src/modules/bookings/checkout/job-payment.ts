import type { BookingStatus } from '@carcare/contracts/bookings-constants';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { AppError } from '../../../lib/app-error';

/**
 * The rules the shop's takings of a job's money follow, whether at the counter or from the card on file:
 * which bookings take money, how much at most, and what the ledger calls it.
 */

/** A cancelled or missed booking takes no job money (409), nor one still waiting for its online payment. */
export function assertTakesJobMoney(status: BookingStatus): void {
  if (status === 'cancel' || status === 'no_show') throw new AppError(409, FRONT_DESK_MESSAGES.notPayable);
  if (status === 'pending') throw new AppError(409, FRONT_DESK_MESSAGES.awaitingOnlinePayment);
}

/** Refuses (409) taking `amountCents` when nothing is due, or more than `dueCents` is. */
export function assertWithinBalance(amountCents: number, dueCents: number): void {
  if (dueCents <= 0) throw new AppError(409, FRONT_DESK_MESSAGES.nothingDue);
  if (amountCents > dueCents) {
    throw new AppError(409, FRONT_DESK_MESSAGES.amountOverBalance((dueCents / 100).toFixed(2)));
  }
}

/**
 * What the ledger calls money taken for the job: the whole price at once is a full payment, the first of
 * several a deposit, any after that a balance.
 */
export const jobPaymentKind = (priceCents: number, paidCents: number, amountCents: number) =>
  paidCents > 0 ? 'balance' : amountCents === priceCents ? 'full' : 'deposit';
