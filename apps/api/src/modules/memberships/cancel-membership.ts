import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MembershipEvent } from '../payments/public';
import { billingOf, type ChangeContext, callProvider, lockOwnMembership } from './own-membership';
import { cancelSandboxSubscription } from './sandbox-billing';

/**
 * The member cancels their membership: nothing more is billed, and it ends with the paid period. Under the
 * membership's row lock, so a second press is told it already ends. A membership given by the shop, billed by no
 * one, simply ends with its period. Answers the sandbox's events to apply.
 */
export async function cancelMembership(
  db: Database,
  customerId: string,
  id: string,
  context: Pick<ChangeContext, 'provider' | 'log'>,
): Promise<MembershipEvent[]> {
  return db.transaction(async (tx) => {
    const { membership, plan } = await lockOwnMembership(tx, id, customerId);
    if (plan.kind !== 'membership' || membership.status === 'ended' || membership.status === 'pending') {
      throw new AppError(409, MEMBERSHIP_MESSAGES.notActive);
    }
    if (membership.cancelAtPeriodEnd) throw new AppError(409, MEMBERSHIP_MESSAGES.alreadyEnding);
    const billing = billingOf(membership, context.provider);
    if (billing?.by === 'sandbox') return cancelSandboxSubscription(tx, billing.ref);
    if (billing) await callProvider(context.log, id, () => billing.calls.cancelAtPeriodEnd(billing.ref));
    // The provider's webhook reports it too; what the member asked for is kept now.
    await tx.update(memberships).set({ cancelAtPeriodEnd: true, updatedAt: new Date() }).where(eq(memberships.id, id));
    return [];
  });
}
