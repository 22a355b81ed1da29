import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { feeCents } from '@carcare/contracts/payment-policy-constants';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client';
import { bookingFees, bookings, ledgerEntries, payments, policyVersions, type UserRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import type { PaymentProvider } from '../../payments/public';
import { assertTakesJobMoney, assertWithinBalance, jobPaymentKind } from '../checkout/job-payment';
import { type CardChargeKind, chargeCardOnFile } from '../checkout/saved-cards';
import { getBooking } from '../reads/booking-reads';

/** Where a charge to the card on file left the booking: charged, waiting for the customer (their link), refused, or no card. */
export type CardCharge =
  | { outcome: 'charged'; booking: Booking }
  | { outcome: 'awaitingCustomer'; booking: Booking; url: string; amountCents: number }
  | { outcome: 'declined'; booking: Booking; message: string }
  | { outcome: 'noCard'; booking: Booking };

type ChargeContext = { provider: PaymentProvider; publicUrl: string; currency: string };

const currentBooking = async (db: Database, id: string) => {
  const booking = await getBooking(db, id);
  if (!booking) throw new AppError(404, BOOKING_MESSAGES.notFound);
  return booking;
};

/** The no-show fee (cents) of the terms the booking's customer accepted; 0 when they accepted none, or it has none. */
async function noShowFeeOf(db: Database, bookingId: string): Promise<number> {
  const [terms] = await db
    .select({ policy: policyVersions.policy, priceCents: bookings.priceCents })
    .from(bookings)
    .innerJoin(policyVersions, eq(policyVersions.version, bookings.policyVersion))
    .where(eq(bookings.id, bookingId));
  return terms ? feeCents(terms.policy.noShowFee, terms.priceCents) : 0;
}

/**
 * Charges a fee or the job's money to the customer's card on file, under `key` (the same key never charges
 * twice, on any instance). Answers where it stands; a fee row, when given, takes the charge's outcome.
 */
async function charge(
  db: Database,
  booking: Booking,
  input: {
    kind: CardChargeKind;
    amountCents: number;
    key: string;
    what: string;
    staffId: string | undefined;
    feeId?: string;
  },
  context: ChargeContext,
): Promise<CardCharge> {
  const result = await chargeCardOnFile(db, context.provider, {
    bookingId: booking._id,
    customerId: booking.customer._id,
    amountCents: input.amountCents,
    currency: context.currency,
    kind: input.kind,
    description: `${input.what}, ${booking.service.name} ${booking.slot.date}`,
    idempotencyKey: input.key,
    recordedBy: input.staffId,
    publicUrl: context.publicUrl,
  });
  const feeStatus = {
    charged: 'charged',
    requires_action: 'awaiting_customer',
    declined: 'declined',
    no_card: 'due',
  } as const;
  if (input.feeId) {
    await db
      .update(bookingFees)
      .set({
        status: feeStatus[result.status],
        paymentRef: result.status === 'charged' ? result.paymentRef : null,
      })
      .where(and(eq(bookingFees.id, input.feeId), eq(bookingFees.status, 'due')));
  }
  const now = await currentBooking(db, booking._id);
  switch (result.status) {
    case 'charged':
      return { outcome: 'charged', booking: now };
    case 'requires_action':
      return { outcome: 'awaitingCustomer', booking: now, url: result.url, amountCents: input.amountCents };
    case 'declined':
      return { outcome: 'declined', booking: now, message: result.message };
    case 'no_card':
      return { outcome: 'noCard', booking: now };
  }
}

/**
 * Once a booking is marked a no-show: its no-show fee, under the terms its customer accepted, is kept as a fee
 * row (one per booking, whoever marks it) and charged to the card on file. Nothing for a booking whose customer
 * accepted no terms (SPEC.md's booking), or whose terms have no such fee.
 */
export async function chargeNoShowFee(
  db: Database,
  booking: Booking,
  staff: UserRow,
  context: ChargeContext,
): Promise<CardCharge | undefined> {
  const amountCents = await noShowFeeOf(db, booking._id);
  if (amountCents === 0) return undefined;
  return chargeFee(db, booking, { kind: 'no_show', amountCents, recordedBy: staff.id }, context);
}

const FEE_WORDS = { no_show: 'no-show fee', late_cancel: 'late cancellation fee' } as const;

/**
 * Keeps the booking's fee of `kind` (one per booking, whoever asks) and charges it to the card on file under the
 * fee's key. A fee already kept is answered as it stands.
 */
export async function chargeFee(
  db: Database,
  booking: Booking,
  input: { kind: 'no_show' | 'late_cancel'; amountCents: number; recordedBy: string | undefined },
  context: ChargeContext,
): Promise<CardCharge> {
  const { kind, amountCents } = input;
  await db.insert(bookingFees).values({ bookingId: booking._id, kind, amountCents }).onConflictDoNothing();
  const [fee] = await db
    .select()
    .from(bookingFees)
    .where(and(eq(bookingFees.bookingId, booking._id), eq(bookingFees.kind, kind)));
  // A booking ends once (markOutcome and the cancellation refuse one already ended): a fee already there was
  // charged then.
  if (fee?.status !== 'due') return { outcome: 'charged', booking: await currentBooking(db, booking._id) };
  return charge(
    db,
    booking,
    {
      kind: 'fee',
      amountCents,
      key: `fee-${fee.id}`,
      what: FEE_WORDS[kind],
      staffId: input.recordedBy,
      feeId: fee.id,
    },
    context,
  );
}

/**
 * The balance of a booking (or `amountCents` of it) charged to the card on file by staff. Under a key of the
 * booking and what it had paid, so that two staff pressing at once charge once.
 */
export async function chargeBalanceToCard(
  db: Database,
  bookingId: string,
  staff: UserRow,
  amountCents: number | undefined,
  context: ChargeContext,
): Promise<CardCharge> {
  const booking = await currentBooking(db, bookingId);
  assertTakesJobMoney(booking.status);
  const dueCents = Math.round(booking.balanceDue * 100);
  const cents = amountCents ?? dueCents;
  assertWithinBalance(cents, dueCents);
  const paidCents = Math.round(booking.amountPaid * 100);
  const kind = jobPaymentKind(Math.round(booking.total * 100), paidCents, cents);
  const charged = await charge(
    db,
    booking,
    { kind, amountCents: cents, key: `card-${booking._id}-${paidCents}-${cents}`, what: 'balance', staffId: staff.id },
    context,
  );
  if (charged.outcome === 'charged' && charged.booking.balanceDue === 0) {
    await db.update(bookings).set({ payment: 'paid' }).where(eq(bookings.id, bookingId));
    return { outcome: 'charged', booking: await currentBooking(db, bookingId) };
  }
  return charged;
}

/** The checkout the customer paid a fee with, when their bank asked them to approve it. */
async function feeCheckoutOf(db: Executor, bookingId: string): Promise<string> {
  const [paid] = await db
    .select({ sessionId: payments.sessionId })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.purpose, 'fee'), eq(payments.status, 'paid')))
    .limit(1);
  if (!paid) throw new Error(`booking ${bookingId} has a fee charged with neither a payment nor a checkout`);
  return paid.sessionId;
}

/**
 * Staff waive a fee, with a reason: one not taken is waived as it stands; one charged is given back through
 * the provider (under a key of the fee: asked again, it refunds once) and the refund written in the ledger.
 * The fee row is locked throughout, so two waivers of one fee refund it once.
 */
export async function waiveFee(
  db: Database,
  bookingId: string,
  feeId: string,
  staff: UserRow,
  reason: string,
  provider: PaymentProvider,
): Promise<Booking> {
  await db.transaction(async (tx) => {
    const [fee] = await tx
      .select()
      .from(bookingFees)
      .where(and(eq(bookingFees.id, feeId), eq(bookingFees.bookingId, bookingId)))
      .for('update');
    if (!fee) throw new AppError(404, FRONT_DESK_MESSAGES.feeNotFound);
    if (fee.status === 'waived') throw new AppError(409, FRONT_DESK_MESSAGES.feeAlreadyWaived);
    if (fee.status === 'charged') {
      const key = `waive-${fee.id}`;
      // Taken from the card on file (its payment), or paid by the customer on the link they were sent (its checkout).
      const paidBy = fee.paymentRef
        ? { paymentRef: fee.paymentRef }
        : { sessionId: await feeCheckoutOf(tx, bookingId) };
      const refund = await provider.refund({ ...paidBy, amountCents: fee.amountCents, idempotencyKey: key });
      await tx.insert(ledgerEntries).values({
        bookingId,
        kind: 'refund',
        method: 'card_on_file',
        amountCents: -fee.amountCents,
        provider: provider.name,
        providerReference: refund.refundId,
        idempotencyKey: key,
        recordedBy: staff.id,
      });
    }
    await tx
      .update(bookingFees)
      .set({ status: 'waived', waivedBy: staff.id, waiveReason: reason, waivedAt: new Date() })
      .where(eq(bookingFees.id, fee.id));
  });
  return currentBooking(db, bookingId);
}
