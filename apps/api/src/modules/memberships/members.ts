import type { CompMembershipInput, CounterPackInput, Member } from '@carcare/contracts/memberships';
import { MEMBERSHIP_MESSAGES, type MembershipStatus } from '@carcare/contracts/plans-constants';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import {
  membershipPayments,
  memberships,
  membershipVehicles,
  plans,
  sandboxSubscriptions,
  users,
  vehicles,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from '../payments/public';
import { refuseSecondMembership } from './join-plan';
import { membershipFor, readMemberships } from './membership-reads';
import { addInterval } from './sandbox-billing';

const DAY_MS = 86_400_000;

/**
 * Every membership and pack with its member, newest first, or those of one status (`suspended`: past due with
 * the grace run out, as members read it).
 */
export async function listMembers(
  db: Executor,
  status: MembershipStatus | undefined,
  now = new Date(),
): Promise<Member[]> {
  const stored = status === 'suspended' || status === 'past_due' ? 'past_due' : status;
  const found = await readMemberships(db, stored ? eq(memberships.status, stored) : undefined, now);
  const shown = status ? found.filter((membership) => membership.status === status) : found;
  if (shown.length === 0) return [];
  const people = await db
    .select({
      membershipId: memberships.id,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.customerId))
    .where(
      inArray(
        memberships.id,
        shown.map((membership) => membership._id),
      ),
    );
  const byMembership = new Map(people.map((person) => [person.membershipId, person]));
  return shown.map((membership) => {
    const person = byMembership.get(membership._id);
    return {
      ...membership,
      customer: {
        _id: person?.id ?? '',
        firstName: person?.firstName ?? '',
        lastName: person?.lastName ?? '',
        email: person?.email ?? '',
      },
    };
  });
}

/**
 * The shop gives a customer's cars a plan, billed to no one: active at once for `months` months (a pack: its
 * days). The cars must be the customer's own live ones, as when they join.
 */
/** The plan, the customer and their cars a membership the shop makes is for, checked as joining checks them. */
async function checkedFor(
  tx: Executor,
  input: { customer: string; plan: string; vehicles: readonly string[] },
): Promise<typeof plans.$inferSelect> {
  const [plan] = await tx.select().from(plans).where(eq(plans.id, input.plan));
  if (!plan) throw new AppError(404, MEMBERSHIP_MESSAGES.planNotFound);
  if (plan.retiredAt !== null) throw new AppError(409, MEMBERSHIP_MESSAGES.planRetired);
  const [customer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.customer), eq(users.role, 'user')));
  if (!customer) throw new AppError(404, MEMBERSHIP_MESSAGES.customerNotFound);
  if (input.vehicles.length > plan.vehicles) {
    const message = MEMBERSHIP_MESSAGES.tooManyVehicles(plan.vehicles);
    throw new AppError(400, message, [{ path: 'vehicles', message }]);
  }
  const owned = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(inArray(vehicles.id, [...input.vehicles]), eq(vehicles.customerId, customer.id), isNull(vehicles.archivedAt)),
    );
  if (owned.length !== input.vehicles.length) {
    throw new AppError(400, MEMBERSHIP_MESSAGES.vehicleUnknown, [
      { path: 'vehicles', message: MEMBERSHIP_MESSAGES.vehicleUnknown },
    ]);
  }
  await refuseSecondMembership(tx, plan, input.vehicles);
  return plan;
}

/** A membership the shop makes, active at once over [periodStart, periodEnd), with its cars. */
async function insertActive(
  tx: Executor,
  input: { customer: string; vehicles: readonly string[] },
  values: Omit<typeof memberships.$inferInsert, 'customerId' | 'status'>,
): Promise<string> {
  const [created] = await tx
    .insert(memberships)
    .values({ ...values, customerId: input.customer, status: 'active' })
    .returning({ id: memberships.id });
  if (!created) throw new Error('the membership was not kept');
  await tx
    .insert(membershipVehicles)
    .values(input.vehicles.map((vehicleId) => ({ membershipId: created.id, vehicleId })));
  return created.id;
}

async function memberById(db: Executor, id: string, now: Date): Promise<Member> {
  const [member] = (await listMembers(db, undefined, now)).filter((each) => each._id === id);
  if (!member) throw new Error(`membership ${id} vanished`);
  return member;
}

/**
 * The shop gives a customer's cars a plan, billed to no one: active at once for `months` months (a pack: its
 * days). The cars must be the customer's own live ones, as when they join.
 */
export async function compMembership(db: Database, input: CompMembershipInput, now = new Date()): Promise<Member> {
  const id = await db.transaction(async (tx) => {
    const plan = await checkedFor(tx, input);
    let periodEnd = now;
    if (plan.interval === null) periodEnd = new Date(now.getTime() + (plan.validDays ?? 0) * DAY_MS);
    else for (let month = 0; month < (input.months ?? 1); month += 1) periodEnd = addInterval(periodEnd, 'month');
    // Given for a time: it ends with it, unless the shop gives it again.
    return insertActive(tx, input, {
      planId: plan.id,
      comped: true,
      periodStart: now,
      periodEnd,
      cancelAtPeriodEnd: plan.interval !== null,
    });
  });
  return memberById(db, id, now);
}

/**
 * The counter sells a customer's cars a pack, paid there in cash or by card: active at once for the plan's days,
 * its price in the club's ledger, recorded by the staff member. A membership is joined online (it renews from
 * a card), so the counter sells packs only.
 */
export async function sellPackAtCounter(
  db: Database,
  input: CounterPackInput,
  staffId: string,
  now = new Date(),
): Promise<Member> {
  const id = await db.transaction(async (tx) => {
    const plan = await checkedFor(tx, input);
    if (plan.kind !== 'pack') throw new AppError(409, MEMBERSHIP_MESSAGES.packOnlyAtCounter);
    const created = await insertActive(tx, input, {
      planId: plan.id,
      periodStart: now,
      periodEnd: new Date(now.getTime() + (plan.validDays ?? 0) * DAY_MS),
    });
    await tx.insert(membershipPayments).values({
      membershipId: created,
      kind: 'pack',
      method: input.method,
      amountCents: plan.priceCents,
      periodStart: now,
      recordedBy: staffId,
    });
    return created;
  });
  return memberById(db, id, now);
}

/**
 * The shop ends a membership now: nothing more is billed (the provider's subscription is cancelled at once),
 * and its cars wash under it no more. Bookings it already paid keep their washes.
 */
export async function endMembership(
  db: Database,
  id: string,
  provider: PaymentProvider,
  now = new Date(),
): Promise<Member> {
  const current = await membershipFor(db, id, undefined, now);
  if (!current) throw new AppError(404, MEMBERSHIP_MESSAGES.notFound);
  if (current.status === 'ended') throw new AppError(409, MEMBERSHIP_MESSAGES.alreadyEnded);
  const [row] = await db
    .select({ provider: memberships.provider, ref: memberships.subscriptionRef })
    .from(memberships)
    .where(eq(memberships.id, id));
  if (row?.ref && row.provider === provider.name && provider.subscriptions) {
    await provider.subscriptions.cancelNow(row.ref);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(memberships)
      .set({ status: 'ended', endedAt: now, updatedAt: now })
      .where(and(eq(memberships.id, id), ne(memberships.status, 'ended')));
    if (row?.provider === 'sandbox' && row.ref) {
      await tx.update(sandboxSubscriptions).set({ status: 'canceled' }).where(eq(sandboxSubscriptions.id, row.ref));
    }
  });
  return memberById(db, id, now);
}
