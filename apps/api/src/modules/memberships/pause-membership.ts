import type { PauseMembershipInput } from '@carcare/contracts/memberships';
import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MembershipEvent } from '../payments/public';
import { billingOf, type ChangeContext, callProvider, lockOwnMembership } from './own-membership';
import { addMonths } from './sandbox-billing';
import { pauseSandboxSubscription } from './sandbox-changes';

/**
 * The member pauses their monthly membership for `months` months (docs/decisions/042): it washes to the end of
 * the paid period, then bills nothing and washes nothing until the pause ends, `months` months after the paid
 * period's end, when billing restarts on its own with a new period. Only an active membership that renews (not a
 * pack, a yearly plan, one already paused or ending) pauses. Answers the sandbox's events to apply.
 */
export async function pauseMembership(
  db: Database,
  customerId: string,
  id: string,
  input: PauseMembershipInput,
  context: ChangeContext,
): Promise<MembershipEvent[]> {
  return db.transaction(async (tx) => {
    const { membership, plan } = await lockOwnMembership(tx, id, customerId);
    if (plan.kind === 'pack') throw new AppError(409, MEMBERSHIP_MESSAGES.packNotPausable);
    if (membership.pausedUntil !== null || membership.status === 'paused') {
      throw new AppError(409, MEMBERSHIP_MESSAGES.alreadyPaused);
    }
    if (membership.status !== 'active' || membership.periodEnd === null) {
      throw new AppError(409, MEMBERSHIP_MESSAGES.notActive);
    }
    if (membership.cancelAtPeriodEnd) throw new AppError(409, MEMBERSHIP_MESSAGES.alreadyEnding);
    if (plan.interval !== 'month') throw new AppError(409, MEMBERSHIP_MESSAGES.yearlyNotPausable);
    const billing = billingOf(membership, context.provider);
    if (!billing) throw new AppError(409, MEMBERSHIP_MESSAGES.notActive);
    const pausedUntil = addMonths(membership.periodEnd, input.months);
    if (billing.by === 'sandbox') return pauseSandboxSubscription(tx, billing.ref, pausedUntil);
    await callProvider(context.log, id, () => billing.calls.pause(billing.ref, pausedUntil));
    // The provider's webhook reports it too; what the member asked for is kept now.
    await tx.update(memberships).set({ pausedUntil, updatedAt: new Date() }).where(eq(memberships.id, id));
    return [];
  });
}
