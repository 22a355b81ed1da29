import { formatInstantDay } from '@carcare/contracts/display-format';
import type { ChangeMembershipVehiclesInput } from '@carcare/contracts/memberships';
import { MEMBERSHIP_MESSAGES, MEMBERSHIP_VEHICLE_CHANGE_DAYS } from '@carcare/contracts/plans-constants';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database } from '../../db/client';
import { memberships, membershipVehicles, vehicles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { refuseSecondMembership } from './join-plan';
import { type ChangeContext, lockOwnMembership } from './own-membership';

const DAY_MS = 86_400_000;

/**
 * The member replaces the cars a membership or pack covers with others of their own live ones, up to what the
 * plan covers, at most once in MEMBERSHIP_VEHICLE_CHANGE_DAYS days: the refusal names the day it may change
 * again, in the shop's time zone. Under the customer's lock (as joining) and the membership's row lock (as its
 * washes), so a car still joins a plan once.
 */
export async function changeMembershipVehicles(
  db: Database,
  customerId: string,
  id: string,
  input: ChangeMembershipVehiclesInput,
  context: Pick<ChangeContext, 'timeZone' | 'locale'>,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'customerBookings', customerId);
    const { membership, plan } = await lockOwnMembership(tx, id, customerId);
    if (membership.status === 'ended' || membership.status === 'pending') {
      throw new AppError(409, MEMBERSHIP_MESSAGES.notActive);
    }
    if (input.vehicles.length > plan.vehicles) {
      const message = MEMBERSHIP_MESSAGES.tooManyVehicles(plan.vehicles);
      throw new AppError(400, message, [{ path: 'vehicles', message }]);
    }
    const owned = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(
        and(inArray(vehicles.id, input.vehicles), eq(vehicles.customerId, customerId), isNull(vehicles.archivedAt)),
      );
    if (owned.length !== input.vehicles.length) {
      throw new AppError(400, MEMBERSHIP_MESSAGES.vehicleUnknown, [
        { path: 'vehicles', message: MEMBERSHIP_MESSAGES.vehicleUnknown },
      ]);
    }
    const nextChange =
      membership.vehicleChangedAt &&
      new Date(membership.vehicleChangedAt.getTime() + MEMBERSHIP_VEHICLE_CHANGE_DAYS * DAY_MS);
    if (nextChange && nextChange > now) {
      throw new AppError(
        409,
        MEMBERSHIP_MESSAGES.vehicleChangeTooSoon(formatInstantDay(nextChange, context.timeZone, context.locale)),
      );
    }
    const covered = await tx
      .select({ id: membershipVehicles.vehicleId })
      .from(membershipVehicles)
      .where(eq(membershipVehicles.membershipId, id));
    const same =
      covered.length === input.vehicles.length && covered.every((vehicle) => input.vehicles.includes(vehicle.id));
    if (same) throw new AppError(409, MEMBERSHIP_MESSAGES.vehiclesUnchanged);
    await refuseSecondMembership(tx, plan, input.vehicles, id);
    await tx.delete(membershipVehicles).where(eq(membershipVehicles.membershipId, id));
    await tx.insert(membershipVehicles).values(input.vehicles.map((vehicleId) => ({ membershipId: id, vehicleId })));
    await tx.update(memberships).set({ vehicleChangedAt: now, updatedAt: now }).where(eq(memberships.id, id));
  });
}
