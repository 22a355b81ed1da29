import type { MessageStatus } from '@carcare/contracts/texts-constants';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookingMessages } from '../../db/schema';
import { emailInsteadOfText } from './send-due-messages';

/** Twilio's MessageStatus as our statuses; the in-between ones (queued, sending, accepted) change nothing. */
const REPORTED: Record<string, { status: MessageStatus; from: MessageStatus[] }> = {
  sent: { status: 'sent', from: ['sending'] },
  delivered: { status: 'delivered', from: ['sending', 'sent'] },
  undelivered: { status: 'failed', from: ['sending', 'sent'] },
  failed: { status: 'failed', from: ['sending', 'sent'] },
};

/**
 * Applies the provider's report on a text it was given: sent, delivered, or failed (undelivered too). The text
 * is the one with the provider's id, or the one the report names (`messageId`, from the callback's address)
 * whose provider id is not stored yet: a report may come before the sender has written it. A report never
 * takes a text back (a late "sent" after "delivered" is ignored); a text that failed is emailed instead where
 * its kind has no other email, once. Answers whether the report changed a text.
 */
export async function applyDeliveryReport(
  db: Database,
  report: { providerId: string; messageId?: string; status: string; errorCode?: string },
  now: Date = new Date(),
): Promise<boolean> {
  const change = REPORTED[report.status];
  if (!change) return false;
  return db.transaction(async (tx) => {
    const [message] = await tx
      .update(bookingMessages)
      .set({
        status: change.status,
        ...(change.status === 'failed' && {
          error: `The text was ${report.status}${report.errorCode ? ` (error ${report.errorCode})` : ''}`,
        }),
      })
      .where(
        and(
          report.messageId === undefined
            ? eq(bookingMessages.providerId, report.providerId)
            : and(
                eq(bookingMessages.id, report.messageId),
                or(eq(bookingMessages.providerId, report.providerId), isNull(bookingMessages.providerId)),
              ),
          eq(bookingMessages.channel, 'text'),
          inArray(bookingMessages.status, change.from),
        ),
      )
      .returning();
    if (!message) return false;
    if (change.status === 'failed') await emailInsteadOfText(tx, message, now);
    return true;
  });
}
