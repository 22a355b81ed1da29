import type { WaitlistOfferStatus } from '@carcare/contracts/waitlist-constants';
import { and, eq, inArray, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, waitlistEntries, waitlistOffers } from '../../db/schema';

type BookingState = {
  status: (typeof bookings.status.enumValues)[number];
  payment: (typeof bookings.payment.enumValues)[number];
};

/** The statuses of a booking that took its offered time: kept, whatever came of the visit. */
const TAKEN_STATUSES = ['confirm', 'completed', 'no_show'] as const;

/**
 * What an open offer is once its booking is no longer held: taken when it was paid or confirmed, lapsed when it
 * ended unpaid; still open while the booking is pending. Reads use it as `settleOffers` decides it, so that a
 * customer who just paid reads Booked before the next run has written it.
 */
export function offerOutcome(booking: BookingState): WaitlistOfferStatus {
  if (booking.status === 'pending') return 'open';
  return (TAKEN_STATUSES as readonly string[]).includes(booking.status) || booking.payment === 'paid'
    ? 'taken'
    : 'lapsed';
}

/** A claim on an entry older than this, never followed by an offer (its instance stopped), is let go. */
export const CLAIM_TIMEOUT_MS = 5 * 60_000;

/**
 * Decides the open offers whose booking is no longer held: paid (confirmed, or settled in any way) → taken, and
 * the entry booked; ended unpaid (its hold lapsed, its checkout failed) → lapsed, and the entry waits again for
 * other times. Each offer is decided once however many instances run this: the update's row lock makes the
 * second re-read `status = 'open'` and pass it by. Entries claimed by an instance that never made the offer
 * wait again after CLAIM_TIMEOUT_MS.
 */
export async function settleOffers(db: Database, now: Date): Promise<{ taken: number; lapsed: number }> {
  return db.transaction(async (tx) => {
    const decided = await tx
      .update(waitlistOffers)
      .set({
        status: sql`case when ${inArray(bookings.status, [...TAKEN_STATUSES])} or ${bookings.payment} = 'paid' then 'taken' else 'lapsed' end::waitlist_offer_status`,
        decidedAt: now,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.id, waitlistOffers.bookingId),
          eq(waitlistOffers.status, 'open'),
          ne(bookings.status, 'pending'),
        ),
      )
      .returning({ entryId: waitlistOffers.entryId, status: waitlistOffers.status });
    const taken = decided.filter((offer) => offer.status === 'taken').map((offer) => offer.entryId);
    const lapsed = decided.filter((offer) => offer.status === 'lapsed').map((offer) => offer.entryId);
    if (taken.length > 0) {
      await tx
        .update(waitlistEntries)
        .set({ status: 'booked', updatedAt: now })
        .where(inArray(waitlistEntries.id, taken));
    }
    if (lapsed.length > 0) {
      await tx
        .update(waitlistEntries)
        .set({ status: 'waiting', updatedAt: now })
        .where(and(inArray(waitlistEntries.id, lapsed), eq(waitlistEntries.status, 'offered')));
    }
    await tx
      .update(waitlistEntries)
      .set({ status: 'waiting', updatedAt: now })
      .where(
        and(
          eq(waitlistEntries.status, 'offered'),
          lt(waitlistEntries.updatedAt, new Date(now.getTime() - CLAIM_TIMEOUT_MS)),
          notExists(
            tx
              .select({ id: waitlistOffers.id })
              .from(waitlistOffers)
              .where(and(eq(waitlistOffers.entryId, waitlistEntries.id), eq(waitlistOffers.status, 'open'))),
          ),
        ),
      );
    return { taken: taken.length, lapsed: lapsed.length };
  });
}

/** Entries still waiting whose every preferred day has passed: expired, never offered anything again. */
export async function expirePastEntries(db: Database, today: string, now: Date): Promise<number> {
  const expired = await db
    .update(waitlistEntries)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(waitlistEntries.status, 'waiting'),
        sql`not exists (select 1 from waitlist_windows w where w.entry_id = ${waitlistEntries.id} and w.day >= ${today})`,
      ),
    )
    .returning({ id: waitlistEntries.id });
  return expired.length;
}
