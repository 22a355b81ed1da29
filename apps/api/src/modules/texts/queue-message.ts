import { toE164 } from '@carcare/contracts/phone';
import type { MessageChannel, MessageKind } from '@carcare/contracts/texts-constants';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookingMessages, textOptOuts, users } from '../../db/schema';
import { afterQuietHours } from './quiet-hours';

/** One message to queue: sent once per booking, kind, occasion and channel, however many instances queue it. */
export type QueuedMessage = {
  bookingId: string;
  kind: MessageKind;
  /** Tells repeated messages of a kind apart (the new slot of a move); '' for the others. */
  occasion?: string;
  channel: MessageChannel;
  /** The number (E.164) or the email address. */
  recipient: string;
  body: string;
  /** Not before this instant. */
  sendAfter: Date;
};

/**
 * Queues a message for the sender; the unique key (booking, kind, occasion, channel) keeps a second queueing
 * of the same one, by this instance or another, from doing anything. Answers whether this call queued it.
 */
export async function queueBookingMessage(db: Executor, message: QueuedMessage): Promise<boolean> {
  const inserted = await db
    .insert(bookingMessages)
    .values({ ...message, occasion: message.occasion ?? '' })
    .onConflictDoNothing()
    .returning({ id: bookingMessages.id });
  return inserted.length > 0;
}

/**
 * The number a customer may be texted at: theirs, in E.164, when they accepted texts and it has not texted
 * STOP. Undefined otherwise: nothing is texted to them.
 */
export async function textNumberOf(db: Executor, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ phone: users.phone, acceptedAt: users.textsAcceptedAt, stoppedAt: textOptOuts.stoppedAt })
    .from(users)
    .leftJoin(textOptOuts, eq(textOptOuts.phone, users.phone))
    .where(eq(users.id, customerId));
  if (!row || row.acceptedAt === null || row.phone === null || row.stoppedAt !== null) return undefined;
  const number = toE164(row.phone);
  if (number === undefined) return undefined;
  // Stored phones are E.164 already (users/normalise-stored-phones): an odd one is looked up again in that form.
  if (number !== row.phone) {
    const [stopped] = await db.select().from(textOptOuts).where(eq(textOptOuts.phone, number));
    if (stopped) return undefined;
  }
  return number;
}

/** When texts go out, as the configuration and the shop's settings say. */
export type TextTiming = { quietHours: string; timeZone: string };

/** A message to a customer about their booking, by text when they take texts. */
export type CustomerMessage = {
  bookingId: string;
  customerId: string;
  kind: MessageKind;
  occasion?: string;
  text: string;
  /**
   * Its email, sent instead when the customer takes no texts: for the messages no other email tells (ready,
   * a review request). Left out for those the booking's emails already tell.
   */
  email?: { to: string; body: string };
  /** The customer just asked for it (their own booking, cancel or move): quiet hours do not hold it back. */
  askedByCustomer: boolean;
  /** Not before this instant; quiet hours may move a text later still. */
  notBefore: Date;
  /** A text that quiet hours would hold until this instant or later is not worth sending (a reminder). */
  sendBefore?: Date;
};

/**
 * Queues a message to a customer: a text when they take texts (in the morning when it would fall in quiet
 * hours and they did not just ask for it), else its email when it has one. Answers the channel queued on, if any.
 */
export async function queueCustomerMessage(
  db: Executor,
  message: CustomerMessage,
  timing: TextTiming,
): Promise<MessageChannel | undefined> {
  const base = { bookingId: message.bookingId, kind: message.kind, occasion: message.occasion };
  const number = await textNumberOf(db, message.customerId);
  if (number !== undefined) {
    const sendAfter = message.askedByCustomer
      ? message.notBefore
      : afterQuietHours(message.notBefore, timing.quietHours, timing.timeZone);
    if (message.sendBefore !== undefined && sendAfter >= message.sendBefore) return undefined;
    await queueBookingMessage(db, { ...base, channel: 'text', recipient: number, body: message.text, sendAfter });
    return 'text';
  }
  if (message.email === undefined || message.email.to === '') return undefined;
  await queueBookingMessage(db, {
    ...base,
    channel: 'email',
    recipient: message.email.to,
    body: message.email.body,
    sendAfter: message.notBefore,
  });
  return 'email';
}
