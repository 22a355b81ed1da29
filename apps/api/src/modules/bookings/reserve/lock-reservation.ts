import { sql } from 'drizzle-orm';
import { builtOnce } from '../../../db/built-once';
import type { Executor } from '../../../db/client';
import { bookings, services, shopSettings, slots } from '../../../db/schema';
import { eligibleBays, shareEligibleBays } from '../../bays/public';
import { bayBusyAfterSweep } from './bay-occupancy';
import { type BookingWindow, judgeSlot, type SlotRefusal } from './bookable-slot';

export type ReservationRequest = {
  customerId: string;
  serviceId: string;
  slotId: string;
  now: Date;
  /** How many unpaid bookings one customer may hold at once. */
  maxPendingHolds: number;
  /** Where the request came from, as TRUST_PROXY resolves it. */
  clientAddress: string;
  /** How many unpaid bookings may come from that address at once, whichever accounts made them. */
  maxPendingHoldsPerAddress: number;
  /** When a generated time may be booked online: from the minimum notice, up to the horizon. */
  window: BookingWindow;
  /** How long the job keeps the bay, besides the service's buffer (see `JobSpan`). */
  job: JobSpan;
};

/**
 * The job's length: the vehicle class's own duration for the service (null: the slot's own length, the
 * service's base duration) and the add-ons' minutes. The bay is held from the slot's start for both, then the
 * service's buffer.
 */
export type JobSpan = { classMinutes: number | null; extraMinutes: number };

/** SPEC.md's booking: the slot's length, nothing added. */
export const BASE_JOB: JobSpan = { classMinutes: null, extraMinutes: 0 };

/** Until when a job starting at `slot` (its start and end) keeps the bay, with the service's buffer after it. */
export function jobUntil(slot: { startsAt: Date; endsAt: Date }, job: JobSpan, bufferMinutes: number): Date {
  const end = job.classMinutes === null ? slot.endsAt.getTime() : slot.startsAt.getTime() + job.classMinutes * 60_000;
  return new Date(end + (job.extraMinutes + bufferMinutes) * 60_000);
}

export type Reservation =
  | { kind: 'serviceGone' }
  | { kind: 'tooManyHolds' }
  | { kind: 'tooManyHoldsFromAddress' }
  | { kind: 'unbookable'; refusal: SlotRefusal }
  /** The job and its buffer would not end by the time the shop closes after this start. */
  | { kind: 'runsPastClosing' }
  /** Every bay the booking may take is busy, even once the holds that ran out are swept. */
  | { kind: 'full' }
  | {
      kind: 'open';
      service: { name: string; priceCents: number; bufferMinutes: number };
      slot: { startsAt: Date; endsAt: Date; date: string };
      /** The bays the booking may take, share-locked until the transaction ends. */
      bayIds: string[];
      /** The shop's currency, as the settings row share-locked until the transaction ends says it. */
      currency: string;
    };

/** The values `lockReservation`'s statement is given. */
type ReservationValues = {
  customerId: string;
  serviceId: string;
  slotId: string;
  now: string;
  earliest: string;
  lastDate: string;
  maxPendingHolds: number;
  clientAddress: string;
  maxPendingHoldsPerAddress: number;
  classMinutes: number | null;
  extraMinutes: number;
};

/** A row of `lockReservation`'s statement, as both drivers answer it: left-joined, a part that found nothing is null. */
type ReservationRow = {
  name: string | null;
  price_cents: number | null;
  buffer_minutes: number | null;
  held: number;
  held_from_address: number;
  service_id: string | null;
  status: (typeof slots.status.enumValues)[number] | null;
  starts_at: string | null;
  ends_at: string | null;
  date: string | null;
  origin: (typeof slots.origin.enumValues)[number] | null;
  withdrawn: boolean | null;
  fits: boolean | null;
  bay_id: string | null;
  free_after_sweep: boolean;
  currency: string | null;
};

/**
 * The statement of `lockReservation`, built once, and of `lookAtReservation` without its locks (`locking`):
 * both run for every booking attempt of a rush. Each part reads the one before, which orders the locks:
 * service, slot, then bays.
 */
const reservationStatement = (locking: boolean) =>
  builtOnce<ReservationValues, ReservationRow>(locking ? 'lock_reservation' : 'look_at_reservation', (value) => {
    const share = locking ? sql`for share` : sql``;
    const now = sql`${value('now')}::timestamptz`;
    const bookable = sql`exists (select from slot where slot.service_id = ${value('serviceId')} and slot.status = 'available'
      and slot.starts_at > ${now} and not slot.withdrawn and (slot.origin = 'manual'
        or (slot.starts_at >= ${value('earliest')}::timestamptz and slot.date <= ${value('lastDate')}::date)))
      and (select held from live_holds) < ${value('maxPendingHolds')}::integer
      and (select held_from_address from live_holds) < ${value('maxPendingHoldsPerAddress')}::integer`;
    // The job's end (a class's own duration from the start, or the slot's end), its add-ons, then the buffer.
    const until = sql`coalesce(slot.starts_at + make_interval(mins => ${value('classMinutes')}::integer), slot.ends_at)
    + make_interval(mins => ${value('extraMinutes')}::integer + live_service.buffer_minutes)`;
    return sql`
    with shop as (
      select ${shopSettings.currency} from ${shopSettings} where ${shopSettings.id} = 1
      ${share}
    ),
    live_service as (
      select ${services.name}, ${services.priceCents}, ${services.bufferMinutes} from ${services}
      where ${services.id} = ${value('serviceId')} and not ${services.isDeleted}
      ${share}
    ),
    live_holds as (
      select
        (select count(*)::int from ${bookings}
          where ${bookings.customerId} = ${value('customerId')} and ${bookings.status} = 'pending'
            and ${bookings.holdExpiresAt} > ${now}) as held,
        (select count(*)::int from ${bookings}
          where ${bookings.clientAddress} = ${value('clientAddress')} and ${bookings.status} = 'pending'
            and ${bookings.holdExpiresAt} > ${now}) as held_from_address
    ),
    slot as (
      select ${slots.serviceId}, ${slots.status}, ${slots.startsAt}, ${slots.endsAt}, ${slots.date},
        ${slots.origin}, ${slots.withdrawn}, ${slots.openUntil} from ${slots}
      where ${slots.id} = ${value('slotId')} and exists (select from live_service)
      ${share}
    ),
    eligible_bays as (${(locking ? shareEligibleBays : eligibleBays)(value('serviceId'), bookable)})
    select live_service.name, live_service.price_cents, live_service.buffer_minutes, live_holds.held,
      live_holds.held_from_address, slot.service_id, slot.status, slot.starts_at, slot.ends_at, slot.date,
      slot.origin, slot.withdrawn,
      slot.open_until is null or ${until} <= slot.open_until as fits, eligible_bays.id as bay_id,
      eligible_bays.id is not null
        and not ${bayBusyAfterSweep(sql`eligible_bays.id`, sql`slot.starts_at`, until, now)} as free_after_sweep,
      shop.currency
    -- One row per bay locked, or one row when none is.
    from live_holds
      left join shop on true
      left join live_service on true
      left join slot on true
      left join eligible_bays on true`;
  });

const lockingStatement = reservationStatement(true);
const lookingStatement = reservationStatement(false);

async function reservationRows(tx: Executor, request: ReservationRequest, locking: boolean): Promise<ReservationRow[]> {
  const { now, window, job } = request;
  return (locking ? lockingStatement : lookingStatement)(tx, {
    customerId: request.customerId,
    serviceId: request.serviceId,
    slotId: request.slotId,
    now: now.toISOString(),
    earliest: window.earliest.toISOString(),
    lastDate: window.lastDate,
    maxPendingHolds: request.maxPendingHolds,
    clientAddress: request.clientAddress,
    maxPendingHoldsPerAddress: request.maxPendingHoldsPerAddress,
    classMinutes: job.classMinutes,
    extraMinutes: job.extraMinutes,
  });
}

/** A timestamp as the drivers give it (text) as an instant. */
const instant = (text: string) => new Date(text);

/**
 * In one statement, everything a booking is decided on, locked until the transaction ends, each lock taken
 * only once the one before it is held: the shop's settings row (share: a change of the time zone or the
 * currency, which counts the bookings and payments under its own lock, waits, or this waits for it), the service, still live (share: deleting it waits); the slot (share:
 * cancelling it waits); then, if the slot is bookable, the customer holds fewer than `maxPendingHolds`
 * unpaid bookings and their address fewer than `maxPendingHoldsPerAddress`, the bays the booking may take (share: deactivating, limiting or moving one waits, see
 * `shareEligibleBays`), each with whether it is free over the slot's time and buffer once the holds that
 * ran out are swept. A row this waited for is read as committed after the wait, so a refusal names what the
 * customer would see now; the rest is read as it stood when the statement began, so `full` is true of that
 * moment, and a bay seen free is only a candidate (`takeFreeBay` decides). The customer's and the address's
 * holds are counted in this statement's snapshot: the caller holds the customer's and the address's locks,
 * taken before it. Refusals come in the order the customer is told them: the service, their holds, their
 * address's holds, the slot, the bays.
 */
export function lockReservation(tx: Executor, request: ReservationRequest): Promise<Reservation> {
  return reserveFrom(tx, request, true);
}

/**
 * What `lockReservation` would answer as the database stands, locking nothing and waiting for no one: a first
 * look, whose refusals are the ones the customer would be given (a race could only have refused them a moment
 * earlier), and whose `open` is no more than a hope.
 */
export function lookAtReservation(db: Executor, request: ReservationRequest): Promise<Reservation> {
  return reserveFrom(db, request, false);
}

async function reserveFrom(tx: Executor, request: ReservationRequest, locking: boolean): Promise<Reservation> {
  const rows = await reservationRows(tx, request, locking);
  const [first] = rows;
  if (!first || first.name === null || first.price_cents === null || first.buffer_minutes === null) {
    return { kind: 'serviceGone' };
  }
  if (first.currency === null) throw new Error('the shop has no settings row');
  if (first.held >= request.maxPendingHolds) return { kind: 'tooManyHolds' };
  if (first.held_from_address >= request.maxPendingHoldsPerAddress) return { kind: 'tooManyHoldsFromAddress' };
  const { service_id: serviceId, status, starts_at: startsAt, ends_at: endsAt, date, origin, withdrawn } = first;
  const slot =
    serviceId && status && startsAt && endsAt && date && origin && withdrawn !== null
      ? { serviceId, status, startsAt: instant(startsAt), endsAt: instant(endsAt), date, origin, withdrawn }
      : undefined;
  const judged = judgeSlot(slot, request.serviceId, request.now, request.window);
  if ('refusal' in judged) return { kind: 'unbookable', refusal: judged.refusal };
  if (first.fits === false) return { kind: 'runsPastClosing' };
  if (!rows.some((row) => row.free_after_sweep)) return { kind: 'full' };
  return {
    kind: 'open',
    service: { name: first.name, priceCents: first.price_cents, bufferMinutes: first.buffer_minutes },
    slot: judged.bookable,
    bayIds: rows.flatMap((row) => (row.bay_id === null ? [] : [row.bay_id])),
    currency: first.currency,
  };
}
