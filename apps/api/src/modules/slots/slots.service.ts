import type { CreateSlotsInput, Slot, SlotDetail } from '@carcare/contracts/slots';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database, Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { services, slots } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findLiveService } from '../services/services.service';
import { businessDate, businessInstant, minutesToTime, timeToMinutes } from './slot-time';

const slotColumns = {
  id: slots.id,
  date: slots.date,
  startTime: slots.startTime,
  endTime: slots.endTime,
  status: slots.status,
  createdAt: slots.createdAt,
  serviceId: services.id,
  serviceName: services.name,
};

type SlotWithService = {
  id: string;
  date: string;
  startTime: string;
  endTime: string;
  status: Slot['isBooked'];
  createdAt: Date;
  serviceId: string;
  serviceName: string;
};

function toSlotDto(row: SlotWithService): Slot {
  return {
    _id: row.id,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    isBooked: row.status,
    service: { _id: row.serviceId, name: row.serviceName },
    createdAt: row.createdAt.toISOString(),
  };
}

type SlotRange = { serviceId: string; durationMinutes: number; date: string; startTime: string; endTime: string };

/** The back-to-back slots of `durationMinutes` that fit in [startTime, endTime) and start after `now`. */
export function splitIntoSlots(range: SlotRange, timeZone: string, now: Date): Array<typeof slots.$inferInsert> {
  const rows: Array<typeof slots.$inferInsert> = [];
  const rangeEnd = timeToMinutes(range.endTime);
  for (
    let start = timeToMinutes(range.startTime);
    start + range.durationMinutes <= rangeEnd;
    start += range.durationMinutes
  ) {
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
 * Splits [startTime, endTime) on `date` into back-to-back slots of the service's duration. A range that
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
    { ...input, serviceId: service.id, durationMinutes: service.durationMinutes },
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
          lt(slots.startTime, input.endTime),
          gt(slots.endTime, input.startTime),
        ),
      )
      .limit(1);
    if (clash) throw new AppError(409, SLOT_MESSAGES.overlap);
    return tx.insert(slots).values(rows).returning();
  });
  return {
    slots: created.map((slot) => toSlotDto({ ...slot, serviceId: service.id, serviceName: service.name })),
    message: SLOT_MESSAGES.created(created.length),
  };
}

/** A service's slots on one day that have not started yet, in time order. */
export async function listAvailability(db: Executor, serviceId: string, date: string, now: Date = new Date()) {
  const rows = await db
    .select(slotColumns)
    .from(slots)
    .innerJoin(services, eq(services.id, slots.serviceId))
    .where(
      and(eq(slots.serviceId, serviceId), eq(slots.date, date), eq(services.isDeleted, false), gt(slots.startsAt, now)),
    )
    .orderBy(asc(slots.startTime));
  return rows.map(toSlotDto);
}

export async function getSlotDetail(db: Executor, id: string): Promise<SlotDetail> {
  const [row] = await db
    .select({ ...slotColumns, price: services.priceCents, duration: services.durationMinutes })
    .from(slots)
    .innerJoin(services, eq(services.id, slots.serviceId))
    .where(and(eq(slots.id, id), eq(services.isDeleted, false)))
    .limit(1);
  if (!row) throw new AppError(404, SLOT_MESSAGES.notFound);
  const slot = toSlotDto(row);
  return { ...slot, service: { ...slot.service, price: row.price / 100, duration: row.duration } };
}

/** Every slot, newest first, for the admin table. */
export async function listAllSlots(db: Executor, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(slotColumns)
      .from(slots)
      .innerJoin(services, eq(services.id, slots.serviceId))
      .orderBy(desc(slots.createdAt), desc(slots.date), desc(slots.startTime), desc(slots.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(slots),
  ]);
  return { slots: rows.map(toSlotDto), totalDoc: total?.value ?? 0 };
}

/** available ↔ cancel in one conditional statement; a booked slot is never touched. */
export async function toggleSlotStatus(db: Executor, id: string): Promise<Slot> {
  const [updated] = await db
    .update(slots)
    .set({
      status: sql`case when ${slots.status} = 'available' then 'cancel'::slot_status else 'available'::slot_status end`,
    })
    .where(and(eq(slots.id, id), ne(slots.status, 'booked')))
    .returning({ id: slots.id });
  if (!updated) {
    const [existing] = await db.select({ id: slots.id }).from(slots).where(eq(slots.id, id)).limit(1);
    throw existing ? new AppError(409, SLOT_MESSAGES.bookedCannotToggle) : new AppError(404, SLOT_MESSAGES.notFound);
  }
  const [row] = await db
    .select(slotColumns)
    .from(slots)
    .innerJoin(services, eq(services.id, slots.serviceId))
    .where(eq(slots.id, id));
  if (!row) throw new AppError(404, SLOT_MESSAGES.notFound);
  return toSlotDto(row);
}

type ReservedSlot = typeof slots.$inferSelect;

/**
 * Marks the slot booked if, and only if, it is an available slot of `serviceId` that has not started:
 * one conditional statement, so two customers can never both get it. Undefined when it was not.
 */
export async function reserveSlot(
  db: Executor,
  slotId: string,
  serviceId: string,
  now: Date,
): Promise<ReservedSlot | undefined> {
  const [slot] = await db
    .update(slots)
    .set({ status: 'booked' })
    .where(
      and(eq(slots.id, slotId), eq(slots.serviceId, serviceId), eq(slots.status, 'available'), gt(slots.startsAt, now)),
    )
    .returning();
  return slot;
}

/** Why a slot could not be reserved, as a message the customer can act on. */
export async function unreservableReason(db: Executor, slotId: string, serviceId: string, now: Date) {
  const statement = prepared(db, 'find_slot_by_id', (handle) =>
    handle
      .select()
      .from(slots)
      .where(eq(slots.id, sql.placeholder('id')))
      .limit(1)
      .prepare('find_slot_by_id'),
  );
  const [slot] = await statement.execute({ id: slotId });
  if (!slot) return { status: 404, reason: 'unknown' } as const;
  if (slot.serviceId !== serviceId) return { status: 409, reason: 'otherService' } as const;
  if (slot.status === 'booked') return { status: 409, reason: 'taken' } as const;
  if (slot.status === 'cancel') return { status: 409, reason: 'cancelled' } as const;
  if (slot.startsAt <= now) return { status: 409, reason: 'past' } as const;
  return { status: 409, reason: 'taken' } as const;
}

/** Frees booked slots whose booking ended without payment. */
export async function releaseSlots(db: Executor, slotIds: string[]): Promise<void> {
  if (slotIds.length === 0) return;
  await db
    .update(slots)
    .set({ status: 'available' })
    .where(and(inArray(slots.id, slotIds), eq(slots.status, 'booked')));
}
