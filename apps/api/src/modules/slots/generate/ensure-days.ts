import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { lockAllUntilCommit } from '../../../db/advisory-locks';
import type { Database, Executor } from '../../../db/client';
import { bookings, services, slotDays, slots } from '../../../db/schema';
import { businessDate, shiftDay } from '../../../lib/business-time';
import { bookingWindowAt, liveBookingsOnSlot } from '../../bookings/public';
import { readShopState, type ShopState } from '../../shop/public';
import { type DayTime, dayShape, dayTimes } from './day-times';

/** What generation needs of a service. */
export type GeneratedService = Pick<typeof services.$inferSelect, 'id' | 'durationMinutes' | 'bufferMinutes' | 'hours'>;

/** The shop's today and the last day customers may book, business-local. */
export function bookingWindow(shop: ShopState, now: Date): { today: string; lastDate: string } {
  return { today: businessDate(shop.settings.timeZone, now), lastDate: bookingWindowAt(shop.settings, now).lastDate };
}

/** The times the shop's hours give a service on `date`. */
export function desiredTimes(shop: ShopState, service: GeneratedService, date: string): DayTime[] {
  const { settings, closures } = shop;
  return dayTimes({
    date,
    timeZone: settings.timeZone,
    hours: settings.hours,
    serviceHours: service.hours,
    closures,
    stepMinutes: settings.slotStepMinutes,
    durationMinutes: service.durationMinutes,
    bufferMinutes: service.bufferMinutes,
  });
}

type Desired = { date: string; times: DayTime[]; shape: string };

/** The times and shape the shop's hours give each of `dates` (in date order). */
const wantedDays = (shop: ShopState, service: GeneratedService, dates: readonly string[]): Desired[] =>
  dates.map((date) => {
    const times = desiredTimes(shop, service, date);
    return { date, times, shape: dayShape(times, shop.settings.timeZone) };
  });

const generatedServiceColumns = {
  id: services.id,
  durationMinutes: services.durationMinutes,
  bufferMinutes: services.bufferMinutes,
  hours: services.hours,
};

/** Marks the stored shape of a day that still keeps a booked time its hours no longer give. */
const KEPT = '+kept';

/** The days (in date order) whose stored shape is not the one the shop's settings give now. */
async function daysToRemake(db: Executor, serviceId: string, wanted: Desired[]): Promise<Desired[]> {
  if (wanted.length === 0) return [];
  const stored = await db
    .select({ date: slotDays.date, shape: slotDays.shape })
    .from(slotDays)
    .where(
      and(
        eq(slotDays.serviceId, serviceId),
        inArray(
          slotDays.date,
          wanted.map((day) => day.date),
        ),
      ),
    );
  const shapes = new Map(stored.map((day) => [day.date, day.shape]));
  return wanted.filter((day) => shapes.get(day.date) !== day.shape);
}

/** Whether any booking, of any status, names the slot: it is history and cannot be deleted. */
const namedByBooking = sql`exists (select 1 from ${bookings} where ${bookings.slotId} = ${slots.id})`;

/**
 * Makes the service-days' generated slots match what the hours give, inside one transaction holding each
 * day's lock (the one hand-made slot creation takes), in date order so that two makers never wait on each
 * other crosswise. A day another maker finished meanwhile is left alone.
 */
async function remakeDays(db: Database, serviceId: string, days: string[], now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await lockAllUntilCommit(
      tx,
      'slotDay',
      days.map((date) => `${serviceId}:${date}`),
    );
    // The days are remade from the settings and the service as the database holds them now, never from an
    // instance's copy: one that has not yet heard of a change (or a job begun before it) finds nothing to
    // do, instead of remaking the days back to the old hours and deleting the times others are looking at.
    const shop = await readShopState(tx, now);
    const [service] = await tx
      .select(generatedServiceColumns)
      .from(services)
      .where(and(eq(services.id, serviceId), eq(services.isDeleted, false)));
    if (!service) return 0;
    const stale = await daysToRemake(tx, serviceId, wantedDays(shop, service, days));
    if (stale.length === 0) return 0;
    const dates = stale.map((day) => day.date);
    const wanted = stale.flatMap((day) => day.times.map((time) => ({ date: day.date, start: time.startTime })));
    const notWanted = sql`not exists (select 1 from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
      as wanted(date date, start text) where wanted.date = ${slots.date} and wanted.start = ${slots.startTime})`;
    const ofTheseDays = and(eq(slots.serviceId, serviceId), inArray(slots.date, dates), eq(slots.origin, 'generated'));
    // A booking being made of one of these times (which share-locks it) finishes first, and the statements
    // below, each reading afresh, see it; one that starts later waits, then sees the day remade.
    await tx.select({ id: slots.id }).from(slots).where(ofTheseDays).for('update');
    const unbooked = sql`${liveBookingsOnSlot(slots.id)} = 0`;
    // A time the hours no longer give: gone if nothing names it, withdrawn if it is history or was cancelled
    // (so that cancelling it holds if the hours give it again), left as it is while a live booking holds it.
    await tx
      .delete(slots)
      .where(and(ofTheseDays, notWanted, sql`${slots.status} <> 'cancel'`, sql`not ${namedByBooking}`));
    await tx
      .update(slots)
      .set({ withdrawn: true })
      .where(and(ofTheseDays, notWanted, eq(slots.withdrawn, false), unbooked));
    const rows = stale.flatMap((day) =>
      day.times.map((time) => ({
        date: time.date,
        start: time.startTime,
        end: time.endTime,
        starts_at: time.startsAt.toISOString(),
        ends_at: time.endsAt.toISOString(),
        open_until: time.openUntil.toISOString(),
      })),
    );
    // In one statement, the rows passed as one JSON value. A hand-made slot at the same start stays as it
    // is; so does a generated one a live booking holds.
    if (rows.length > 0) {
      await tx.execute(sql`
        insert into ${slots} (service_id, date, start_time, end_time, starts_at, ends_at, open_until, origin, created_at)
        select ${serviceId}, r.date, r.start, r."end", r.starts_at, r.ends_at, r.open_until, 'generated',
          ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(date date, start text, "end" text, starts_at timestamptz, ends_at timestamptz, open_until timestamptz)
        on conflict (service_id, date, start_time) do update
          set end_time = excluded.end_time, starts_at = excluded.starts_at, ends_at = excluded.ends_at,
            open_until = excluded.open_until, withdrawn = false
          where ${slots.origin} = 'generated' and ${unbooked} and (${slots.withdrawn}
            or ${slots.endTime} <> excluded.end_time or ${slots.startsAt} <> excluded.starts_at
            or ${slots.endsAt} <> excluded.ends_at or ${slots.openUntil} is distinct from excluded.open_until)`);
    }
    // A day that keeps a time as the hours no longer give it (a live booking holds it: gone from the hours,
    // or of the service's former length) is looked at again on the next read, so that the time is withdrawn
    // or reshaped once its bookings are over.
    const keeping = await tx
      .selectDistinct({ date: slots.date })
      .from(slots)
      .where(
        and(
          ofTheseDays,
          eq(slots.withdrawn, false),
          sql`not exists (select 1 from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as r(date date, start text, "end" text, starts_at timestamptz, ends_at timestamptz, open_until timestamptz)
            where r.date = ${slots.date} and r.start = ${slots.startTime} and r."end" = ${slots.endTime}
              and r.starts_at = ${slots.startsAt} and r.ends_at = ${slots.endsAt}
              and r.open_until is not distinct from ${slots.openUntil})`,
        ),
      );
    const kept = new Set(keeping.map((day) => day.date));
    await tx
      .insert(slotDays)
      .values(
        stale.map((day) => ({
          serviceId,
          date: day.date,
          shape: kept.has(day.date) ? `${day.shape}${KEPT}` : day.shape,
          madeAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [slotDays.serviceId, slotDays.date],
        set: { shape: sql`excluded.shape`, madeAt: sql`excluded.made_at` },
      });
    return stale.length;
  });
}

/**
 * Makes sure the service's generated slots on `dates` match the shop's hours: the days from today to the
 * horizon whose stored shape differs (one query for all) are remade; the rest are left alone. Returns how
 * many days were remade. Any number of instances may do this at once: each day is made under its lock, and
 * the unique (service, date, start) index keeps each time once.
 */
export async function ensureServiceDays(
  db: Database,
  shop: ShopState,
  service: GeneratedService,
  dates: readonly string[],
  now: Date = new Date(),
): Promise<number> {
  const { today, lastDate } = bookingWindow(shop, now);
  const window = [...new Set(dates)].filter((date) => today <= date && date <= lastDate).sort();
  const stale = await daysToRemake(db, service.id, wantedDays(shop, service, window));
  return stale.length === 0
    ? 0
    : remakeDays(
        db,
        service.id,
        stale.map((day) => day.date),
        now,
      );
}

/** The calendar days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) days.push(day);
  return days;
}

/**
 * Makes every live service's days from today to the horizon match the shop's hours. Returns how many
 * service-days were remade.
 */
export async function fillHorizon(db: Database, shop: ShopState, now: Date = new Date()): Promise<number> {
  const { today, lastDate } = bookingWindow(shop, now);
  const live = await db
    .select(generatedServiceColumns)
    .from(services)
    .where(eq(services.isDeleted, false))
    .orderBy(asc(services.id));
  const days = daysBetween(today, lastDate);
  let remade = 0;
  for (const service of live) remade += await ensureServiceDays(db, shop, service, days, now);
  return remade;
}
