import { WAITLIST_LEFT_REASON, WAITLIST_MESSAGES } from '@carcare/contracts/waitlist-constants';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { bookings, waitlistEntries, waitlistOffers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { endHolds } from '../bookings/public';
import type { PaymentProvider } from '../payments/public';
import { LIVE_STATUSES } from './live-statuses';

/**
 * The customer leaves the waitlist: the entry is left, and an open offer whose time is still only held is
 * withdrawn and its hold ended (the time is freed for the next entry) in the same transaction. A time the
 * customer paid for meanwhile stays booked: the offer is decided as taken by the next match. Another
 * customer's entry is answered as not found; one no longer live is refused.
 */
export async function leaveWaitlist(
  db: Database,
  customerId: string,
  entryId: string,
  context: { provider: PaymentProvider; log: FastifyBaseLogger; now: Date },
): Promise<{ freedTime: boolean }> {
  const freed = await endHolds(
    db,
    context.provider,
    context.log,
    async (tx) => {
      const [entry] = await tx
        .select({ status: waitlistEntries.status })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.customerId, customerId)))
        .for('update');
      // Thrown, a refusal rolls the transaction back: nothing was written.
      if (!entry) throw new AppError(404, WAITLIST_MESSAGES.notFound);
      if (!(LIVE_STATUSES as readonly string[]).includes(entry.status)) {
        throw new AppError(409, WAITLIST_MESSAGES.notActive);
      }
      await tx
        .update(waitlistEntries)
        .set({ status: 'left', updatedAt: context.now })
        .where(eq(waitlistEntries.id, entryId));
      // The open offer whose booking is still only held (locked, so a payment waits for this to end).
      const held = await tx
        .select({ offerId: waitlistOffers.id, bookingId: waitlistOffers.bookingId })
        .from(waitlistOffers)
        .innerJoin(bookings, eq(bookings.id, waitlistOffers.bookingId))
        .where(
          and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, 'open'), eq(bookings.status, 'pending')),
        )
        .for('update');
      if (held.length === 0) return [];
      await tx
        .update(waitlistOffers)
        .set({ status: 'withdrawn', decidedAt: context.now })
        .where(
          inArray(
            waitlistOffers.id,
            held.map((offer) => offer.offerId),
          ),
        );
      return held.map((offer) => offer.bookingId);
    },
    WAITLIST_LEFT_REASON,
  );
  return { freedTime: freed > 0 };
}
