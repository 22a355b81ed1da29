import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { bookings, services, slots, users, waitlistEntries, waitlistOffers, waitlistWindows } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { businessDate, timeToMinutes } from '../../lib/business-time';
import type { ShopState } from '../../plugins/shop-state';
import { createBooking, endHolds, jobSpanOf } from '../bookings/public';
import type { PaymentProvider } from '../payments/public';
import { listAvailability } from '../slots/public';
import type { OfferNotice } from './notify-offer';
import { expirePastEntries, settleOffers } from './settle-offers';

/** The most entries one run considers, oldest first: the rest wait for the next run. */
const ENTRIES_PER_RUN = 200;

export type MatchContext = {
  provider: PaymentProvider;
  /** The site's own address, where an offer's checkout is opened. */
  publicUrl: string;
  /** How long an offered time is held for its customer. */
  offerMinutes: number;
  shop: ShopState;
  log: FastifyBaseLogger;
  /** Tells the customer of an offer once it is made (`notifyOffer`); its failure is logged, the offer stands. */
  notify: (offer: OfferNotice) => Promise<void>;
};

/** An offer made by a run. */
export type MadeOffer = { entryId: string; bookingId: string; startsAt: Date; expiresAt: Date };

export type MatchOutcome = { taken: number; lapsed: number; expired: number; offered: MadeOffer[] };

type Window = { day: string; fromMinute: number; toMinute: number };

type Candidate = {
  id: string;
  customerId: string;
  serviceId: string;
  vehicleId: string | null;
  vehicleClassId: string | null;
  addOnIds: string[];
  windows: Window[];
};

/** Waiting entries with a preferred day from today to the horizon, oldest first, each with those windows. */
async function waitingEntries(db: Database, today: string, lastDate: string): Promise<Candidate[]> {
  const rows = await db
    .select({
      id: waitlistEntries.id,
      customerId: waitlistEntries.customerId,
      serviceId: waitlistEntries.serviceId,
      vehicleId: waitlistEntries.vehicleId,
      vehicleClassId: waitlistEntries.vehicleClassId,
      addOnIds: waitlistEntries.addOnIds,
      day: waitlistWindows.day,
      fromMinute: waitlistWindows.fromMinute,
      toMinute: waitlistWindows.toMinute,
    })
    .from(waitlistEntries)
    .innerJoin(waitlistWindows, eq(waitlistWindows.entryId, waitlistEntries.id))
    .innerJoin(services, and(eq(services.id, waitlistEntries.serviceId), eq(services.isDeleted, false)))
    .where(
      and(eq(waitlistEntries.status, 'waiting'), gte(waitlistWindows.day, today), lte(waitlistWindows.day, lastDate)),
    )
    .orderBy(
      asc(waitlistEntries.createdAt),
      asc(waitlistEntries.id),
      asc(waitlistWindows.day),
      asc(waitlistWindows.fromMinute),
    );
  const entries = new Map<string, Candidate>();
  for (const row of rows) {
    const { day, fromMinute, toMinute, ...entry } = row;
    const known = entries.get(row.id) ?? { ...entry, windows: [] };
    known.windows.push({ day, fromMinute, toMinute });
    entries.set(row.id, known);
    if (entries.size > ENTRIES_PER_RUN) break;
  }
  return [...entries.values()].slice(0, ENTRIES_PER_RUN);
}

/**
 * The free times in the entry's windows a customer may book now (the slots' own reads: never a closed time, a
 * past one or one inside the minimum notice), soonest first, leaving out the times it was offered before.
 */
async function freeTimesFor(
  db: Database,
  entry: Candidate,
  shop: ShopState,
  now: Date,
): Promise<Array<{ slotId: string; startsAt: Date }>> {
  const job = await jobSpanOf(db, entry.serviceId, {
    vehicleId: entry.vehicleId ?? undefined,
    vehicleClassId: entry.vehicleClassId ?? undefined,
    addOnIds: entry.addOnIds,
  });
  const slotIds: string[] = [];
  for (const window of entry.windows) {
    const times = await listAvailability(db, shop, entry.serviceId, window.day, now, job);
    for (const time of times) {
      const minute = timeToMinutes(time.startTime);
      if (time.isBooked === 'available' && minute >= window.fromMinute && minute < window.toMinute) {
        slotIds.push(time._id);
      }
    }
  }
  if (slotIds.length === 0) return [];
  const [starts, offeredBefore] = await Promise.all([
    db
      .select({ slotId: slots.id, startsAt: slots.startsAt })
      .from(slots)
      .where(inArray(slots.id, slotIds))
      .orderBy(asc(slots.startsAt)),
    db.select({ startsAt: waitlistOffers.startsAt }).from(waitlistOffers).where(eq(waitlistOffers.entryId, entry.id)),
  ]);
  const before = new Set(offeredBefore.map((offer) => offer.startsAt.getTime()));
  return starts.filter((time) => !before.has(time.startsAt.getTime()));
}

/** Takes the entry for this run: it waits no longer, and no other instance offers it anything meanwhile. */
async function claimEntry(db: Database, entryId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(waitlistEntries)
    .set({ status: 'offered', updatedAt: now })
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.status, 'waiting')))
    .returning({ id: waitlistEntries.id });
  return claimed.length > 0;
}

async function releaseClaim(db: Database, entryId: string, now: Date): Promise<void> {
  await db
    .update(waitlistEntries)
    .set({ status: 'waiting', updatedAt: now })
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.status, 'offered')));
}

/**
 * Books the first of the times the booking lets it have for the entry's customer, as the shop's emailed link
 * books (held for `offerMinutes`, paid by its link), and records the offer. A time someone else took in the
 * meantime is refused by the booking itself: the next is tried.
 */
async function offerFirstFree(
  db: Database,
  entry: Candidate,
  times: Array<{ slotId: string; startsAt: Date }>,
  context: MatchContext,
  now: Date,
): Promise<MadeOffer | undefined> {
  const [customer] = await db.select().from(users).where(eq(users.id, entry.customerId));
  if (!customer) return undefined;
  for (const time of times) {
    let made: Awaited<ReturnType<typeof createBooking>>;
    try {
      made = await createBooking(
        db,
        customer,
        {
          serviceId: entry.serviceId,
          slotId: time.slotId,
          clientAddress: 'waitlist',
          vehicleId: entry.vehicleId ?? undefined,
          vehicleClassId: entry.vehicleClassId ?? undefined,
          addOnIds: entry.addOnIds.length > 0 ? entry.addOnIds : undefined,
        },
        {
          provider: context.provider,
          publicUrl: context.publicUrl,
          holdMinutes: context.offerMinutes,
          unopenedHoldMinutes: context.offerMinutes,
          maxPendingHolds: 1,
          maxPendingHoldsPerAddress: 1,
          maxUnpaidDayPercent: 100,
          window: context.shop.settings,
          booker: { kind: 'waitlist' },
          log: context.log,
          now,
        },
      );
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) continue;
      throw error;
    }
    const [held] = await db
      .select({ holdExpiresAt: bookings.holdExpiresAt })
      .from(bookings)
      .where(eq(bookings.id, made.booking._id));
    const expiresAt = held?.holdExpiresAt ?? new Date(now.getTime() + context.offerMinutes * 60_000);
    try {
      await db.insert(waitlistOffers).values({
        entryId: entry.id,
        bookingId: made.booking._id,
        startsAt: time.startsAt,
        expiresAt,
        createdAt: now,
      });
    } catch (error) {
      // The entry cannot hold this offer (it was decided meanwhile): the time is freed again at once.
      await endHolds(db, context.provider, context.log, async () => [made.booking._id]);
      throw error;
    }
    await context
      .notify({
        bookingId: made.booking._id,
        customer: { _id: customer.id, firstName: customer.firstName, email: customer.email, phone: customer.phone },
        serviceName: made.booking.service.name,
        date: made.booking.slot.date,
        startTime: made.booking.slot.startTime,
        heldUntil: expiresAt,
        paymentUrl: made.paymentUrl,
      })
      .catch((error: unknown) => context.log.error({ err: error, entryId: entry.id }, 'could not tell of an offer'));
    return { entryId: entry.id, bookingId: made.booking._id, startsAt: time.startsAt, expiresAt };
  }
  return undefined;
}

/**
 * One run of the waitlist: decides the offers whose booking was paid or ended, expires entries whose days
 * have passed, then offers each waiting entry (oldest first) the first free time of its windows it was never
 * offered. An entry is claimed before its offer is made, so any number of instances running at once make each
 * offer once; an instance that finds an entry of a service already claimed by another leaves the rest of that
 * service's queue to it this run, so that the older entry is served first.
 */
export async function matchWaitlist(db: Database, context: MatchContext, now: Date): Promise<MatchOutcome> {
  const settled = await settleOffers(db, now);
  const { timeZone, bookingHorizonDays } = context.shop.settings;
  const today = businessDate(timeZone, now);
  const expired = await expirePastEntries(db, today, now);
  const entries = await waitingEntries(db, today, businessDate(timeZone, now, bookingHorizonDays));
  const offered: MadeOffer[] = [];
  const leftToOthers = new Set<string>();
  for (const entry of entries) {
    if (leftToOthers.has(entry.serviceId)) continue;
    let times: Array<{ slotId: string; startsAt: Date }>;
    try {
      times = await freeTimesFor(db, entry, context.shop, now);
    } catch (error) {
      // A class or add-on the entry names was archived since: nothing can be offered to it as it stands.
      if (error instanceof AppError && error.statusCode < 500) continue;
      throw error;
    }
    if (times.length === 0) continue;
    if (!(await claimEntry(db, entry.id, now))) {
      leftToOthers.add(entry.serviceId);
      continue;
    }
    let offer: MadeOffer | undefined;
    try {
      offer = await offerFirstFree(db, entry, times, context, now);
    } finally {
      if (!offer) await releaseClaim(db, entry.id, now);
    }
    if (offer) offered.push(offer);
  }
  return { ...settled, expired, offered };
}
