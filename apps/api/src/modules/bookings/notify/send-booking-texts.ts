import type { Booking } from '@carcare/contracts/bookings';
import { siteHref } from '@carcare/contracts/site-routes';
import type { MessageKind } from '@carcare/contracts/texts-constants';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../../db/client';
import { users } from '../../../db/schema';
import { linkKeyFrom, signLink } from '../../../lib/signed-links';
import { queueCustomerMessage, type TextTiming } from '../../texts/public';
import type { Move } from '../change/reschedule-booking';
import {
  cancelledText,
  confirmationText,
  emailOfText,
  movedText,
  readyText,
  reminderText,
  reviewRequestText,
} from './booking-texts';
import type { ShopDetails } from './shop-details';

/** What queueing a booking's text needs: when texts may go, and the sender to wake once one is queued. */
export type Texting = { timing: TextTiming; kick: () => void; reviewRequestDelayHours: number; jwtSecret: string };

export const textingOf = (app: FastifyInstance): Texting => ({
  timing: { quietHours: app.config.texts.quietHours, timeZone: app.shop.current().settings.timeZone },
  kick: app.texts.kick,
  reviewRequestDelayHours: app.config.texts.reviewRequestDelayHours,
  jwtSecret: app.config.jwtSecret,
});

type Context = { db: Executor; shop: ShopDetails; texting: Texting };

async function queue(
  context: Context,
  booking: Booking,
  message: {
    kind: MessageKind;
    occasion?: string;
    text: string;
    askedByCustomer: boolean;
    emailed?: boolean;
    notBefore?: Date;
    sendBefore?: Date;
  },
) {
  const queued = await queueCustomerMessage(
    context.db,
    {
      bookingId: booking._id,
      customerId: booking.customer._id,
      kind: message.kind,
      occasion: message.occasion,
      text: message.text,
      email: message.emailed
        ? { to: booking.customer.email, body: emailOfText(booking, context.shop, message.text) }
        : undefined,
      askedByCustomer: message.askedByCustomer,
      notBefore: message.notBefore ?? new Date(),
      sendBefore: message.sendBefore,
    },
    context.texting.timing,
  );
  if (queued) context.texting.kick();
}

/** The confirmation text, beside its email; `askedByCustomer` when the customer booked (and paid) it just now. */
export const textConfirmation = (context: Context, booking: Booking, askedByCustomer: boolean) =>
  queue(context, booking, { kind: 'confirmation', text: confirmationText(booking, context.shop), askedByCustomer });

/** The reminder text, beside its email: one per start time, not sent once quiet hours would hold it past the start. */
export const textReminder = (context: Context, booking: Booking, now: Date) =>
  queue(context, booking, {
    kind: 'reminder',
    occasion: booking.slot.startsAt,
    text: reminderText(booking, context.shop),
    askedByCustomer: false,
    notBefore: now,
    sendBefore: new Date(booking.slot.startsAt),
  });

/** The text of a move, one per slot moved to. */
export const textMove = (context: Context, booking: Booking, move: Move) =>
  queue(context, booking, {
    kind: 'moved',
    occasion: booking.slot._id,
    text: movedText(booking, context.shop),
    askedByCustomer: move.by === 'customer',
  });

export const textCancellation = (context: Context, booking: Booking, byCustomer: boolean) =>
  queue(context, booking, {
    kind: 'cancelled',
    text: cancelledText(booking, context.shop),
    askedByCustomer: byCustomer,
  });

/** The car is ready: texted, or emailed to a customer who takes no texts (no other email tells it). */
export const tellReady = (context: Context, booking: Booking) =>
  queue(context, booking, {
    kind: 'ready',
    text: readyText(booking, context.shop),
    askedByCustomer: false,
    emailed: true,
  });

/** The address of the review page of a booking, signed so that only its customer's link opens it. */
export const reviewLinkOf = (shop: ShopDetails, jwtSecret: string, bookingId: string) =>
  `${shop.publicUrl}${siteHref('reviewRequest', { token: signLink(linkKeyFrom(jwtSecret, 'review-request'), bookingId) })}`;

/**
 * Asks the customer of a completed booking for a review, REVIEW_REQUEST_DELAY_HOURS after `completedAt`: by
 * text when they take texts, else by email; never when they asked not to be asked.
 */
export async function askForReview(context: Context, booking: Booking, completedAt: Date): Promise<void> {
  const [customer] = await context.db
    .select({ off: users.reviewRequestsOff })
    .from(users)
    .where(eq(users.id, booking.customer._id));
  if (!customer || customer.off) return;
  const link = reviewLinkOf(context.shop, context.texting.jwtSecret, booking._id);
  await queue(context, booking, {
    kind: 'review_request',
    text: reviewRequestText(context.shop, link),
    askedByCustomer: false,
    emailed: true,
    notBefore: new Date(completedAt.getTime() + context.texting.reviewRequestDelayHours * 3_600_000),
  });
}
