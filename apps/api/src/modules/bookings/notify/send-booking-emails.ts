import type { Booking, RefundOutcome } from '@carcare/contracts/bookings';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../../db/client';
import type { Mailer } from '../../../lib/mailer';
import type { Move } from '../change/reschedule-booking';
import type { Settlement } from '../checkout/settle-checkout';
import { getBooking } from '../reads/booking-reads';
import { calendarFileOf } from './booking-calendar';
import {
  bookedByShopEmail,
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingRescheduledEmail,
  type CancelledBy,
  cardApprovalEmail,
  latePaymentRefundedEmail,
  paymentLinkEmail,
} from './booking-emails';
import { type Texting, textCancellation, textConfirmation, textingOf, textMove } from './send-booking-texts';
import { currentShopDetails, type ShopDetails } from './shop-details';

/**
 * What sending a booking's email (and queueing its text, for a customer who takes texts) needs. The senders
 * below run once the change is committed (routes call them after the reply): a failure is theirs to throw and
 * the caller's to log, never the customer's request.
 */
export type MailContext = { db: Executor; mailer: Mailer; shop: ShopDetails; texting: Texting };

export const mailContextOf = (app: FastifyInstance): MailContext => ({
  db: app.db,
  mailer: app.mailer,
  shop: currentShopDetails(app),
  texting: textingOf(app),
});

/**
 * The confirmation, with its calendar event, when the report confirmed the booking; the notice that the
 * money is given back when the payment came after the booking had ended.
 */
export async function mailSettlement(context: MailContext, settlement: Settlement): Promise<void> {
  const { booking, confirmed, latePayment } = settlement;
  if (!booking) return;
  if (latePayment) {
    await context.mailer.send(latePaymentRefundedEmail(booking, latePayment, context.shop));
  } else if (confirmed) {
    // The customer's own payment (or saved card) confirmed it just now: they asked for its confirmation.
    await textConfirmation(context, booking, true);
    const calendar = await calendarFileOf(context.db, booking, context.shop);
    await context.mailer.send(bookingConfirmedEmail(booking, context.shop, calendar));
  }
}

/** The confirmation of a booking paid at the shop, confirmed when its customer saved their card. */
export async function mailCardSaved(context: MailContext, bookingId: string | undefined): Promise<void> {
  if (!bookingId) return;
  await mailSettlement(context, {
    booking: await getBooking(context.db, bookingId),
    confirmed: true,
    latePayment: undefined,
  });
}

export async function mailCancellation(
  context: MailContext,
  cancellation: { booking: Booking; refund: RefundOutcome },
  by: CancelledBy,
): Promise<void> {
  await textCancellation(context, cancellation.booking, by === 'customer');
  if (!cancellation.booking.customer.email) return;
  const calendar = await calendarFileOf(context.db, cancellation.booking, context.shop, { cancel: true });
  await context.mailer.send(
    bookingCancelledEmail(cancellation.booking, cancellation.refund, context.shop, by, calendar),
  );
}

export async function mailReschedule(
  context: MailContext,
  moved: { booking: Booking; previous: Booking['slot']; move: Move },
): Promise<void> {
  await textMove(context, moved.booking, moved.move);
  // A customer the shop added with a phone alone has no email to send it to.
  if (!moved.booking.customer.email) return;
  const calendar = await calendarFileOf(context.db, moved.booking, context.shop);
  await context.mailer.send(bookingRescheduledEmail(moved.booking, moved.previous, context.shop, calendar, moved.move));
}

/** The payment link of a booking the shop made for a customer who pays online later. */
export async function mailPaymentLink(
  context: MailContext,
  booking: Booking,
  paymentUrl: string,
  /** Dollars the link takes: the total, or the deposit the accepted terms ask; 0 for a card saved. */
  dueOnline: number,
): Promise<void> {
  await context.mailer.send(paymentLinkEmail(booking, paymentUrl, context.shop, dueOnline));
}

/** The link to approve a charge of the card on file, for a customer the shop can write to. */
export async function mailCardApproval(
  context: MailContext,
  booking: Booking,
  charge: { what: string; amount: number; url: string },
): Promise<void> {
  if (!booking.customer.email) return;
  await context.mailer.send(cardApprovalEmail(booking, charge, context.shop));
}

/** The confirmation of a booking the shop made to be paid at the shop, with its calendar event. */
export async function mailBookedByShop(context: MailContext, booking: Booking): Promise<void> {
  await textConfirmation(context, booking, false);
  // A customer the shop added with a phone alone has no email to be told at.
  if (!booking.customer.email) return;
  const calendar = await calendarFileOf(context.db, booking, context.shop);
  await context.mailer.send(bookedByShopEmail(booking, context.shop, calendar));
}
