import type { Membership } from '@carcare/contracts/memberships';
import { siteHref } from '@carcare/contracts/site-routes';
import { normalisePlate } from '@carcare/contracts/vehicles-constants';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberships, membershipVehicles, plans, redemptions, users, vehicles } from '../../db/schema';

type MembershipRow = typeof memberships.$inferSelect;
type PlanRow = typeof plans.$inferSelect;

/** The status a member reads now: past due with its grace run out is suspended until paid. */
export function standingOf(membership: Pick<MembershipRow, 'status' | 'graceUntil'>, now: Date): Membership['status'] {
  if (membership.status === 'past_due' && (!membership.graceUntil || membership.graceUntil <= now)) return 'suspended';
  return membership.status;
}

/** Whether a membership's vehicles wash under it now: in good standing, inside its paid period. */
export const inGoodStanding = (membership: Membership, now: Date) =>
  (membership.status === 'active' || membership.status === 'past_due') &&
  membership.periodEnd !== null &&
  Date.parse(membership.periodEnd) > now.getTime();

export async function readMemberships(db: Executor, where: SQL | undefined, now: Date): Promise<Membership[]> {
  const rows = await db
    .select({
      membership: memberships,
      plan: plans,
      // The washes of its current period (a pack's one period: all of them), given back ones left out.
      used: sql<number>`(select count(*) from ${redemptions} where ${redemptions.membershipId} = ${memberships.id}
        and ${redemptions.periodStart} = ${memberships.periodStart} and ${redemptions.returnedAt} is null)`.mapWith(
        Number,
      ),
    })
    .from(memberships)
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .where(where)
    .orderBy(desc(memberships.createdAt), desc(memberships.id));
  if (rows.length === 0) return [];
  const covered = await db
    .select({ membershipId: membershipVehicles.membershipId, vehicle: vehicles })
    .from(membershipVehicles)
    .innerJoin(vehicles, eq(vehicles.id, membershipVehicles.vehicleId))
    .where(
      inArray(
        membershipVehicles.membershipId,
        rows.map((row) => row.membership.id),
      ),
    )
    .orderBy(membershipVehicles.addedAt);
  return rows.map(({ membership, plan, used }) =>
    toMembershipDto(
      membership,
      plan,
      used,
      covered.filter((row) => row.membershipId === membership.id).map((row) => row.vehicle),
      now,
    ),
  );
}

function toMembershipDto(
  membership: MembershipRow,
  plan: PlanRow,
  used: number,
  covered: Array<typeof vehicles.$inferSelect>,
  now: Date,
): Membership {
  return {
    _id: membership.id,
    plan: {
      _id: plan.id,
      kind: plan.kind,
      name: plan.name,
      price: plan.priceCents / 100,
      interval: plan.interval,
      washes: plan.washes,
      washesPerDay: plan.washesPerDay,
      vehicles: plan.vehicles,
    },
    status: standingOf(membership, now),
    vehicles: covered.map((vehicle) => ({
      _id: vehicle.id,
      make: vehicle.make,
      model: vehicle.model,
      year: vehicle.year,
      plate: vehicle.plate,
      nickname: vehicle.nickname,
    })),
    periodStart: membership.periodStart?.toISOString() ?? null,
    periodEnd: membership.periodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: membership.cancelAtPeriodEnd,
    pausedUntil: membership.pausedUntil?.toISOString() ?? null,
    graceUntil: membership.graceUntil?.toISOString() ?? null,
    failedPayments: membership.failedPayments,
    comped: membership.comped,
    washesUsed: used,
    washesLeft: plan.washes === null ? null : Math.max(0, plan.washes - used),
    cardUpdateUrl:
      // Through our door to the provider's page (the sandbox's own, or Stripe's customer portal).
      membership.status === 'past_due' && membership.subscriptionRef && membership.checkoutSessionId
        ? siteHref('clubCheckout', { session: membership.checkoutSessionId })
        : null,
    createdAt: membership.createdAt.toISOString(),
    endedAt: membership.endedAt?.toISOString() ?? null,
  };
}

/** The customer's memberships and packs, newest first: those that ended too, as their history. */
export function membershipsOf(db: Executor, customerId: string, now = new Date()): Promise<Membership[]> {
  return readMemberships(db, eq(memberships.customerId, customerId), now);
}

/** One membership, if it is the customer's own (or any, for the shop: `customerId` undefined). */
export async function membershipFor(
  db: Executor,
  id: string,
  customerId: string | undefined,
  now = new Date(),
): Promise<Membership | undefined> {
  const [found] = await readMemberships(
    db,
    and(eq(memberships.id, id), customerId === undefined ? undefined : eq(memberships.customerId, customerId)),
    now,
  );
  return found;
}

/**
 * What the counter sees for a typed plate: the membership or pack in good standing of a live vehicle with that
 * plate (the one with the most washes left, unlimited first), or the newest one that is not, or none.
 */
export async function lookupPlate(db: Executor, typed: string, now = new Date()) {
  const plate = normalisePlate(typed) ?? typed.trim().toUpperCase();
  const holders = await db
    .select({ membershipId: membershipVehicles.membershipId, firstName: users.firstName, lastName: users.lastName })
    .from(vehicles)
    .innerJoin(membershipVehicles, eq(membershipVehicles.vehicleId, vehicles.id))
    .innerJoin(memberships, eq(memberships.id, membershipVehicles.membershipId))
    .innerJoin(users, eq(users.id, memberships.customerId))
    .where(and(eq(vehicles.plate, plate), isNull(vehicles.archivedAt)));
  if (holders.length === 0) return { plate, member: false, membership: null };
  const found = await readMemberships(
    db,
    inArray(
      memberships.id,
      holders.map((holder) => holder.membershipId),
    ),
    now,
  );
  const good = found
    .filter((membership) => inGoodStanding(membership, now) && membership.washesLeft !== 0)
    .sort((a, b) => (b.washesLeft ?? Number.MAX_SAFE_INTEGER) - (a.washesLeft ?? Number.MAX_SAFE_INTEGER));
  const chosen = good[0] ?? found[0];
  if (!chosen) return { plate, member: false, membership: null };
  const holder = holders.find((row) => row.membershipId === chosen._id);
  return {
    plate,
    member: good.length > 0,
    membership: { ...chosen, customer: { firstName: holder?.firstName ?? '', lastName: holder?.lastName ?? '' } },
  };
}
