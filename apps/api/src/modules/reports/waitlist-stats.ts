import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookings, waitlistOffers } from '../../db/schema';
import type { ReportPeriod } from './booking-stats';

export type PeriodWaitlist = { bookingsWonBack: number; revenueWonBackCents: number };

/**
 * What the waitlist won back over the period: the freed times its offers sold (taken in it, their bookings
 * not cancelled since) and what those bookings cost.
 */
export async function periodWaitlist(db: Executor, period: ReportPeriod): Promise<PeriodWaitlist> {
  const [won] = await db
    .select({
      count: sql`count(*)`.mapWith(Number),
      cents: sql`coalesce(sum(${bookings.priceCents}), 0)`.mapWith(Number),
    })
    .from(waitlistOffers)
    .innerJoin(bookings, eq(bookings.id, waitlistOffers.bookingId))
    .where(
      and(
        eq(waitlistOffers.status, 'taken'),
        gte(waitlistOffers.decidedAt, period.start),
        lt(waitlistOffers.decidedAt, period.end),
        ne(bookings.status, 'cancel'),
      ),
    );
  return { bookingsWonBack: won?.count ?? 0, revenueWonBackCents: won?.cents ?? 0 };
}
