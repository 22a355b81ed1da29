import type { Quote, QuoteInput } from '@carcare/contracts/quotes';
import { QUOTE_MESSAGES } from '@carcare/contracts/quotes-constants';
import { and, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../../db/client';
import { slots } from '../../../db/schema';
import { coverageFor } from '../../memberships/public';
import { addOnMinutes, coveredLines, linesOf, priceJob, slotMinutes } from './price-job';

/**
 * What a booking would cost and how long its job would take, priced as `POST /api/bookings` would price it.
 * With a slot of the service, a class without a duration of its own takes the slot's length, as the booking
 * would; otherwise the service's duration.
 */
export async function quoteBooking(
  db: Executor,
  customerId: string | null,
  input: QuoteInput,
): Promise<Omit<Quote, 'currency'>> {
  const [job, slot] = await Promise.all([
    priceJob(db, input.service, customerId, {
      vehicleId: input.vehicle,
      vehicleClassId: input.vehicleClass,
      addOnIds: input.addOns,
    }),
    input.slot === undefined
      ? undefined
      : db
          .select({ startsAt: slots.startsAt, endsAt: slots.endsAt })
          .from(slots)
          .where(and(eq(slots.id, input.slot), eq(slots.serviceId, input.service)))
          .then(([found]) => found),
  ]);
  const baseMinutes = slot ? slotMinutes(slot) : job.service.baseMinutes;
  // The signed-in member's car: what their plan covers is priced at nothing, as the booking would be.
  const coverage =
    customerId !== null && job.vehicle
      ? await coverageFor(db, {
          customerId,
          vehicleId: job.vehicle.id,
          serviceId: input.service,
          addOnIds: job.addOns.map((addOn) => addOn.id),
          now: new Date(),
        })
      : undefined;
  const priceList = linesOf(job, job.service.classMinutes ?? baseMinutes);
  const lines = coverage ? coveredLines(priceList, coverage) : priceList;
  const totalCents = lines.reduce((total, line) => total + line.priceCents, 0);
  return {
    lines: lines.map((line) => ({
      kind: line.kind,
      addOn: line.addOnId,
      name: line.name,
      price: line.priceCents / 100,
      minutes: line.minutes,
    })),
    total: totalCents / 100,
    duration: (job.service.classMinutes ?? baseMinutes) + addOnMinutes(job),
    vehicleClass: job.vehicleClass ? { _id: job.vehicleClass.id, name: job.vehicleClass.name } : null,
    membership: coverage ? { _id: coverage.membershipId, name: coverage.planName } : null,
  };
}

/** How many priced jobs a quote memo keeps: every service × class × a few add-on choices of a large shop. */
const MEMO_ENTRIES = 10_000;

/** The quote's answer, ready to send: the JSON text of `{ success, message, data }`. */
const answerText = (quote: Omit<Quote, 'currency'>, currency: string) =>
  JSON.stringify({ success: true, message: QUOTE_MESSAGES.quoted, data: { ...quote, currency } });

/**
 * The answers of quotes of jobs that name no vehicle, kept as public reads are (decision 010): an entry answers
 * while no write to the catalogue (`version`, the response cache's count of writes to its tag) has come since
 * it was priced, here or, through the broadcast, on another instance, and no longer than `maxAgeMs` (the bound
 * on a lost broadcast). It keeps the answer's text, so a repeated quote costs no query and no serialising. A
 * quote of a vehicle is always priced afresh: it reads the customer's garage.
 */
export function quoteMemo(options: { maxAgeMs: number; version: () => number }) {
  const enabled = options.maxAgeMs > 0;
  const entries = new LRUCache<string, { version: number; text: string }>({
    max: MEMO_ENTRIES,
    ttl: enabled ? options.maxAgeMs : 0,
  });
  return async (db: Executor, customerId: string | null, input: QuoteInput, currency: string): Promise<string> => {
    if (!enabled || input.vehicle !== undefined) return answerText(await quoteBooking(db, customerId, input), currency);
    const key = JSON.stringify([
      input.service,
      input.slot ?? null,
      input.vehicleClass ?? null,
      input.addOns ?? [],
      currency,
    ]);
    const version = options.version();
    const kept = entries.get(key);
    if (kept && kept.version === version) return kept.text;
    const text = answerText(await quoteBooking(db, customerId, input), currency);
    entries.set(key, { version, text });
    return text;
  };
}
