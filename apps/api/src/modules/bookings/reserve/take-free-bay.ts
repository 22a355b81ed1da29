import type { PayWith } from '@carcare/contracts/front-desk-constants';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { violates } from '../../../db/errors';
import { type BookedVehicle, bays, bookingLines, bookings } from '../../../db/schema';
import { bayServes } from '../../bays/public';
import { asInstant, bayBusyAfterSweep, bayBusyDuring } from './bay-occupancy';
import type { PricedLine } from './price-job';

/** The constraint that keeps two live bookings from overlapping on one bay (migration 0007). */
const BAY_OVERLAP = 'bookings_bay_overlap_excl';

type NewBooking = {
  customerId: string;
  serviceId: string;
  slotId: string;
  /** The sum of `lines`' prices. */
  priceCents: number;
  /** Its priced lines, inserted with it (the service's first). */
  lines: readonly PricedLine[];
  /** The class that priced it and the vehicle booked, as they are now; nulls for SPEC.md's booking. */
  vehicleClass: { id: string; name: string } | null;
  vehicle: { id: string; booked: BookedVehicle; plate: string | null } | null;
  /** Where the request came from: unpaid holds are limited per address. */
  clientAddress: string;
  /** The bay is busy over [from, until): the slot's time plus the service's buffer. */
  from: Date;
  until: Date;
  /** Until when an unpaid booking holds its bay; null for a booking confirmed at once (paid at the counter). */
  holdUntil: Date | null;
  /** `pending` until paid online; `confirm` at once when the shop books a job paid at the counter. */
  status: 'pending' | 'confirm';
  payWith: PayWith;
  /** The staff member or administrator who booked it for the customer; null when the customer did. */
  bookedBy: string | null;
  /** The customer's own note for the shop. */
  customerNote: string | null;
  /** The version of the shop's terms the customer accepted; null when none was. */
  policyVersion: number | null;
  now: Date;
};

export type BayOutcome =
  | { kind: 'booked'; bookingId: string }
  /** Every bay is busy; `lapsedHoldsInTheWay` when sweeping the holds that ran out would free one. */
  | { kind: 'full'; lapsedHoldsInTheWay: boolean };

/** The columns a new booking is given; the others take their defaults (unpaid, its position). */
const GIVEN = [
  bookings.customerId,
  bookings.serviceId,
  bookings.slotId,
  bookings.bayId,
  bookings.priceCents,
  bookings.occupiedFrom,
  bookings.occupiedUntil,
  bookings.holdExpiresAt,
  bookings.clientAddress,
  bookings.vehicleId,
  bookings.vehicleClassId,
  bookings.vehicleClassName,
  bookings.vehicle,
  bookings.vehiclePlate,
  bookings.status,
  bookings.payWith,
  bookings.bookedBy,
  bookings.bookedByShop,
  bookings.customerNote,
  bookings.policyVersion,
].map((column) => sql.identifier(column.name));

/** The columns of a booking's line. */
const LINE_COLUMNS = [
  bookingLines.bookingId,
  bookingLines.position,
  bookingLines.kind,
  bookingLines.addOnId,
  bookingLines.name,
  bookingLines.priceCents,
  bookingLines.minutes,
].map((column) => sql.identifier(column.name));

/**
 * One statement, in a snapshot taken after the bays were locked (so a limit changed meanwhile is seen): the
 * first of `bayIds` in the shop's order that may still take the booking and is free, where the booking is
 * then inserted; failing that, the first that only holds which ran out keep busy, inserting nothing. No
 * row when neither exists. Written as SQL, as `lockReservation` is, and for the same reason.
 */
async function bookFirstFreeBay(tx: Executor, booking: NewBooking, bayIds: string[]) {
  const { from, until, now } = booking;
  const vehicle = booking.vehicle === null ? null : JSON.stringify(booking.vehicle.booked);
  const lines = JSON.stringify(
    booking.lines.map((line, position) => ({
      position,
      kind: line.kind,
      add_on_id: line.addOnId,
      name: line.name,
      price_cents: line.priceCents,
      minutes: line.minutes,
    })),
  );
  const candidate = tx.$with('candidate', { id: bays.id }).as(sql`
    select ${bays.id} from ${bays}
    where ${bays.id} = any(${sql.param(bayIds)}::uuid[]) and ${bayServes(booking.serviceId)}
      and not ${bayBusyAfterSweep(bays.id, from, until, now)}
    -- Free bays (busy: false) first, then the shop's order.
    order by ${bayBusyDuring(bays.id, from, until)}, ${bays.sortOrder}, ${bays.id}
    limit 1`);
  const booked = tx.$with('booked', { id: bookings.id }).as(sql`
    insert into ${bookings} (${sql.join(GIVEN, sql`, `)})
    select ${booking.customerId}::uuid, ${booking.serviceId}::uuid, ${booking.slotId}::uuid, candidate.id,
      ${booking.priceCents}::integer, ${asInstant(from)}, ${asInstant(until)},
      ${booking.holdUntil?.toISOString() ?? null}::timestamptz,
      ${booking.clientAddress}::text, ${booking.vehicle?.id ?? null}::uuid, ${booking.vehicleClass?.id ?? null}::uuid,
      ${booking.vehicleClass?.name ?? null}::text, ${vehicle}::jsonb, ${booking.vehicle?.plate ?? null}::text,
      ${booking.status}::booking_status, ${booking.payWith}::pay_with, ${booking.bookedBy}::uuid,
      ${booking.bookedBy !== null}::boolean, ${booking.customerNote}::text, ${booking.policyVersion}::integer
    from candidate where not ${bayBusyDuring(sql`candidate.id`, from, until)}
    returning ${bookings.id}`);
  // Its lines, in the same statement: inserted only if the booking is.
  const lined = tx.$with('lined', { id: bookingLines.id }).as(sql`
    insert into ${bookingLines} (${sql.join(LINE_COLUMNS, sql`, `)})
    select booked.id, line.position, line.kind, line.add_on_id, line.name, line.price_cents, line.minutes
    from booked, jsonb_to_recordset(${lines}::jsonb) as line(position smallint, kind booking_line_kind,
      add_on_id uuid, name text, price_cents integer, minutes integer)
    returning ${bookingLines.id}`);
  const [outcome] = await tx
    .with(candidate, booked, lined)
    .select({ bookingId: booked.id })
    .from(candidate)
    .leftJoin(booked, sql`true`)
    // The same text for as many bays: a named statement, parsed once per connection.
    .prepare('take_free_bay')
    .execute();
  return outcome;
}

/**
 * Gives the booking the first bay of `bayIds` (share-locked by the caller, see `lockReservation`) in the
 * shop's order that is free over its time. Bookings share the bays' locks, so two of them can pick one bay
 * at once: the second insert then waits until the first's transaction ends (on the row of the bookings'
 * position counter, which every insert takes until it ends, and on the exclusion constraint) and the
 * constraint refuses it if the first committed. That insert is undone to a savepoint and the choice made
 * again in a fresh snapshot, which sees the winner: each lost race shows one more bay taken, so this ends
 * with a bay or with every bay seen busy. The constraint, not this code, keeps bays from double booking.
 */
export async function takeFreeBay(tx: Executor, booking: NewBooking, bayIds: string[]): Promise<BayOutcome> {
  if (bayIds.length === 0) return { kind: 'full', lapsedHoldsInTheWay: false };
  await tx.execute(sql`savepoint take_free_bay`);
  // Bays can free up and be taken again while this runs: past one lost race per bay, it gives up as full.
  for (let race = 0; race <= bayIds.length; race++) {
    try {
      const outcome = await bookFirstFreeBay(tx, booking, bayIds);
      if (outcome?.bookingId) return { kind: 'booked', bookingId: outcome.bookingId };
      return { kind: 'full', lapsedHoldsInTheWay: outcome !== undefined };
    } catch (error) {
      if (!violates(error, BAY_OVERLAP)) throw error;
      await tx.execute(sql`rollback to savepoint take_free_bay`);
    }
  }
  return { kind: 'full', lapsedHoldsInTheWay: false };
}
