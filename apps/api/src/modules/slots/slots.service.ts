import type { AdminSlot, AdminSlotListQuery, CreateSlotsInput, Slot, SlotDetail } from '@carcare/contracts/slots';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import { services, slots } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { businessDate, businessInstant, minutesToTime, timeToMinutes } from '../../lib/business-time';
import { eligibleBayCount } from '../bays/public';
import {
  BASE_JOB,
  bayBusyDuring,
  bookingWindowAt,
  countLiveBookingsOnSlot,
  inBookingWindow,
  type JobSpan,
  liveBookingsOnSlot,
} from '../bookings/public';
import { findLiveService } from '../services/public';
import type { ShopState } from '../shop/public';
import { ensureServiceDays } from './generate/ensure-days';

/** The bay stays busy after a slot of the service until its end plus the service's buffer. */
export const busyUntil = sql`${slots.endsAt} + make_interval(mins => ${services.bufferMinutes})`;

/**
 * Until when a job (its class's duration, or the slot's length, then its add-ons' minutes) starting at the
 * slot (of the surrounding query over `slots` and `services`) keeps the bay, with the service's buffer.
 */
export function jobBusyUntil(job: JobSpan): SQL {
  if (job.classMinutes === null && job.extraMinutes === 0) return busyUntil;
  const end =
    job.classMinutes === null
      ? sql`${slots.endsAt}`
      : sql`${slots.startsAt} + make_interval(mins => ${job.classMinutes}::integer)`;
  return sql`${end} + make_interval(mins => ${job.extraMinutes}::integer + ${services.bufferMinutes})`;
}

/** Whether the job and its buffer end by the time the shop closes after the slot's start (if it ever does). */
export function jobFits(job: JobSpan): SQL {
  return sql`(${slots.openUntil} is null or ${jobBusyUntil(job)} <= ${slots.openUntil})`;
}

/** Of the service's eligible bays, how many are free over the job's span from the slot's start. */
export function freeBaysFor(job: JobSpan): SQL<number> {
  return eligibleBayCount(
    slots.serviceId,
    (bayId) => sql`not ${bayBusyDuring(bayId, slots.startsAt, jobBusyUntil(job))}`,
  );
}

const slotColumns = {
  id: slots.id,
  date: slots.date,
  startTime: slots.startTime,
  endTime: slots.endTime,
  status: slots.status,
  origin: slots.origin,
  createdAt: slots.createdAt,
  serviceId: services.id,
  serviceName: services.name,
  capacity: eligibleBayCount(slots.serviceId),
  remaining: eligibleBayCount(slots.serviceId, (bayId) => sql`not ${bayBusyDuring(bayId, slots.startsAt, busyUntil)}`),
};

type SlotRow = Awaited<ReturnType<typeof selectSlots>>[number];

/** A slot as the API shows it: booked when no bay it could take is free, cancelled when the admin said so. */
function toSlotDto(row: SlotRow): Slot {
  const isBooked = row.status === 'cancel' ? 'cancel' : row.remaining === 0 ? 'booked' : 'available';
  return {
    _id: row.id,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    isBooked,
    service: { _id: row.serviceId, name: row.serviceName },
    createdAt: row.createdAt.toISOString(),
    capacity: row.capacity,
    remaining: row.remaining,
    origin: row.origin,
  };
}

function selectSlots(db: Executor) {
  return db.select(slotColumns).from(slots).innerJoin(services, eq(services.id, slots.serviceId));
}

type SlotRange = {
  serviceId: string;
  durationMinutes: number;
  /** The service's buffer after each slot (cleaning, turnaround); none when left out. */
  bufferMinutes?: number;
  date: string;
  startTime: string;
  endTime: string;
};

/**
 * The slots of `durationMinutes` that fit in [startTime, endTime) and start after `now`, each starting its
 * duration plus the service's buffer after the one before: 09:00–10:00, 10:15–11:15 with a 15-minute buffer.
 * The last slot must end by the range's end; its buffer may run past it.
 */
export function splitIntoSlots(range: SlotRange, timeZone: string, now: Date): Array<typeof slots.$inferInsert> {
  const rows: Array<typeof slots.$inferInsert> = [];
  const rangeEnd = timeToMinutes(range.endTime);
  const step = range.durationMinutes + (range.bufferMinutes ?? 0);
  for (let start = timeToMinutes(range.startTime); start + range.durationMinutes <= rangeEnd; start += step) {
    const startTime = minutesToTime(start);
    const endTime = minutesToTime(start + range.durationMinutes);
    const startsAt = businessInstant(range.date, startTime, timeZone);
    if (startsAt <= now) continue;
    rows.push({
      serviceId: range.serviceId,
      date: range.date,
      startTime,
      endTime,
      startsAt,
      endsAt: businessInstant(range.date, endTime, timeZone),
    });
  }
  return rows;
}

type CreateSlotsResult = { slots: Slot[]; message: string };

/**
 * Splits [startTime, endTime) on `date` into slots of the service's duration, spaced by its duration plus its
 * buffer. A range that
 * overlaps the service's existing slots that day is refused whole; creation for one service and day is
 * serialised so that two admins cannot interleave overlapping ranges.
 */
export async function createSlots(
  db: Database,
  input: CreateSlotsInput,
  timeZone: string,
  now: Date = new Date(),
): Promise<CreateSlotsResult> {
  if (input.date < businessDate(timeZone, now)) throw new AppError(400, SLOT_MESSAGES.datePast);
  const service = await findLiveService(db, input.service);
  if (!service) throw new AppError(400, SLOT_MESSAGES.serviceUnknown);
  if (input.startTime === input.endTime) return { slots: [], message: SLOT_MESSAGES.noneEqualTimes };

  const rows = splitIntoSlots(
    {
      ...input,
      serviceId: service.id,
      durationMinutes: service.durationMinutes,
      bufferMinutes: service.bufferMinutes,
    },
    timeZone,
    now,
  );
  if (rows.length === 0) {
    const tooShort = timeToMinutes(input.endTime) - timeToMinutes(input.startTime) < service.durationMinutes;
    return {
      slots: [],
      message: tooShort ? SLOT_MESSAGES.noneTooShort(service.durationMinutes) : SLOT_MESSAGES.nonePast,
    };
  }

  const created = await db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'slotDay', `${service.id}:${input.date}`);
    const [clash] = await tx
      .select({ id: slots.id })
      .from(slots)
      .where(
        and(
          eq(slots.serviceId, service.id),
          eq(slots.date, input.date),
          eq(slots.withdrawn, false),
          lt(slots.startTime, input.endTime),
          gt(slots.endTime, input.startTime),
        ),
      )
      .limit(1);
    if (clash) throw new AppError(409, SLOT_MESSAGES.overlap);
    // A withdrawn generated time at the same start (one the hours no longer give, kept for its history)
    // becomes this hand-made slot: same id, the administrator's times, available.
    return tx
      .insert(slots)
      .values(rows)
      .onConflictDoUpdate({
        target: [slots.serviceId, slots.date, slots.startTime],
        set: {
          endTime: sql`excluded.end_time`,
          startsAt: sql`excluded.starts_at`,
          endsAt: sql`excluded.ends_at`,
          origin: 'manual',
          withdrawn: false,
          status: 'available',
        },
        setWhere: eq(slots.withdrawn, true),
      })
      .returning({ id: slots.id });
  });
  const stored = await selectSlots(db)
    .where(
      inArray(
        slots.id,
        created.map((slot) => slot.id),
      ),
    )
    .orderBy(asc(slots.startTime));
  return { slots: stored.map(toSlotDto), message: SLOT_MESSAGES.created(created.length) };
}

/**
 * The slots a customer may book now, as SQL over `slots`: never a withdrawn one; a hand-made one until it
 * starts; a generated one from the minimum notice on, on days up to the horizon.
 */
export function offeredNow(shop: ShopState, now: Date): SQL {
  // The rules a booking of the slot is held to (the bookings module's), so that what is shown can be booked.
  return sql`(not ${slots.withdrawn} and ${slots.startsAt} > ${now.toISOString()}::timestamptz and ${inBookingWindow(bookingWindowAt(shop.settings, now))})`;
}

/**
 * A service's slots on one day a customer may book now (see `offeredNow`), in time order; the day's
 * generated times are made first if the shop's hours changed since (or were never made).
 */
export async function listAvailability(
  db: Database,
  shop: ShopState,
  serviceId: string,
  date: string,
  now: Date = new Date(),
  job: JobSpan = BASE_JOB,
) {
  const service = await findLiveService(db, serviceId);
  if (!service) return [];
  await ensureServiceDays(db, shop, service, [date], now);
  const base = job.classMinutes === null && job.extraMinutes === 0;
  const rows = await db
    .select(base ? slotColumns : { ...slotColumns, remaining: freeBaysFor(job) })
    .from(slots)
    .innerJoin(services, eq(services.id, slots.serviceId))
    .where(
      and(
        eq(slots.serviceId, serviceId),
        eq(slots.date, date),
        eq(services.isDeleted, false),
        offeredNow(shop, now),
        // A longer job is offered only the times it fits before closing.
        base ? undefined : jobFits(job),
      ),
    )
    .orderBy(asc(slots.startTime));
  return rows.map(toSlotDto);
}

export async function getSlotDetail(db: Executor, id: string): Promise<SlotDetail> {
  const [row] = await db
    .select({ ...slotColumns, price: services.priceCents, duration: services.durationMinutes })
    .from(slots)
    .innerJoin(services, eq(services.id, slots.serviceId))
    .where(and(eq(slots.id, id), eq(slots.withdrawn, false), eq(services.isDeleted, false)))
    .limit(1);
  if (!row) throw new AppError(404, SLOT_MESSAGES.notFound);
  const slot = toSlotDto(row);
  return { ...slot, service: { ...slot.service, price: row.price / 100, duration: row.duration } };
}

type SlotListFilters = Pick<AdminSlotListQuery, 'page' | 'limit' | 'date' | 'from' | 'service' | 'origin'>;

/**
 * The admin table's slots with how many live bookings hold each, withdrawn ones never: every slot newest
 * first, or, with any filter (a day, from a day, a service, an origin), the matching ones in time order.
 */
export async function listAllSlots(db: Executor, query: SlotListFilters) {
  const { page, limit } = query;
  const filters = [
    query.date === undefined ? undefined : eq(slots.date, query.date),
    query.from === undefined ? undefined : gte(slots.date, query.from),
    query.service === undefined ? undefined : eq(slots.serviceId, query.service),
    query.origin === undefined ? undefined : eq(slots.origin, query.origin),
  ];
  const filtered = filters.some((filter) => filter !== undefined);
  const where = and(eq(slots.withdrawn, false), ...filters);
  const order = filtered
    ? [asc(slots.date), asc(slots.startTime), asc(services.name), asc(slots.id)]
    : [desc(slots.createdAt), desc(slots.date), desc(slots.startTime), desc(slots.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...slotColumns, liveBookings: liveBookingsOnSlot(slots.id) })
      .from(slots)
      .innerJoin(services, eq(services.id, slots.serviceId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(slots).where(where),
  ]);
  return {
    slots: rows.map((row): AdminSlot => ({ ...toSlotDto(row), liveBookings: row.liveBookings })),
    totalDoc: total?.value ?? 0,
  };
}

/**
 * available ↔ cancel. Refused while any live booking holds the slot: the slot row is locked first, so a
 * booking being made of it (which share-locks it) finishes before the count, and none can start after.
 */
export async function toggleSlotStatus(db: Database, id: string): Promise<Slot> {
  await db.transaction(async (tx) => {
    const [slot] = await tx
      .select({ status: slots.status })
      .from(slots)
      .where(and(eq(slots.id, id), eq(slots.withdrawn, false)))
      .for('update');
    if (!slot) throw new AppError(404, SLOT_MESSAGES.notFound);
    if ((await countLiveBookingsOnSlot(tx, id)) > 0) throw new AppError(409, SLOT_MESSAGES.bookedCannotToggle);
    await tx
      .update(slots)
      .set({ status: slot.status === 'available' ? 'cancel' : 'available' })
      .where(eq(slots.id, id));
  });
  const [row] = await selectSlots(db).where(eq(slots.id, id));
  if (!row) throw new AppError(404, SLOT_MESSAGES.notFound);
  return toSlotDto(row);
}

/** When the day's open slots of live services begin and end (HH:MM, business-local); nulls when it has none. */
export async function dayOpeningHours(
  db: Executor,
  date: string,
): Promise<{ opensAt: string | null; closesAt: string | null }> {
  const [hours] = await db
    .select({
      opensAt: sql<string | null>`min(${slots.startTime})`,
      closesAt: sql<string | null>`max(${slots.endTime})`,
    })
    .from(slots)
    .innerJoin(services, eq(services.id, slots.serviceId))
    .where(
      and(
        eq(slots.date, date),
        eq(slots.status, 'available'),
        eq(slots.withdrawn, false),
        eq(services.isDeleted, false),
      ),
    );
  return { opensAt: hours?.opensAt ?? null, closesAt: hours?.closesAt ?? null };
}
