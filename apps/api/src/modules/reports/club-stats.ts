import { and, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { membershipEvents, membershipPayments, memberships, plans, redemptions } from '../../db/schema';
import type { ReportPeriod } from './booking-stats';

export type PeriodClub = {
  recurringCents: number;
  activeMembers: number;
  newMembers: number;
  cancelledMembers: number;
  failedPayments: number;
  washesUsed: number;
  collectedCents: number;
};

/**
 * The wash club over the period: what the memberships live at its end bill a month (a year's price counts a
 * twelfth; given ones bill nothing) and how many there are; memberships that started (first paid) and ended in
 * it; renewals that failed; washes used (given back ones left out); and the club's money collected (its ledger).
 */
export async function periodClub(db: Executor, period: ReportPeriod): Promise<PeriodClub> {
  const liveAtEnd = and(
    isNotNull(memberships.periodStart),
    lt(memberships.createdAt, period.end),
    or(isNull(memberships.endedAt), gte(memberships.endedAt, period.end)),
    eq(plans.kind, 'membership'),
  );
  const monthly = sql`case when ${plans.interval} = 'year' then ${plans.priceCents} / 12.0 else ${plans.priceCents} end`;
  const [[live], [started], [ended], [failed], [washes], [money]] = await Promise.all([
    db
      .select({
        members: sql`count(*)`.mapWith(Number),
        recurring: sql`coalesce(sum(${monthly}) filter (where not ${memberships.comped}), 0)`.mapWith(Number),
      })
      .from(memberships)
      .innerJoin(plans, eq(plans.id, memberships.planId))
      .where(liveAtEnd),
    db
      .select({ count: sql`count(*)`.mapWith(Number) })
      .from(memberships)
      .where(
        and(
          isNotNull(memberships.periodStart),
          gte(memberships.createdAt, period.start),
          lt(memberships.createdAt, period.end),
        ),
      ),
    db
      .select({ count: sql`count(*)`.mapWith(Number) })
      .from(memberships)
      .where(
        and(
          isNotNull(memberships.periodStart),
          gte(memberships.endedAt, period.start),
          lt(memberships.endedAt, period.end),
        ),
      ),
    db
      .select({ count: sql`count(*)`.mapWith(Number) })
      .from(membershipEvents)
      .where(
        and(
          inArray(membershipEvents.type, ['invoice.payment_failed']),
          gte(membershipEvents.appliedAt, period.start),
          lt(membershipEvents.appliedAt, period.end),
        ),
      ),
    db
      .select({ count: sql`count(*)`.mapWith(Number) })
      .from(redemptions)
      .where(
        and(
          isNull(redemptions.returnedAt),
          gte(redemptions.createdAt, period.start),
          lt(redemptions.createdAt, period.end),
        ),
      ),
    db
      .select({ cents: sql`coalesce(sum(${membershipPayments.amountCents}), 0)`.mapWith(Number) })
      .from(membershipPayments)
      .where(and(gte(membershipPayments.createdAt, period.start), lt(membershipPayments.createdAt, period.end))),
  ]);
  return {
    recurringCents: Math.round(live?.recurring ?? 0),
    activeMembers: live?.members ?? 0,
    newMembers: started?.count ?? 0,
    cancelledMembers: ended?.count ?? 0,
    failedPayments: failed?.count ?? 0,
    washesUsed: washes?.count ?? 0,
    collectedCents: money?.cents ?? 0,
  };
}
