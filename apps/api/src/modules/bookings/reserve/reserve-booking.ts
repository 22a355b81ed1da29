import type { PayWith } from '@carcare/contracts/front-desk-constants';
import type { PaymentPolicy } from '@carcare/contracts/payment-policy-constants';
import { sql } from 'drizzle-orm';
import { lockClassOf } from '../../../db/advisory-locks';
import { builtOnce } from '../../../db/built-once';
import type { Executor } from '../../../db/client';
import { onePerHandle } from '../../../db/one-per-handle';
import type { BookedVehicle, services } from '../../../db/schema';
import { batchingQueue } from '../../../lib/batching-queue';
import type { BookingWindow, SlotRefusal } from './bookable-slot';
import type { JobSpan } from './job-span';
import type { PricedLine } from './price-job';

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
  /** While unpaid holds cover this percentage of a day's bay time, no new one is taken that day (100: no cap). */
  maxUnpaidDayPercent: number;
  /** When a generated time may be booked online: from the minimum notice, up to the horizon. */
  window: BookingWindow;
  /** How long the job keeps the bay, besides the service's buffer (see `JobSpan`). */
  job: JobSpan;
};

/** The booking written when the reservation is open. */
export type NewBooking = {
  /**
   * The job's priced lines, the service's first, its minutes null for the slot's own length; undefined for
   * SPEC.md's booking: the service at its price, as the database holds it then, for the slot's length.
   */
  lines: readonly PricedLine<number | null>[] | undefined;
  /** The class that priced it and the vehicle booked, as they are now; nulls for SPEC.md's booking. */
  vehicleClass: { id: string; name: string } | null;
  vehicle: { id: string; booked: BookedVehicle; plate: string | null } | null;
  /** Until when an unpaid booking holds its bay; null for a booking confirmed at once. */
  holdUntil: Date | null;
  /** `pending` until paid online; `confirm` at once when paid at the counter or by a member's plan. */
  status: 'pending' | 'confirm';
  payWith: PayWith;
  /** The staff member or administrator who booked it for the customer; null when the customer did. */
  bookedBy: string | null;
  /** The customer's own note for the shop. */
  customerNote: string | null;
  /** The version of the shop's terms the customer accepted, which must still be the shop's; null when none. */
  policyVersion: number | null;
  /** The membership whose wash pays for it, counted with it; null when none does. */
  membershipId: string | null;
};

export type Reservation =
  | { kind: 'serviceGone' }
  | { kind: 'tooManyHolds' }
  | { kind: 'tooManyHoldsFromAddress' }
  | { kind: 'unbookable'; refusal: SlotRefusal }
  /** The job and its buffer would not end by the time the shop closes after this start. */
  | { kind: 'runsPastClosing' }
  /** The shop's terms changed since the customer accepted them. */
  | { kind: 'policyChanged' }
  /** Every bay the booking may take is busy, even once the holds that ran out are swept. */
  | { kind: 'full' }
  /** Every bay is busy, but sweeping the holds that ran out would free one. */
  | { kind: 'lapsedHoldsInTheWay' }
  /** The day's unpaid holds already cover the share of its bay time they may. */
  | { kind: 'dayHeldByUnpaid' }
  | {
      kind: 'booked';
      bookingId: string;
      /** What the booking costs: the sum of its lines. */
      priceCents: number;
      service: { name: string; paymentMode: (typeof services.paymentMode.enumValues)[number] };
      /** The slot's business day and its times there, which the checkout's description names. */
      slot: { date: string; startTime: string; endTime: string };
      /** The shop's currency and terms as the settings row share-locked until the booking was made says them. */
      currency: string;
      policy: PaymentPolicy;
    };

/** The values `reserve_booking` is called with, by name. */
type ReserveValues = {
  customer: string;
  service: string;
  slot: string;
  now: string;
  earliest: string;
  lastDate: string;
  maxHolds: number;
  address: string;
  maxHoldsFromAddress: number;
  classMinutes: number | null;
  extraMinutes: number;
  lines: string | null;
  holdUntil: string | null;
  status: 'pending' | 'confirm';
  payWith: PayWith;
  bookedBy: string | null;
  note: string | null;
  vehicleClassId: string | null;
  vehicleClassName: string | null;
  vehicleId: string | null;
  vehicle: string | null;
  vehiclePlate: string | null;
  policyVersion: number | null;
  membership: string | null;
  maxUnpaidPercent: number;
  look: boolean;
  lockClasses: string;
};

type ReserveRow = {
  outcome: Exclude<Reservation['kind'], 'unbookable'> | SlotRefusal['reason'];
  booking: string | null;
  total_cents: number | null;
  service_name: string | null;
  shop_currency: string | null;
  shop_policy: PaymentPolicy | string | null;
  service_payment_mode: (typeof services.paymentMode.enumValues)[number] | null;
  slot_date: string | null;
  slot_start: string | null;
  slot_end: string | null;
};

/** The call, built once: it runs for every booking attempt of a rush. */
const reserveStatement = builtOnce<ReserveValues, ReserveRow>(
  'reserve_booking',
  (value) => sql`select outcome, booking, total_cents, service_name, shop_currency, shop_policy, service_payment_mode,
      slot_date, slot_start, slot_end
    from reserve_booking(
      p_customer => ${value('customer')}::uuid, p_service => ${value('service')}::uuid,
      p_slot => ${value('slot')}::uuid, p_now => ${value('now')}::timestamptz,
      p_earliest => ${value('earliest')}::timestamptz, p_last_date => ${value('lastDate')}::date,
      p_max_holds => ${value('maxHolds')}::integer, p_address => ${value('address')}::text,
      p_max_holds_from_address => ${value('maxHoldsFromAddress')}::integer,
      p_class_minutes => ${value('classMinutes')}::integer, p_extra_minutes => ${value('extraMinutes')}::integer,
      p_lines => ${value('lines')}::jsonb, p_hold_until => ${value('holdUntil')}::timestamptz,
      p_status => ${value('status')}::booking_status, p_pay_with => ${value('payWith')}::pay_with,
      p_booked_by => ${value('bookedBy')}::uuid, p_note => ${value('note')}::text,
      p_vehicle_class_id => ${value('vehicleClassId')}::uuid, p_vehicle_class_name => ${value('vehicleClassName')}::text,
      p_vehicle_id => ${value('vehicleId')}::uuid, p_vehicle => ${value('vehicle')}::jsonb,
      p_vehicle_plate => ${value('vehiclePlate')}::text, p_policy_version => ${value('policyVersion')}::integer,
      p_membership => ${value('membership')}::uuid, p_max_unpaid_percent => ${value('maxUnpaidPercent')}::integer,
      p_look => ${value('look')}::boolean, p_lock_classes => ${value('lockClasses')}::integer[])`,
);

const LOCK_CLASSES = `{${(['customerBookings', 'addressBookings', 'unpaidDay'] as const).map(lockClassOf).join(',')}}`;

/** An attempt `reserve_bookings` could not make: the database's error, as the driver would have raised it. */
class AttemptError extends Error {
  readonly code: string;
  readonly constraint: string | undefined;
  readonly detail: string | undefined;
  constructor(error: { code: string; constraint: string | null; message: string; detail: string | null }) {
    super(error.message);
    this.name = 'AttemptError';
    this.code = error.code;
    this.constraint = error.constraint ?? undefined;
    this.detail = error.detail ?? undefined;
  }
}

type BatchAnswer =
  | ReserveRow
  | { error: { code: string; constraint: string | null; message: string; detail: string | null } };

/** Several attempts in one call and one transaction (decision 058), built once. */
const reserveBatchStatement = builtOnce<{ attempts: string; lockClasses: string }, { answers: BatchAnswer[] | string }>(
  'reserve_bookings',
  (value) => sql`select answers from reserve_bookings(${value('attempts')}::jsonb, ${value('lockClasses')}::integer[])`,
);

/** A deadlock the database broke: the attempt is made again on its own, which cannot take part in one. */
const DEADLOCK_DETECTED = '40P01';

/**
 * How many calls of attempts may be under way at once before further attempts queue: one less than the pool's
 * default five connections, so that a rush's winners find one for their checkouts' records.
 */
const CALLS_AT_ONCE = 4;
/** The most attempts one call makes. */
const LARGEST_BATCH = 25;

/**
 * The attempts in one call to `reserve_bookings`: each one's answer, or its error as the driver would raise it. An
 * attempt caught in a deadlock the database broke is made again on its own, where it cannot be caught in one.
 */
async function reserveTogether(db: Executor, attempts: ReserveValues[]) {
  const [row] = await reserveBatchStatement(db, { attempts: JSON.stringify(attempts), lockClasses: LOCK_CLASSES });
  // Both drivers answer json as text or parsed, as their settings say.
  const answers = typeof row?.answers === 'string' ? (JSON.parse(row.answers) as BatchAnswer[]) : row?.answers;
  if (answers?.length !== attempts.length) throw new Error('reserve_bookings did not answer every attempt');
  return Promise.all(
    answers.map(async (answer, index): Promise<{ answer: ReserveRow | undefined } | { error: Error }> => {
      if (!('error' in answer)) return { answer };
      const attempt = attempts[index];
      if (answer.error.code !== DEADLOCK_DETECTED || !attempt) return { error: new AttemptError(answer.error) };
      try {
        return { answer: (await reserveStatement(db, attempt))[0] };
      } catch (error) {
        return { error: error instanceof Error ? error : new Error(String(error)) };
      }
    }),
  );
}

/** Each database's queue of attempts that look before they lock (see `batchingQueue`). */
const queueOf = onePerHandle((db: Executor) =>
  batchingQueue<ReserveValues, ReserveRow | undefined>({
    callsAtOnce: CALLS_AT_ONCE,
    largestBatch: LARGEST_BATCH,
    single: async (values) => (await reserveStatement(db, values))[0],
    batch: (attempts) => reserveTogether(db, attempts),
  }),
);

const SLOT_REFUSALS: Record<SlotRefusal['reason'], SlotRefusal> = {
  unknown: { status: 404, reason: 'unknown' },
  otherService: { status: 409, reason: 'otherService' },
  cancelled: { status: 409, reason: 'cancelled' },
  past: { status: 409, reason: 'past' },
  tooSoon: { status: 409, reason: 'tooSoon' },
  beyondHorizon: { status: 409, reason: 'beyondHorizon' },
};

/** The job's lines as the database takes them. */
function lineRows(lines: readonly PricedLine<number | null>[]): string {
  return JSON.stringify(
    lines.map((line, position) => ({
      position,
      kind: line.kind,
      add_on_id: line.addOnId,
      name: line.name,
      price_cents: line.priceCents,
      minutes: line.minutes,
    })),
  );
}

/**
 * Makes the booking in one call to the database (`reserve_booking`, decision 051): a look that locks nothing
 * and refuses what the shop cannot take now, then, under the customer's and the address's locks and the shop's,
 * the service's, the slot's and the bays' share locks, everything judged again and the booking written with its
 * lines in the first bay free over its time; or nothing written and the refusal answered. Called on its own, the
 * call is its own transaction; inside one (`look: false`, a walk-in whose slot is made first), its locks last
 * until that one ends. Refusals come in the order the customer is told them: the service, their holds, their
 * address's holds, the slot, the job's end, the terms, the bays, the day's unpaid share. An attempt on its own
 * goes through the instance's queue: in a call of its own while the database has room, or in a rush with the
 * attempts queued beside it (`reserveBookingsTogether`, decision 058).
 */
export async function reserveBooking(
  db: Executor,
  request: ReservationRequest,
  booking: NewBooking,
  { look }: { look: boolean },
): Promise<Reservation> {
  const values = valuesOf(request, booking, look);
  // An attempt that looks first, on its own, goes through the database's queue; one inside a transaction is sent
  // at once, in it.
  return reservationOf(look ? await queueOf(db)(values) : (await reserveStatement(db, values))[0]);
}

/**
 * Makes several attempts in one call and one transaction (`reserve_bookings`, decision 058), each as
 * `reserveBooking` would make it on its own: its reservation, or the error the database refused it with.
 */
export async function reserveBookingsTogether(
  db: Executor,
  attempts: ReadonlyArray<{ request: ReservationRequest; booking: NewBooking }>,
): Promise<Array<Reservation | Error>> {
  const made = await reserveTogether(
    db,
    attempts.map(({ request, booking }) => valuesOf(request, booking, true)),
  );
  return made.map((result) => ('error' in result ? result.error : reservationOf(result.answer)));
}

/** What `reserve_booking` is called with for this attempt. */
function valuesOf(request: ReservationRequest, booking: NewBooking, look: boolean): ReserveValues {
  const { job, window } = request;
  return {
    customer: request.customerId,
    service: request.serviceId,
    slot: request.slotId,
    now: request.now.toISOString(),
    earliest: window.earliest.toISOString(),
    lastDate: window.lastDate,
    maxHolds: request.maxPendingHolds,
    address: request.clientAddress,
    maxHoldsFromAddress: request.maxPendingHoldsPerAddress,
    classMinutes: job.classMinutes,
    extraMinutes: job.extraMinutes,
    lines: booking.lines === undefined ? null : lineRows(booking.lines),
    holdUntil: booking.holdUntil?.toISOString() ?? null,
    status: booking.status,
    payWith: booking.payWith,
    bookedBy: booking.bookedBy,
    note: booking.customerNote,
    vehicleClassId: booking.vehicleClass?.id ?? null,
    vehicleClassName: booking.vehicleClass?.name ?? null,
    vehicleId: booking.vehicle?.id ?? null,
    vehicle: booking.vehicle === null ? null : JSON.stringify(booking.vehicle.booked),
    vehiclePlate: booking.vehicle?.plate ?? null,
    policyVersion: booking.policyVersion,
    membership: booking.membershipId,
    maxUnpaidPercent: Math.min(100, request.maxUnpaidDayPercent),
    look,
    lockClasses: LOCK_CLASSES,
  };
}

/** `reserve_booking`'s answer as the reservation it says. */
function reservationOf(row: ReserveRow | undefined): Reservation {
  if (!row) throw new Error('reserve_booking answered no row');
  const { outcome } = row;
  if (outcome in SLOT_REFUSALS) return { kind: 'unbookable', refusal: SLOT_REFUSALS[outcome as SlotRefusal['reason']] };
  if (outcome !== 'booked') return { kind: outcome as Exclude<Reservation['kind'], 'unbookable' | 'booked'> };
  const { booking: bookingId, total_cents, service_name, shop_currency, shop_policy, service_payment_mode } = row;
  const { slot_date, slot_start, slot_end } = row;
  if (!bookingId || total_cents === null || !service_name || !shop_currency || !shop_policy || !service_payment_mode) {
    throw new Error('reserve_booking booked without answering what it booked');
  }
  if (!slot_date || !slot_start || !slot_end) throw new Error('reserve_booking booked without answering its slot');
  return {
    kind: 'booked',
    bookingId,
    priceCents: total_cents,
    service: { name: service_name, paymentMode: service_payment_mode },
    slot: { date: slot_date, startTime: slot_start, endTime: slot_end },
    currency: shop_currency,
    // Both drivers answer json as text or parsed, as their settings say.
    policy: typeof shop_policy === 'string' ? (JSON.parse(shop_policy) as PaymentPolicy) : shop_policy,
  };
}
