import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { and, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { violates } from '../../db/errors';
import { memberships, membershipVehicles, planAddOns, planServices, plans, redemptions } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** What a member's plan pays of a job: the service, and the add-ons it covers; the rest is paid as usual. */
export type Coverage = {
  membershipId: string;
  planName: string;
  /** The job's add-ons the plan covers. */
  addOnIds: ReadonlySet<string>;
};

/**
 * The membership or pack of the customer that pays for a job of `serviceId` on their vehicle: in good standing
 * (active, or past due inside its grace), inside its paid period, covering the vehicle and the service, with a
 * wash left this period (unlimited first, then the most left). Undefined when none does: the job is paid as
 * usual. A read: the wash is counted with the booking, under the membership's lock (`washRefusal`).
 */
export async function coverageFor(
  db: Executor,
  job: { customerId: string; vehicleId: string; serviceId: string; addOnIds: readonly string[]; now: Date },
): Promise<Coverage | undefined> {
  const used = sql<number>`(select count(*) from ${redemptions} where ${redemptions.membershipId} = ${memberships.id}
    and ${redemptions.periodStart} = ${memberships.periodStart} and ${redemptions.returnedAt} is null)`.mapWith(Number);
  const candidates = await db
    .select({ id: memberships.id, planId: plans.id, planName: plans.name, washes: plans.washes, used })
    .from(memberships)
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .innerJoin(
      membershipVehicles,
      and(eq(membershipVehicles.membershipId, memberships.id), eq(membershipVehicles.vehicleId, job.vehicleId)),
    )
    .innerJoin(planServices, and(eq(planServices.planId, plans.id), eq(planServices.serviceId, job.serviceId)))
    .where(
      and(
        eq(memberships.customerId, job.customerId),
        isNotNull(memberships.periodStart),
        gt(memberships.periodEnd, job.now),
        or(
          eq(memberships.status, 'active'),
          and(eq(memberships.status, 'past_due'), gt(memberships.graceUntil, job.now)),
        ),
      ),
    );
  const [best] = candidates
    .filter((candidate) => candidate.washes === null || candidate.used < candidate.washes)
    .sort(
      (a, b) => (b.washes === null ? Infinity : b.washes - b.used) - (a.washes === null ? Infinity : a.washes - a.used),
    );
  if (!best) return undefined;
  const covered =
    job.addOnIds.length === 0
      ? []
      : await db
          .select({ id: planAddOns.addOnId })
          .from(planAddOns)
          .where(and(eq(planAddOns.planId, best.planId), inArray(planAddOns.addOnId, [...job.addOnIds])));
  return { membershipId: best.id, planName: best.planName, addOnIds: new Set(covered.map((row) => row.id)) };
}

/** The refusals of the database's count of washes (trigger redemption_within_caps), in the member's words. */
const CAP_REFUSALS = [
  ['redemptions_period_cap', MEMBERSHIP_MESSAGES.noWashesLeft],
  ['redemptions_day_cap', MEMBERSHIP_MESSAGES.dayWashUsed],
  ['redemptions_good_standing', MEMBERSHIP_MESSAGES.notInGoodStanding],
] as const;

/**
 * A wash refused by the database's count of washes, in the member's words: the trigger redemption_within_caps
 * judges the caps under the membership's row lock as a booking's wash is counted with it, so of two bookings for
 * the last wash one is refused (409), and the booking with it. Undefined for any other error.
 */
export function washRefusal(error: unknown): AppError | undefined {
  const refusal = CAP_REFUSALS.find(([constraint]) => violates(error, constraint));
  return refusal ? new AppError(409, refusal[1]) : undefined;
}
