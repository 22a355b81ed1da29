import type { JoinPlanInput, Membership } from '@carcare/contracts/memberships';
import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { siteHref } from '@carcare/contracts/site-routes';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import { memberships, membershipVehicles, plans, vehicles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from '../payments/public';
import { membershipFor } from './membership-reads';

type JoinContext = { provider: PaymentProvider; currency: string; publicUrl: string; log: FastifyBaseLogger };

/** A vehicle's words on the checkout: "2021 Toyota RAV4 (AB12CD)". */
export const vehicleWords = (vehicle: typeof vehicles.$inferSelect) =>
  `${[vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ')}${vehicle.plate ? ` (${vehicle.plate})` : ''}`;

/**
 * Refuses a car a second membership of a plan while its first has not ended (a pack may be bought again: its
 * washes add up). `except`: the membership the cars move within (a member changing its cars or its plan).
 */
export async function refuseSecondMembership(
  tx: Executor,
  plan: { id: string; kind: 'membership' | 'pack' },
  vehicleIds: readonly string[],
  except?: string,
): Promise<void> {
  if (plan.kind !== 'membership') return;
  const [taken] = await tx
    .select({ id: memberships.id })
    .from(membershipVehicles)
    .innerJoin(memberships, eq(memberships.id, membershipVehicles.membershipId))
    .where(
      and(
        inArray(membershipVehicles.vehicleId, [...vehicleIds]),
        eq(memberships.planId, plan.id),
        ne(memberships.status, 'ended'),
        ne(memberships.status, 'pending'),
        except === undefined ? undefined : ne(memberships.id, except),
      ),
    )
    .limit(1);
  if (taken) throw new AppError(409, MEMBERSHIP_MESSAGES.alreadyMember);
}

/**
 * Starts the customer's membership of a plan (or purchase of a pack) for their vehicles, and opens the provider's
 * checkout that pays it: a subscription for a membership, one payment for a pack. The membership waits
 * (`pending`) until the provider reports it paid. Under the customer's lock, a vehicle joins a plan once: a
 * second membership of the same plan for it is refused while the first has not ended.
 */
export async function joinPlan(
  db: Database,
  customer: { id: string; email: string | null },
  input: JoinPlanInput,
  context: JoinContext,
): Promise<{ membership: Membership; paymentUrl: string }> {
  const { id, plan, description } = await db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'customerBookings', customer.id);
    const [plan] = await tx.select().from(plans).where(eq(plans.id, input.plan));
    if (!plan) throw new AppError(404, MEMBERSHIP_MESSAGES.planNotFound);
    if (plan.retiredAt !== null) throw new AppError(409, MEMBERSHIP_MESSAGES.planRetired);
    if (input.vehicles.length > plan.vehicles) {
      throw new AppError(400, MEMBERSHIP_MESSAGES.tooManyVehicles(plan.vehicles), [
        { path: 'vehicles', message: MEMBERSHIP_MESSAGES.tooManyVehicles(plan.vehicles) },
      ]);
    }
    const owned = await tx
      .select()
      .from(vehicles)
      .where(
        and(inArray(vehicles.id, input.vehicles), eq(vehicles.customerId, customer.id), isNull(vehicles.archivedAt)),
      );
    if (owned.length !== input.vehicles.length) {
      throw new AppError(400, MEMBERSHIP_MESSAGES.vehicleUnknown, [
        { path: 'vehicles', message: MEMBERSHIP_MESSAGES.vehicleUnknown },
      ]);
    }
    await refuseSecondMembership(tx, plan, input.vehicles);
    const [created] = await tx
      .insert(memberships)
      .values({ planId: plan.id, customerId: customer.id, provider: context.provider.name })
      .returning({ id: memberships.id });
    if (!created) throw new Error('the membership was not kept');
    await tx
      .insert(membershipVehicles)
      .values(input.vehicles.map((vehicleId) => ({ membershipId: created.id, vehicleId })));
    const cars = input.vehicles
      .map((vehicleId) => owned.find((vehicle) => vehicle.id === vehicleId))
      .flatMap((vehicle) => (vehicle ? [vehicleWords(vehicle)] : []));
    return { id: created.id, plan, description: `${plan.name} for ${cars.join(', ')}` };
  });

  let session: { sessionId: string; url: string };
  try {
    session = await context.provider.createMembershipCheckout({
      membershipId: id,
      customerId: customer.id,
      customerEmail: customer.email ?? undefined,
      amountCents: plan.priceCents,
      currency: context.currency,
      interval: plan.interval,
      description,
      returnUrl: `${context.publicUrl}${siteHref('userMembership', {})}`,
    });
  } catch (error) {
    context.log.error({ err: error, membershipId: id }, 'could not open a membership checkout');
    await db.update(memberships).set({ status: 'ended', endedAt: new Date() }).where(eq(memberships.id, id));
    throw new AppError(503, MEMBERSHIP_MESSAGES.providerUnavailable);
  }
  await db.update(memberships).set({ checkoutSessionId: session.sessionId }).where(eq(memberships.id, id));
  const membership = await membershipFor(db, id, customer.id);
  if (!membership) throw new Error(`membership ${id} vanished`);
  return { membership, paymentUrl: session.url };
}
