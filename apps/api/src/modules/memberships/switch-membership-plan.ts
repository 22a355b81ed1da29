import type { SwitchMembershipPlanInput } from '@carcare/contracts/memberships';
import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships, membershipVehicles, plans, vehicles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MembershipEvent } from '../payments/public';
import { refuseSecondMembership, vehicleWords } from './join-plan';
import { billingOf, type ChangeContext, callProvider, lockOwnMembership } from './own-membership';
import { switchSandboxSubscription } from './sandbox-changes';

/**
 * The member moves an active membership to another membership plan on offer (docs/decisions/042), as a provider
 * prorates it: the unused part of the paid period is credited against the new plan's price, the rest charged
 * now, and a new period of the new plan's interval starts now (its washes counted afresh). A credit larger than
 * the new price is not given back. A card that declines the charge leaves the membership as it was (409).
 * Answers the sandbox's events to apply.
 */
export async function switchMembershipPlan(
  db: Database,
  customerId: string,
  id: string,
  input: SwitchMembershipPlanInput,
  context: ChangeContext,
): Promise<MembershipEvent[]> {
  return db.transaction(async (tx) => {
    const { membership, plan: current } = await lockOwnMembership(tx, id, customerId);
    if (current.kind === 'pack') throw new AppError(409, MEMBERSHIP_MESSAGES.packNotSwitchable);
    if (membership.status === 'paused' || membership.pausedUntil !== null) {
      throw new AppError(409, MEMBERSHIP_MESSAGES.switchWhilePaused);
    }
    if (membership.status !== 'active') throw new AppError(409, MEMBERSHIP_MESSAGES.notActive);
    if (membership.cancelAtPeriodEnd) throw new AppError(409, MEMBERSHIP_MESSAGES.alreadyEnding);
    const [plan] = await tx.select().from(plans).where(eq(plans.id, input.plan));
    if (!plan) throw new AppError(404, MEMBERSHIP_MESSAGES.planNotFound);
    if (plan.retiredAt !== null) throw new AppError(409, MEMBERSHIP_MESSAGES.planRetired);
    if (plan.kind !== 'membership' || plan.interval === null) {
      throw new AppError(409, MEMBERSHIP_MESSAGES.switchToMembership);
    }
    if (plan.id === current.id) throw new AppError(409, MEMBERSHIP_MESSAGES.samePlan);
    const cars = await tx
      .select({ vehicle: vehicles })
      .from(membershipVehicles)
      .innerJoin(vehicles, eq(vehicles.id, membershipVehicles.vehicleId))
      .where(eq(membershipVehicles.membershipId, id))
      .orderBy(membershipVehicles.addedAt);
    if (cars.length > plan.vehicles) throw new AppError(409, MEMBERSHIP_MESSAGES.tooManyVehicles(plan.vehicles));
    await refuseSecondMembership(
      tx,
      plan,
      cars.map((car) => car.vehicle.id),
      id,
    );
    const billing = billingOf(membership, context.provider);
    if (!billing) throw new AppError(409, MEMBERSHIP_MESSAGES.notActive);
    const price = { amountCents: plan.priceCents, interval: plan.interval };
    let events: MembershipEvent[] = [];
    if (billing.by === 'sandbox') {
      const switched = await switchSandboxSubscription(tx, billing.ref, price);
      if (switched.declined) throw new AppError(409, MEMBERSHIP_MESSAGES.switchDeclined);
      events = switched.events;
    } else {
      const description = `${plan.name} for ${cars.map((car) => vehicleWords(car.vehicle)).join(', ')}`;
      const answer = await callProvider(context.log, id, () =>
        billing.calls.switchPrice(billing.ref, { ...price, currency: context.currency, description }),
      );
      if (answer === 'declined') throw new AppError(409, MEMBERSHIP_MESSAGES.switchDeclined);
    }
    await tx.update(memberships).set({ planId: plan.id, updatedAt: new Date() }).where(eq(memberships.id, id));
    return events;
  });
}
