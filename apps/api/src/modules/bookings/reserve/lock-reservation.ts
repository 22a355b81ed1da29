import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { bookings, services, shopSettings, slots } from '../../../db/schema';
import { shareEligibleBays } from '../../bays/public';
import { asInstant, bayBusyAfterSweep } from './bay-occupancy';
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

/**
 * The statement of `lockReservation`. Written as SQL rather than built up with the query builder: it runs
 * once per booking attempt, and building it costs more than running it. Each part reads the one before,
 * which orders the locks: service, slot, then bays.
 */
function reservationLocks(tx: Executor, request: ReservationRequest) {
  const { customerId, serviceId, slotId, now, maxPendingHolds, clientAddress, maxPendingHoldsPerAddress, window, job } =
    request;
  const bookable = sql`exists (select from slot where slot.service_id = ${serviceId} and slot.status = 'available'
      and slot.starts_at > ${asInstant(now)} and not slot.withdrawn and (slot.origin = 'manual'
        or (slot.starts_at >= ${asInstant(window.earliest)} and slot.date <= ${window.lastDate}::date)))
      and (select held from live_holds) < ${maxPendingHolds}
      and (select held_from_address from live_holds) < ${maxPendingHoldsPerAddress}`;
  // The job's end (a class's own duration from the start, or the slot's end), its add-ons, then the buffer.
  const until = sql`coalesce(slot.starts_at + make_interval(mins => ${job.classMinutes}::integer), slot.ends_at)
    + make_interval(mins => ${job.extraMinutes}::integer + live_service.buffer_minutes)`;
  const reservation = tx
    // Left-joined: a part that found nothing comes back null.
    .$with('reservation', {
      name: sql<string | null>`name`.as('name'),
      priceCents: sql<number | null>`price_cents`.as('price_cents'),
      bufferMinutes: sql<number | null>`buffer_minutes`.as('buffer_minutes'),
      liveHolds: sql<number>`held`.as('held'),
      addressHolds: sql<number>`held_from_address`.as('held_from_address'),
      serviceId: sql<string | null>`service_id`.as('service_id'),
      status: sql<(typeof slots.status.enumValues)[number] | null>`status`.as('status'),
      startsAt: sql<Date | null>`starts_at`.mapWith(slots.startsAt).as('starts_at'),
      endsAt: sql<Date | null>`ends_at`.mapWith(slots.endsAt).as('ends_at'),
      date: sql<string | null>`date`.as('date'),
      origin: sql<(typeof slots.origin.enumValues)[number] | null>`origin`.as('origin'),
      withdrawn: sql<boolean | null>`withdrawn`.as('withdrawn'),
      fits: sql<boolean | null>`fits`.as('fits'),
      bayId: sql<string | null>`bay_id`.as('bay_id'),
      freeAfterSweep: sql<boolean>`free_after_sweep`.as('free_after_sweep'),
      currency: sql<string | null>`currency`.as('currency'),
    })
    .as(sql`
      with shop as (
        select ${shopSettings.currency} from ${shopSettings} where ${shopSettings.id} = 1
        for share
      ),
      live_service as (
        select ${services.name}, ${services.priceCents}, ${services.bufferMinutes} from ${services}
        where ${services.id} = ${serviceId} and not ${services.isDeleted}
        for share
      ),
      live_holds as (
        select
          (select count(*)::int from ${bookings}
            where ${bookings.customerId} = ${customerId} and ${bookings.status} = 'pending'
              and ${bookings.holdExpiresAt} > ${asInstant(now)}) as held,
          (select count(*)::int from ${bookings}
            where ${bookings.clientAddress} = ${clientAddress} and ${bookings.status} = 'pending'
              and ${bookings.holdExpiresAt} > ${asInstant(now)}) as held_from_address
      ),
      slot as (
        select ${slots.serviceId}, ${slots.status}, ${slots.startsAt}, ${slots.endsAt}, ${slots.date},
          ${slots.origin}, ${slots.withdrawn}, ${slots.openUntil} from ${slots}
        where ${slots.id} = ${slotId} and exists (select from live_service)
        for share
      ),
      eligible_bays as (${shareEligibleBays(serviceId, bookable)})
      select live_service.*, live_holds.held, live_holds.held_from_address, slot.*,
        slot.open_until is null or ${until} <= slot.open_until as fits, eligible_bays.id as bay_id,
        eligible_bays.id is not null
          and not ${bayBusyAfterSweep(sql`eligible_bays.id`, sql`slot.starts_at`, until, now)} as free_after_sweep,
        shop.currency
      -- One row per bay locked, or one row when none is.
      from live_holds
        left join shop on true
        left join live_service on true
        left join slot on true
        left join eligible_bays on true`);
  // The same text every time: a named statement, parsed once per connection.
  return tx.with(reservation).select().from(reservation).prepare('lock_reservation');
}

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
export async function lockReservation(tx: Executor, request: ReservationRequest): Promise<Reservation> {
  const rows = await reservationLocks(tx, request).execute();
  const [first] = rows;
  if (!first || first.name === null || first.priceCents === null || first.bufferMinutes === null) {
    return { kind: 'serviceGone' };
  }
  if (first.currency === null) throw new Error('the shop has no settings row');
  if (first.liveHolds >= request.maxPendingHolds) return { kind: 'tooManyHolds' };
  if (first.addressHolds >= request.maxPendingHoldsPerAddress) return { kind: 'tooManyHoldsFromAddress' };
  const { serviceId, status, startsAt, endsAt, date, origin, withdrawn } = first;
  const slot =
    serviceId && status && startsAt && endsAt && date && origin && withdrawn !== null
      ? { serviceId, status, startsAt, endsAt, date, origin, withdrawn }
      : undefined;
  const judged = judgeSlot(slot, request.serviceId, request.now, request.window);
  if ('refusal' in judged) return { kind: 'unbookable', refusal: judged.refusal };
  if (first.fits === false) return { kind: 'runsPastClosing' };
  if (!rows.some((row) => row.freeAfterSweep)) return { kind: 'full' };
  return {
    kind: 'open',
    service: { name: first.name, priceCents: first.priceCents, bufferMinutes: first.bufferMinutes },
    slot: judged.bookable,
    bayIds: rows.flatMap((row) => (row.bayId === null ? [] : [row.bayId])),
    currency: first.currency,
  };
}
