import { MEMBERSHIP_GRACE_DAYS } from '@carcare/contracts/plans-constants';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { membershipEvents, membershipPayments, memberships, plans } from '../../db/schema';
import type { MembershipEvent, SubscriptionState } from '../payments/public';

const DAY_MS = 86_400_000;

/** What applying a report did: nothing (a repeat, or about no membership of ours), or what changed. */
export type EventOutcome =
  | { applied: false }
  | { applied: true; membershipId: string; paid: boolean; failed: boolean; ended: boolean };

/** The membership's status for the provider's state of its subscription. */
const STATUS_OF: Record<SubscriptionState['status'], 'active' | 'past_due' | 'paused' | 'ended'> = {
  active: 'active',
  past_due: 'past_due',
  paused: 'paused',
  canceled: 'ended',
};

/**
 * Applies one of the provider's reports about a membership, once however often it is delivered (the event's id
 * is kept in the same transaction), and in any order: an invoice's money is recorded by its reference once, and
 * the subscription's state only when newer than the one applied (`providerVersion`). A failed renewal starts the
 * grace period, kept until the membership is paid again; the membership's row lock orders it with its washes.
 */
export async function applyMembershipEvent(
  db: Database,
  provider: string,
  event: MembershipEvent,
  now = new Date(),
): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(membershipEvents)
      .values({ provider, eventId: event.eventId, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: membershipEvents.eventId });
    if (!fresh) return { applied: false };
    const [row] = await tx
      .select({ membership: memberships, kind: plans.kind, validDays: plans.validDays })
      .from(memberships)
      .innerJoin(plans, eq(plans.id, memberships.planId))
      .where(eq(memberships.id, event.membershipId))
      .for('update', { of: memberships });
    if (!row) return { applied: false };
    const { membership } = row;
    let paid = false;
    if (event.invoice?.paid) {
      const [recorded] = await tx
        .insert(membershipPayments)
        .values({
          membershipId: membership.id,
          kind: row.kind === 'pack' ? 'pack' : 'subscription',
          method: 'online',
          amountCents: event.invoice.amountCents,
          provider,
          providerReference: event.invoice.ref,
          periodStart: event.invoice.periodStart,
        })
        .onConflictDoNothing()
        .returning({ id: membershipPayments.id });
      paid = recorded !== undefined;
    }
    // A pack's one payment starts it: valid from then for the plan's days (the provider knows nothing of them).
    if (paid && event.invoice && !event.state && row.kind === 'pack' && membership.status === 'pending') {
      const periodStart = event.invoice.periodStart;
      await tx
        .update(memberships)
        .set({
          status: 'active',
          subscriptionRef: event.invoice.ref,
          periodStart,
          periodEnd: new Date(periodStart.getTime() + (row.validDays ?? 0) * DAY_MS),
          updatedAt: now,
        })
        .where(eq(memberships.id, membership.id));
    }
    const failed = event.invoice !== undefined && !event.invoice.paid;
    const state = event.state;
    const newer = state !== undefined && state.version > membership.providerVersion;
    if (failed || newer) {
      const status = newer ? STATUS_OF[state.status] : membership.status;
      // The grace period runs from the first failure of a past-due spell; being paid ends it.
      const grace =
        status === 'past_due'
          ? (membership.status === 'past_due' && membership.graceUntil) ||
            new Date(now.getTime() + MEMBERSHIP_GRACE_DAYS * DAY_MS)
          : null;
      await tx
        .update(memberships)
        .set({
          failedPayments: failed ? membership.failedPayments + 1 : membership.failedPayments,
          ...(newer
            ? {
                status,
                subscriptionRef: state.subscriptionRef,
                periodStart: state.periodStart,
                periodEnd: state.periodEnd,
                cancelAtPeriodEnd: state.cancelAtPeriodEnd,
                pausedUntil: state.pausedUntil,
                providerVersion: state.version,
                graceUntil: grace,
                endedAt: status === 'ended' ? (membership.endedAt ?? now) : null,
                updatedAt: now,
              }
            : {}),
        })
        .where(eq(memberships.id, membership.id));
    }
    return {
      applied: true,
      membershipId: membership.id,
      paid,
      failed,
      ended: newer && state.status === 'canceled' && membership.status !== 'ended',
    };
  });
}
