import { randomBytes } from 'node:crypto';
import type { PlanInterval } from '@carcare/contracts/plans-constants';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxClock, sandboxSubscriptions } from '../../db/schema';
import type { MembershipEvent, SandboxCardBehaviour, SubscriptionState } from '../payments/public';

/**
 * The sandbox provider's subscriptions, billed on its own clock: the clock runs ahead of the real one by what
 * tests and the demo moved it (`advanceSandboxClock`), and every period that ends on it renews, fails or ends
 * as its test card and its member's choices say, each change reported as the provider's events would be.
 */

export type SandboxSubscription = typeof sandboxSubscriptions.$inferSelect;

/** The most periods one move of the clock bills, per subscription (a year of months, and some). */
const MAX_PERIODS_PER_MOVE = 60;

/** The sandbox's time: the real time plus how far its clock was moved. */
export async function sandboxNow(db: Executor, now = new Date()): Promise<Date> {
  const [clock] = await db
    .select({ offset: sandboxClock.offsetSeconds })
    .from(sandboxClock)
    .where(eq(sandboxClock.id, 1));
  return new Date(now.getTime() + (clock?.offset ?? 0) * 1000);
}

/** `months` months after `from`: the same day of that month, kept at the month's end when shorter. */
export function addMonths(from: Date, months: number): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** One interval after `from`: the same day of the next month (or year), kept at the month's end when shorter. */
export const addInterval = (from: Date, interval: PlanInterval): Date => addMonths(from, interval === 'month' ? 1 : 12);

const stateOf = (subscription: SandboxSubscription): SubscriptionState => ({
  subscriptionRef: subscription.id,
  membershipId: subscription.membershipId,
  status: subscription.status as SubscriptionState['status'],
  periodStart: subscription.periodStart,
  periodEnd: subscription.periodEnd,
  cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  pausedUntil: subscription.pausedUntil,
  version: subscription.version,
});

/** The report of the subscription as it now stands, named by its version (one event per version). */
export const eventOf = (
  subscription: SandboxSubscription,
  type: string,
  invoice?: MembershipEvent['invoice'],
): MembershipEvent => ({
  eventId: `evt_${subscription.id}_${subscription.version}`,
  type,
  membershipId: subscription.membershipId,
  state: stateOf(subscription),
  invoice,
});

export const invoiceOf = (subscription: SandboxSubscription, paid: boolean): MembershipEvent['invoice'] => ({
  ref: `in_${subscription.id}_${subscription.periodStart.getTime()}`,
  amountCents: subscription.amountCents,
  paid,
  periodStart: subscription.periodStart,
});

/** Changes the subscription as the provider would, one version on. */
export async function save(
  db: Executor,
  id: string,
  changes: Partial<SandboxSubscription>,
): Promise<SandboxSubscription> {
  const [saved] = await db
    .update(sandboxSubscriptions)
    .set({ ...changes, version: sql`${sandboxSubscriptions.version} + 1` })
    .where(eq(sandboxSubscriptions.id, id))
    .returning();
  if (!saved) throw new Error(`sandbox subscription ${id} vanished`);
  return saved;
}

/**
 * Starts a subscription for the membership, its first period paid with the test card chosen (on the sandbox's
 * clock); a card that declines starts nothing, as a checkout that is refused.
 */
export async function startSandboxSubscription(
  db: Executor,
  input: { membershipId: string; amountCents: number; interval: PlanInterval; card: SandboxCardBehaviour },
): Promise<MembershipEvent[]> {
  const start = await sandboxNow(db);
  const [subscription] = await db
    .insert(sandboxSubscriptions)
    .values({
      id: `sbx_sub_${randomBytes(12).toString('base64url')}`,
      membershipId: input.membershipId,
      amountCents: input.amountCents,
      interval: input.interval,
      card: input.card,
      status: 'active',
      periodStart: start,
      periodEnd: addInterval(start, input.interval),
    })
    .returning();
  if (!subscription) throw new Error('the sandbox subscription was not kept');
  return [eventOf(subscription, 'invoice.paid', invoiceOf(subscription, true))];
}

export type Billed = { subscription: SandboxSubscription; event: MembershipEvent };

/**
 * Billing starts again after a pause, at `at`: a new period is paid from then (or fails, its card declining, the
 * subscription past due from then until the card is updated).
 */
export async function restartAfterPause(db: Executor, subscription: SandboxSubscription, at: Date): Promise<Billed> {
  if (subscription.card === 'declines') {
    const failed = await save(db, subscription.id, { status: 'past_due', pausedUntil: null, periodEnd: at });
    return { subscription: failed, event: eventOf(failed, 'invoice.payment_failed', invoiceOf(failed, false)) };
  }
  const renewed = await save(db, subscription.id, {
    status: 'active',
    pausedUntil: null,
    periodStart: at,
    periodEnd: addInterval(at, subscription.interval),
  });
  return { subscription: renewed, event: eventOf(renewed, 'invoice.paid', invoiceOf(renewed, true)) };
}

/** When the subscription is next billed: the end of its period, or of its pause while paused. */
const dueAt = (subscription: SandboxSubscription) =>
  subscription.status === 'paused' && subscription.pausedUntil ? subscription.pausedUntil : subscription.periodEnd;

/**
 * Bills one period that ended on the sandbox's clock: renewed, failed (its card declines), or ended (cancelled
 * by the member); a period followed by a pause the member chose pauses instead, billing nothing, and the end of
 * the pause bills the next period. A period that failed already is not tried again until the card is updated.
 */
async function billPeriod(db: Executor, subscription: SandboxSubscription): Promise<Billed | undefined> {
  if (subscription.cancelAtPeriodEnd) {
    const ended = await save(db, subscription.id, { status: 'canceled', pausedUntil: null });
    return { subscription: ended, event: eventOf(ended, 'customer.subscription.deleted') };
  }
  if (subscription.status === 'paused') return restartAfterPause(db, subscription, dueAt(subscription));
  if (subscription.pausedUntil && subscription.status === 'active') {
    const paused = await save(db, subscription.id, { status: 'paused' });
    return { subscription: paused, event: eventOf(paused, 'customer.subscription.paused') };
  }
  if (subscription.card === 'declines') {
    if (subscription.status === 'past_due') return undefined;
    const failed = await save(db, subscription.id, { status: 'past_due' });
    return { subscription: failed, event: eventOf(failed, 'invoice.payment_failed', invoiceOf(failed, false)) };
  }
  const renewed = await save(db, subscription.id, {
    status: 'active',
    periodStart: subscription.periodEnd,
    periodEnd: addInterval(subscription.periodEnd, subscription.interval),
  });
  return { subscription: renewed, event: eventOf(renewed, 'invoice.paid', invoiceOf(renewed, true)) };
}

/**
 * Moves the sandbox's clock forward by `seconds` and bills every period (and pause) that ended on it, in order,
 * as the provider's renewals would: the events to apply, oldest first.
 */
export async function advanceSandboxClock(db: Executor, seconds: number): Promise<MembershipEvent[]> {
  await db
    .update(sandboxClock)
    .set({ offsetSeconds: sql`${sandboxClock.offsetSeconds} + ${Math.round(seconds)}` })
    .where(eq(sandboxClock.id, 1));
  const now = await sandboxNow(db);
  const due = await db
    .select()
    .from(sandboxSubscriptions)
    .where(
      or(
        and(inArray(sandboxSubscriptions.status, ['active', 'past_due']), lte(sandboxSubscriptions.periodEnd, now)),
        and(eq(sandboxSubscriptions.status, 'paused'), lte(sandboxSubscriptions.pausedUntil, now)),
      ),
    )
    .orderBy(asc(sandboxSubscriptions.periodEnd));
  const events: MembershipEvent[] = [];
  for (let subscription of due) {
    for (let period = 0; period < MAX_PERIODS_PER_MOVE && dueAt(subscription) <= now; period += 1) {
      const billed = await billPeriod(db, subscription);
      if (!billed) break;
      events.push(billed.event);
      subscription = billed.subscription;
      if (subscription.status === 'past_due' || subscription.status === 'canceled') break;
    }
  }
  return events;
}

/** The member cancels: the subscription ends with its paid period. */
export async function cancelSandboxSubscription(db: Executor, id: string): Promise<MembershipEvent[]> {
  const cancelled = await save(db, id, { cancelAtPeriodEnd: true });
  return [eventOf(cancelled, 'customer.subscription.updated')];
}

/**
 * The member updates the card on the sandbox's page: a past-due subscription pays its open period with it at
 * once (recovered), and renews with it from then on.
 */
export async function updateSandboxCard(
  db: Executor,
  id: string,
  card: SandboxCardBehaviour,
): Promise<MembershipEvent[]> {
  const [current] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
  if (!current) return [];
  if (current.status !== 'past_due' || card === 'declines') {
    const saved = await save(db, id, { card });
    return [eventOf(saved, 'customer.subscription.updated')];
  }
  const recovered = await save(db, id, {
    card,
    status: 'active',
    periodStart: current.periodEnd,
    periodEnd: addInterval(current.periodEnd, current.interval),
  });
  return [eventOf(recovered, 'invoice.paid', invoiceOf(recovered, true))];
}
