import type { PlanInterval } from '@carcare/contracts/plans-constants';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxSubscriptions } from '../../db/schema';
import type { MembershipEvent } from '../payments/public';
import { addInterval, eventOf, restartAfterPause, type SandboxSubscription, sandboxNow, save } from './sandbox-billing';

/**
 * The member's changes to a sandbox subscription, as a provider makes them: each answers the events it makes,
 * applied at once by the caller.
 */

async function current(db: Executor, id: string): Promise<SandboxSubscription> {
  const [found] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
  if (!found) throw new Error(`sandbox subscription ${id} vanished`);
  return found;
}

/** The member pauses: the paid period runs out, nothing is billed until `pausedUntil`, then billing restarts. */
export async function pauseSandboxSubscription(
  db: Executor,
  id: string,
  pausedUntil: Date,
): Promise<MembershipEvent[]> {
  const scheduled = await save(db, id, { pausedUntil });
  return [eventOf(scheduled, 'customer.subscription.updated')];
}

/**
 * The member ends a pause early: one under way bills a new period from the sandbox's now; one that has not begun
 * (the paid period still runs) is called off, and the subscription renews as usual.
 */
export async function resumeSandboxSubscription(db: Executor, id: string): Promise<MembershipEvent[]> {
  const subscription = await current(db, id);
  if (subscription.status === 'paused') {
    const { event } = await restartAfterPause(db, subscription, await sandboxNow(db));
    return [event];
  }
  const calledOff = await save(db, id, { pausedUntil: null });
  return [eventOf(calledOff, 'customer.subscription.updated')];
}

/**
 * What switching costs at `at`, in cents, as a provider prorates it: the new price, less the unused part of the
 * current period's price. A credit larger than the new price is not given back (a provider would keep it as a
 * balance against later invoices; the sandbox keeps none).
 */
export function proratedCharge(input: {
  currentCents: number;
  newCents: number;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}): number {
  const length = input.periodEnd.getTime() - input.periodStart.getTime();
  const unused = Math.min(Math.max(input.periodEnd.getTime() - input.at.getTime(), 0), length);
  const credit = length > 0 ? Math.round((input.currentCents * unused) / length) : 0;
  return Math.max(input.newCents - credit, 0);
}

/**
 * The member switches plans: the subscription bills the new price and interval, its period restarting now (on
 * the sandbox's clock), and the prorated charge is paid at once with its test card. A card that declines
 * refuses the switch, and nothing changes (`declined`).
 */
export async function switchSandboxSubscription(
  db: Executor,
  id: string,
  price: { amountCents: number; interval: PlanInterval },
): Promise<{ declined: true } | { declined: false; events: MembershipEvent[] }> {
  const subscription = await current(db, id);
  const at = await sandboxNow(db);
  const charge = proratedCharge({
    currentCents: subscription.amountCents,
    newCents: price.amountCents,
    periodStart: subscription.periodStart,
    periodEnd: subscription.periodEnd,
    at,
  });
  if (charge > 0 && subscription.card === 'declines') return { declined: true };
  const switched = await save(db, id, {
    amountCents: price.amountCents,
    interval: price.interval,
    periodStart: at,
    periodEnd: addInterval(at, price.interval),
  });
  const invoice =
    charge > 0
      ? { ref: `in_${switched.id}_${at.getTime()}`, amountCents: charge, paid: true, periodStart: at }
      : undefined;
  return { declined: false, events: [eventOf(switched, 'customer.subscription.updated', invoice)] };
}
