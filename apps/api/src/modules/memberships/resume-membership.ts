import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MembershipEvent } from '../payments/public';
import { billingOf, type ChangeContext, callProvider, lockOwnMembership } from './own-membership';
import { resumeSandboxSubscription } from './sandbox-changes';

/**
 * The member ends a pause early (docs/decisions/042): a pause under way ends now, billing a new period from now
 * (`resumed`); one that has not begun, the paid period still running, is called off and the membership renews
 * as usual (`calledOff`). Answers the sandbox's events to apply.
 */
export async function resumeMembership(
  db: Database,
  customerId: string,
  id: string,
  context: ChangeContext,
): Promise<{ outcome: 'resumed' | 'calledOff'; events: MembershipEvent[] }> {
  return db.transaction(async (tx) => {
    const { membership } = await lockOwnMembership(tx, id, customerId);
    const underWay = membership.status === 'paused';
    if (!underWay && !(membership.status === 'active' && membership.pausedUntil !== null)) {
      throw new AppError(409, MEMBERSHIP_MESSAGES.notPaused);
    }
    const outcome = underWay ? 'resumed' : 'calledOff';
    const billing = billingOf(membership, context.provider);
    if (!billing) throw new AppError(409, MEMBERSHIP_MESSAGES.notPaused);
    if (billing.by === 'sandbox') return { outcome, events: await resumeSandboxSubscription(tx, billing.ref) };
    await callProvider(context.log, id, () => billing.calls.resume(billing.ref, underWay));
    // The provider's webhook reports the new period; that the pause is over is kept now.
    await tx.update(memberships).set({ pausedUntil: null, updatedAt: new Date() }).where(eq(memberships.id, id));
    return { outcome, events: [] };
  });
}
