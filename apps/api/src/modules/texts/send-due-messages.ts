import type { MessageKind } from '@carcare/contracts/texts-constants';
import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { bookingMessages, bookings, textOptOuts, users } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import { queueBookingMessage } from './queue-message';
import type { TextProvider } from './text-provider';

/**
 * A claim this old whose message was never finished belongs to an instance that died while sending: another
 * may take it over. Far longer than one send takes, so a live instance is never overtaken.
 */
export const STALE_MESSAGE_CLAIM_MS = 5 * 60_000;

/**
 * The kinds no other email tells: a text of these that fails is emailed instead. The booking's own emails
 * already tell its confirmation, reminder, move and cancellation.
 */
export const EMAILED_WHEN_TEXT_FAILS: ReadonlySet<MessageKind> = new Set(['ready', 'review_request']);

/** The subject of a message sent by email, in the shop's name. */
const SUBJECTS: Record<MessageKind, (shop: string) => string> = {
  confirmation: (shop) => `${shop}: your booking is confirmed`,
  reminder: (shop) => `${shop}: reminder of your booking`,
  moved: (shop) => `${shop}: your booking was moved`,
  cancelled: (shop) => `${shop}: your booking was cancelled`,
  ready: (shop) => `${shop}: your car is ready`,
  waitlist_offer: (shop) => `${shop}: a time you waited for is free`,
  review_request: (shop) => `${shop}: how did we do?`,
};

const PAGE_SIZE = 50;

/** What the sender needs: where texts and emails go, and the shop's name as it is now. */
export type SenderContext = {
  db: Database;
  provider: TextProvider;
  mailer: Mailer;
  shopName: () => string;
  log: FastifyBaseLogger;
};

type Message = typeof bookingMessages.$inferSelect;

/** Due, and nobody has taken it on, or whoever did has not finished in STALE_MESSAGE_CLAIM_MS. */
const claimable = (now: Date) =>
  and(
    lte(bookingMessages.sendAfter, now),
    or(
      eq(bookingMessages.status, 'queued'),
      and(
        eq(bookingMessages.status, 'sending'),
        lte(bookingMessages.claimedAt, new Date(now.getTime() - STALE_MESSAGE_CLAIM_MS)),
      ),
    ),
  );

/**
 * Queues the email of a text that failed, when its kind has no other email and its customer an address: to
 * be sent at once, once (its own row, channel 'email').
 */
export async function emailInsteadOfText(db: Executor, message: Message, now: Date): Promise<boolean> {
  if (!EMAILED_WHEN_TEXT_FAILS.has(message.kind)) return false;
  const [customer] = await db
    .select({ email: users.email })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.customerId))
    .where(eq(bookings.id, message.bookingId));
  if (!customer?.email) return false;
  return queueBookingMessage(db, {
    bookingId: message.bookingId,
    kind: message.kind,
    occasion: message.occasion,
    channel: 'email',
    recipient: customer.email,
    body: message.body,
    sendAfter: now,
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Claims one message with a conditional update (of instances that try at once, exactly one gets the row) and
 * sends it. A text refused by the provider is failed and emailed instead where its kind needs it; a text to a
 * number that texted STOP since it was queued is skipped; an email that could not be sent is given back for
 * the next run.
 */
async function sendOne(context: SenderContext, id: string, now: Date): Promise<boolean> {
  const { db } = context;
  const [message] = await db
    .update(bookingMessages)
    .set({ status: 'sending', claimedAt: now })
    .where(and(eq(bookingMessages.id, id), claimable(now)))
    .returning();
  if (!message) return false;
  const ours = and(
    eq(bookingMessages.id, id),
    eq(bookingMessages.claimedAt, now),
    eq(bookingMessages.status, 'sending'),
  );
  if (message.channel === 'email') {
    try {
      await context.mailer.send({
        to: message.recipient,
        subject: SUBJECTS[message.kind](context.shopName()),
        text: message.body,
      });
    } catch (error) {
      context.log.error({ err: error, messageId: id }, 'could not send a booking email; the next run tries again');
      await db.update(bookingMessages).set({ status: 'queued', claimedAt: null }).where(ours);
      return false;
    }
    await db.update(bookingMessages).set({ status: 'sent', sentAt: now }).where(ours);
    return true;
  }
  const [stopped] = await db.select().from(textOptOuts).where(eq(textOptOuts.phone, message.recipient));
  if (stopped) {
    await db.update(bookingMessages).set({ status: 'skipped', error: 'The number texted STOP' }).where(ours);
    return false;
  }
  let providerId: string;
  try {
    ({ providerId } = await context.provider.send({ to: message.recipient, body: message.body, reference: id }));
  } catch (error) {
    context.log.warn({ err: error, messageId: id }, 'the text provider refused a text');
    await db
      .update(bookingMessages)
      .set({ status: 'failed', error: messageOf(error) })
      .where(ours);
    await emailInsteadOfText(db, message, now);
    return false;
  }
  // A delivery report may have come before this write (it names the message): its status stands.
  await db
    .update(bookingMessages)
    .set({
      status: sql`case when ${bookingMessages.status} = 'sending' then 'sent'::message_status else ${bookingMessages.status} end`,
      sentAt: now,
      providerId,
    })
    .where(and(eq(bookingMessages.id, id), eq(bookingMessages.claimedAt, now)));
  return true;
}

/**
 * The sender: sends every queued message that is due (a text, or an email standing in for one), each once
 * however many instances run it. Returns how many it sent.
 */
export async function sendDueMessages(context: SenderContext, now: Date = new Date()): Promise<number> {
  let sent = 0;
  let after: { sendAfter: Date; id: string } | undefined;
  // Page by due time: a message given up on is not tried again in the same run.
  for (;;) {
    const page = await context.db
      .select({ id: bookingMessages.id, sendAfter: bookingMessages.sendAfter })
      .from(bookingMessages)
      .where(
        and(
          inArray(bookingMessages.status, ['queued', 'sending']),
          claimable(now),
          after &&
            or(
              gt(bookingMessages.sendAfter, after.sendAfter),
              and(eq(bookingMessages.sendAfter, after.sendAfter), gt(bookingMessages.id, after.id)),
            ),
        ),
      )
      .orderBy(asc(bookingMessages.sendAfter), asc(bookingMessages.id))
      .limit(PAGE_SIZE);
    for (const candidate of page) {
      if (await sendOne(context, candidate.id, now)) sent += 1;
    }
    if (page.length < PAGE_SIZE) return sent;
    after = page.at(-1);
  }
}
