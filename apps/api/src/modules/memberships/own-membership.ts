import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { memberships, plans } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from '../payments/public';

/** What a member's change needs: the provider billing the club, the shop's money, time zone and words. */
export type ChangeContext = {
  provider: PaymentProvider;
  currency: string;
  timeZone: string;
  locale: string;
  log: FastifyBaseLogger;
};

/**
 * The member's own membership with its plan, its row locked until the transaction ends, so that the member's
 * changes, the provider's reports and the washes counted against it take turns. Another customer's is not found.
 */
export async function lockOwnMembership(tx: Executor, id: string, customerId: string) {
  const [row] = await tx
    .select({ membership: memberships, plan: plans })
    .from(memberships)
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .where(and(eq(memberships.id, id), eq(memberships.customerId, customerId)))
    .for('update', { of: memberships });
  if (!row) throw new AppError(404, MEMBERSHIP_MESSAGES.notFound);
  return row;
}

/**
 * Who bills a membership's changes: the sandbox's own subscriptions, or the provider's (Stripe) through its
 * calls; undefined for one billed by no one (given by the shop) or not yet started.
 */
export function billingOf(
  membership: { provider: string | null; subscriptionRef: string | null },
  provider: PaymentProvider,
):
  | { by: 'sandbox'; ref: string }
  | { by: 'provider'; ref: string; calls: NonNullable<PaymentProvider['subscriptions']> }
  | undefined {
  const ref = membership.subscriptionRef;
  if (!ref) return undefined;
  if (membership.provider === 'sandbox') return { by: 'sandbox', ref };
  if (membership.provider === provider.name && provider.subscriptions) {
    return { by: 'provider', ref, calls: provider.subscriptions };
  }
  return undefined;
}

/** Calls the provider for a member's change; its failure is logged, and the member told to try again (503). */
export async function callProvider<T>(
  log: FastifyBaseLogger,
  membershipId: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    log.error({ err: error, membershipId }, "the payment provider refused or missed a member's change");
    throw new AppError(503, MEMBERSHIP_MESSAGES.providerUnavailable);
  }
}
