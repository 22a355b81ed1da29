import type { Booking, BookingFilters, BookingMessage } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES, type BookingStatus } from '@carcare/contracts/bookings-constants';
import type {
  BookingFeeKind,
  BookingFeeStatus,
  PaymentKind,
  PaymentMethod,
} from '@carcare/contracts/front-desk-constants';
import { lateCancellationCost, type PaymentPolicy } from '@carcare/contracts/payment-policy-constants';
import type { BookingLine } from '@carcare/contracts/quotes';
import { normalisePlate } from '@carcare/contracts/vehicles-constants';
import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  like,
  lt,
  ne,
  or,
  type SQL,
  sql,
  type WithSubquery,
} from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { prepared } from '../../../db/prepared';
import {
  bays,
  bookingFees,
  bookingLines,
  bookingMessages,
  bookings,
  bookingTotals,
  ledgerEntries,
  memberships,
  plans,
  policyVersions,
  redemptions,
  refunds,
  services,
  slots,
  type UserRow,
  users,
} from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { businessInstant, shiftDay } from '../../../lib/business-time';
import { containsPattern } from '../../../lib/search';
import { isShop } from '../../../plugins/auth';

const bookingColumns = {
  id: bookings.id,
  status: bookings.status,
  payment: bookings.payment,
  holdExpiresAt: bookings.holdExpiresAt,
  createdAt: bookings.createdAt,
  customerId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  serviceId: services.id,
  serviceName: services.name,
  priceCents: bookings.priceCents,
  durationMinutes: services.durationMinutes,
  slotId: slots.id,
  date: slots.date,
  startTime: slots.startTime,
  endTime: slots.endTime,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  bayId: bays.id,
  bayName: bays.name,
  refundCents: refunds.amountCents,
  refundStatus: refunds.status,
  position: bookings.position,
  vehicleId: bookings.vehicleId,
  vehicleClassId: bookings.vehicleClassId,
  vehicleClassName: bookings.vehicleClassName,
  vehicle: bookings.vehicle,
  occupiedFrom: bookings.occupiedFrom,
  occupiedUntil: bookings.occupiedUntil,
  lines: sql<StoredLine[]>`(select coalesce(json_agg(json_build_object('kind', ${bookingLines.kind},
      'addOn', ${bookingLines.addOnId}, 'name', ${bookingLines.name}, 'priceCents', ${bookingLines.priceCents},
      'minutes', ${bookingLines.minutes}) order by ${bookingLines.position}), '[]'::json)
    from ${bookingLines} where ${bookingLines.bookingId} = ${bookings.id})`,
  payWith: bookings.payWith,
  bookedByShop: bookings.bookedByShop,
  customerNote: bookings.customerNote,
  cancelReason: bookings.cancelReason,
  policyVersion: bookings.policyVersion,
  // The accepted terms' rule for a cancellation after the cut-off; null when no terms were accepted.
  lateTerms: sql<PaymentPolicy['lateCancellation'] | null>`(select ${policyVersions.policy} -> 'lateCancellation'
    from ${policyVersions} where ${policyVersions.version} = ${bookings.policyVersion})`,
  // The plan that paid the job, through its wash (given back or not: it paid the booking as made).
  membership: sql<{ _id: string; name: string } | null>`(select json_build_object('_id', ${redemptions.membershipId},
      'name', ${plans.name}) from ${redemptions} join ${memberships} on ${memberships.id} = ${redemptions.membershipId}
      join ${plans} on ${plans.id} = ${memberships.planId} where ${redemptions.bookingId} = ${bookings.id})`,
  ledger: sql<StoredPayment[]>`(select coalesce(json_agg(json_build_object('id', ${ledgerEntries.id},
      'kind', ${ledgerEntries.kind}, 'method', ${ledgerEntries.method}, 'amountCents', ${ledgerEntries.amountCents},
      'createdAt', ${ledgerEntries.createdAt}) order by ${ledgerEntries.createdAt}, ${ledgerEntries.id}), '[]'::json)
    from ${ledgerEntries} where ${ledgerEntries.bookingId} = ${bookings.id})`,
  readyAt: bookings.readyAt,
  messages: sql<StoredMessage[]>`(select coalesce(json_agg(json_build_object('kind', ${bookingMessages.kind},
      'channel', ${bookingMessages.channel}, 'status', ${bookingMessages.status}, 'sentAt', ${bookingMessages.sentAt},
      'createdAt', ${bookingMessages.createdAt}) order by ${bookingMessages.createdAt}, ${bookingMessages.id}), '[]'::json)
    from ${bookingMessages} where ${bookingMessages.bookingId} = ${bookings.id})`,
  fees: sql<StoredFee[]>`(select coalesce(json_agg(json_build_object('id', ${bookingFees.id},
      'kind', ${bookingFees.kind}, 'amountCents', ${bookingFees.amountCents}, 'status', ${bookingFees.status},
      'waiveReason', ${bookingFees.waiveReason}) order by ${bookingFees.createdAt}, ${bookingFees.id}), '[]'::json)
    from ${bookingFees} where ${bookingFees.bookingId} = ${bookings.id})`,
};

/** A message as the query above gives it (its instants as JSON text). */
type StoredMessage = Omit<BookingMessage, 'sentAt' | 'createdAt'> & { sentAt: string | null; createdAt: string };

/** A fee as the query above gives it. */
type StoredFee = {
  id: string;
  kind: BookingFeeKind;
  amountCents: number;
  status: BookingFeeStatus;
  waiveReason: string | null;
};

/** A ledger row as the query above gives it (its instant as JSON text). */
type StoredPayment = {
  id: string;
  kind: PaymentKind;
  method: PaymentMethod;
  amountCents: number;
  createdAt: string;
};

/** The statuses whose price is still owed in full: the job is ahead, under way or done. */
const OWES_THE_JOB: ReadonlySet<BookingStatus> = new Set(['pending', 'confirm', 'completed']);

/**
 * What was paid for a booking (its ledger's sum, refunds negative) and what is still due: the price less what
 * was paid for the job, while the job is owed; nothing once it is cancelled or missed.
 */
export function moneyOf(
  booking: { status: BookingStatus; priceCents: number },
  ledger: ReadonlyArray<{ kind: PaymentKind; amountCents: number }>,
  fees: ReadonlyArray<{ status: BookingFeeStatus; amountCents: number }> = [],
) {
  const paidCents = ledger.reduce((sum, row) => sum + row.amountCents, 0);
  const paidForJobCents = ledger.reduce((sum, row) => (row.kind === 'fee' ? sum : sum + row.amountCents), 0);
  const jobDueCents = OWES_THE_JOB.has(booking.status) ? Math.max(0, booking.priceCents - paidForJobCents) : 0;
  // A fee neither taken nor waived is owed too (its money is in the ledger once charged).
  const feesDueCents = fees.reduce((sum, fee) => (FEE_OWED.has(fee.status) ? sum + fee.amountCents : sum), 0);
  return { paidCents, dueCents: jobDueCents + feesDueCents };
}

/** The fee statuses still owed: not charged yet, refused by the card, or waiting for the customer. */
const FEE_OWED: ReadonlySet<BookingFeeStatus> = new Set(['due', 'declined', 'awaiting_customer']);

/** A line as the query above gives it. */
type StoredLine = {
  kind: BookingLine['kind'];
  addOn: string | null;
  name: string;
  priceCents: number;
  minutes: number;
};

/** What a late cancellation of the booking costs under its accepted terms (see Booking's `lateCancellation`). */
function lateCancellationOf(row: Pick<BookingRow, 'lateTerms' | 'priceCents' | 'ledger'>): Booking['lateCancellation'] {
  if (!row.lateTerms) return null;
  const depositPaidCents = row.ledger.reduce(
    (sum, entry) => (entry.kind === 'deposit' ? sum + entry.amountCents : sum),
    0,
  );
  const cost = lateCancellationCost(row.lateTerms, row.priceCents, depositPaidCents);
  return cost ? { kind: cost.kind, amount: cost.cents / 100 } : null;
}

type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

function toBookingDto(row: BookingRow): Booking {
  const money = moneyOf(row, row.ledger, row.fees);
  return {
    _id: row.id,
    customer: {
      _id: row.customerId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email ?? '',
      phone: row.phone,
    },
    service: { _id: row.serviceId, name: row.serviceName, price: row.priceCents / 100, duration: row.durationMinutes },
    slot: {
      _id: row.slotId,
      date: row.date,
      startTime: row.startTime,
      endTime: row.endTime,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
    },
    bay: { _id: row.bayId, name: row.bayName },
    bayHeld: { from: row.occupiedFrom.toISOString(), until: row.occupiedUntil.toISOString() },
    payment: row.payment,
    status: row.status,
    holdExpiresAt: row.status === 'pending' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    refund:
      row.refundCents !== null && (row.refundStatus === 'pending' || row.refundStatus === 'refunded')
        ? { amount: row.refundCents / 100, status: row.refundStatus }
        : null,
    createdAt: row.createdAt.toISOString(),
    total: row.priceCents / 100,
    duration: row.lines.reduce((minutes, line) => minutes + line.minutes, 0),
    lines: row.lines.map((line) => ({
      kind: line.kind,
      addOn: line.addOn,
      name: line.name,
      price: line.priceCents / 100,
      minutes: line.minutes,
    })),
    vehicleClass:
      row.vehicleClassId !== null && row.vehicleClassName !== null
        ? { _id: row.vehicleClassId, name: row.vehicleClassName }
        : null,
    vehicle: row.vehicleId !== null && row.vehicle !== null ? { _id: row.vehicleId, ...row.vehicle } : null,
    amountPaid: money.paidCents / 100,
    balanceDue: money.dueCents / 100,
    payments: row.ledger.map((entry) => ({
      _id: entry.id,
      kind: entry.kind,
      method: entry.method,
      amount: entry.amountCents / 100,
      createdAt: new Date(entry.createdAt).toISOString(),
    })),
    payWith: row.payWith,
    bookedByShop: row.bookedByShop,
    customerNote: row.customerNote,
    cancelReason: row.cancelReason,
    policyVersion: row.policyVersion,
    lateCancellation: lateCancellationOf(row),
    membership: row.membership,
    readyAt: row.readyAt?.toISOString() ?? null,
    messages: row.messages.map((message) => ({
      ...message,
      sentAt: message.sentAt === null ? null : new Date(message.sentAt).toISOString(),
      createdAt: new Date(message.createdAt).toISOString(),
    })),
    fees: row.fees.map((fee) => ({
      _id: fee.id,
      kind: fee.kind,
      amount: fee.amountCents / 100,
      status: fee.status,
      waiveReason: fee.waiveReason,
    })),
  };
}

/** What the bookings are read through: a handle, or a handle's WITH part (`getBookingAlongside`). */
type Selecting = Pick<Executor, 'select'>;

function selectBookings(db: Selecting, where: SQL | undefined) {
  return (
    db
      .select(bookingColumns)
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.customerId))
      .innerJoin(services, eq(services.id, bookings.serviceId))
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .innerJoin(bays, eq(bays.id, bookings.bayId))
      // At most one refund per booking is pending or done (refunds_live_booking_key).
      .leftJoin(refunds, and(eq(refunds.bookingId, bookings.id), inArray(refunds.status, ['pending', 'refunded'])))
      .where(where)
  );
}

export async function getBooking(db: Executor, id: string): Promise<Booking | undefined> {
  // Read after every booking made or changed: built once per handle, prepared once per connection.
  const statement = prepared(db, 'get_booking', (handle) =>
    selectBookings(handle, eq(bookings.id, sql.placeholder('id')))
      .limit(1)
      .prepare('get_booking'),
  );
  const [row] = await statement.execute({ id });
  return row ? toBookingDto(row) : undefined;
}

/**
 * The booking `bookingId`, read in the statement whose WITH part makes a write first (`alongside`): one round trip
 * for both. PostgreSQL runs a writing WITH once and to its end whether or not the rest reads it, and the read sees
 * the tables as they stood before that write, so the write must touch nothing the read shows. Built once per
 * handle and prepared once per connection as the statement `name`, whose values are the write's and `bookingId`.
 */
export async function getBookingAlongside<Values extends { bookingId: string }>(
  db: Executor,
  name: string,
  alongside: (handle: Executor) => WithSubquery,
  values: Values,
): Promise<Booking | undefined> {
  const statement = prepared(db, name, (handle) =>
    selectBookings(handle.with(alongside(handle)), eq(bookings.id, sql.placeholder('bookingId')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute(values);
  return row ? toBookingDto(row) : undefined;
}

/**
 * The bookings `ids` names, read in the statement whose WITH part makes a write first, as `getBookingAlongside`
 * reads one: `ids` is a subquery over the statement's values that gives the ids (each at most once). Built once
 * per handle and prepared once per connection as the statement `name`.
 *
 * The ids are matched as an array (`= any(array(…))`), not `in (…)`: the planner counts the rows of a function over
 * a value (`jsonb_array_elements`) as a hundred, and for a hundred ids it reads every booking of the shop and every
 * customer rather than each booking by its key.
 */
export async function getBookingsAlongside<Values extends Record<string, unknown>>(
  db: Executor,
  name: string,
  alongside: (handle: Executor) => WithSubquery,
  ids: SQL,
  values: Values,
): Promise<Booking[]> {
  const statement = prepared(db, name, (handle) =>
    selectBookings(handle.with(alongside(handle)), sql`${bookings.id} = any(array${ids})`).prepare(name),
  );
  const rows = await statement.execute(values);
  return rows.map(toBookingDto);
}

/** A booking its customer or the shop (staff, the administrator) may see; anyone else is told it does not exist. */
export async function getBookingFor(db: Executor, id: string, caller: UserRow): Promise<Booking> {
  const booking = await getBooking(db, id);
  if (!booking || (!isShop(caller) && booking.customer._id !== caller.id)) {
    throw new AppError(404, BOOKING_MESSAGES.notFound);
  }
  return booking;
}

/** The instant a business day starts, in the shop's time zone. */
const dayStart = (date: string, timeZone: string) => businessInstant(date, '00:00', timeZone);

/** Only phone characters, with at least this many digits: also matched against the phone's digits alone. */
const PHONE_LIKE = /^[\d\s()+.-]+$/;
const PHONE_MIN_DIGITS = 3;

/** Customers whose name, email or phone contains the term, literally and whatever its case. */
function customersMatching(db: Executor, term: string) {
  const pattern = containsPattern(term);
  const matches = [
    sql`${users.firstName} || ' ' || ${users.lastName} ilike ${pattern}`,
    ilike(users.email, pattern),
    ilike(users.phone, pattern),
  ];
  const digits = term.replace(/\D/g, '');
  if (PHONE_LIKE.test(term) && digits.length >= PHONE_MIN_DIGITS) {
    matches.push(sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g') like ${containsPattern(digits)}`);
  }
  return db
    .select({ id: users.id })
    .from(users)
    .where(or(...matches));
}

/** The SQL conditions of Booking Management's filters; `from` and `to` are business days of the slot. */
export function bookingFilterConditions(db: Executor, filters: BookingFilters, timeZone: string): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(bookings.status, filters.status));
  if (filters.payment) conditions.push(eq(bookings.payment, filters.payment));
  if (filters.service) conditions.push(eq(bookings.serviceId, filters.service));
  if (filters.bay) conditions.push(eq(bookings.bayId, filters.bay));
  // A booking occupies its bay from its slot's start, so the slot's day is the day of occupied_from.
  if (filters.from) conditions.push(gte(bookings.occupiedFrom, dayStart(filters.from, timeZone)));
  if (filters.to) conditions.push(lt(bookings.occupiedFrom, dayStart(shiftDay(filters.to, 1), timeZone)));
  if (filters.search) {
    const byCustomer = inArray(bookings.customerId, customersMatching(db, filters.search));
    // A plate is searched as stored, normalised: "ab-12" finds AB12CD.
    const plate = normalisePlate(filters.search);
    conditions.push(
      plate === undefined ? byCustomer : (or(byCustomer, like(bookings.vehiclePlate, containsPattern(plate))) as SQL),
    );
  }
  return conditions;
}

const hasFilters = (filters: BookingFilters) => Object.values(filters).some((value) => value !== undefined);

/**
 * Bookings newest first, a page at a time. Bookings are numbered 1…total without gaps as they are made, so
 * without filters page N is a range of positions read from their index: the last page costs what the first
 * does. With filters, the page walks an index on (filtered column, position) from the newest.
 */
export async function listBookings(
  db: Executor,
  query: { page: number; limit: number } & BookingFilters,
  timeZone: string,
) {
  const { page, limit, ...filters } = query;
  if (!hasFilters(filters)) {
    const [totals] = await db.select({ total: bookingTotals.total }).from(bookingTotals);
    const total = totals?.total ?? 0;
    const newest = total - (page - 1) * limit;
    const rows =
      newest < 1
        ? []
        : await selectBookings(db, between(bookings.position, Math.max(1, newest - limit + 1), newest)).orderBy(
            desc(bookings.position),
          );
    return { bookings: rows.map(toBookingDto), totalDoc: total };
  }
  const where = and(...bookingFilterConditions(db, filters, timeZone));
  // The page's positions first, from the filter's (column, position) index alone; then only those rows
  // are joined with their customer, service, slot and bay.
  const pagePositions = db
    .select({ position: bookings.position })
    .from(bookings)
    .where(where)
    .orderBy(desc(bookings.position))
    .limit(limit)
    .offset((page - 1) * limit);
  const [rows, [counted]] = await Promise.all([
    selectBookings(db, inArray(bookings.position, pagePositions)).orderBy(desc(bookings.position)),
    db.select({ total: count() }).from(bookings).where(where),
  ]);
  return { bookings: rows.map(toBookingDto), totalDoc: counted?.total ?? 0 };
}

/**
 * Every booking matching the filters, newest first, in batches of `batchSize` read by position: a caller
 * holds one batch at a time however many there are.
 */
export async function* matchingBookingBatches(
  db: Executor,
  filters: BookingFilters,
  timeZone: string,
  batchSize = 1000,
): AsyncGenerator<Booking[]> {
  const conditions = bookingFilterConditions(db, filters, timeZone);
  let before: number | undefined;
  for (;;) {
    const rows = await selectBookings(
      db,
      and(...conditions, before === undefined ? undefined : lt(bookings.position, before)),
    )
      .orderBy(desc(bookings.position))
      .limit(batchSize);
    if (rows.length > 0) yield rows.map(toBookingDto);
    if (rows.length < batchSize) return;
    before = rows[rows.length - 1]?.position;
  }
}

/**
 * Whether the customer has a booking that makes them a customer of the shop: one completed (paid online or
 * at the counter) or paid for, and not refunded. A refund under way counts as given back: the booking is
 * being cancelled.
 */
export async function hasUnrefundedPurchase(db: Executor, customerId: string): Promise<boolean> {
  const [kept] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.customerId, customerId),
        or(eq(bookings.status, 'completed'), eq(bookings.payment, 'paid')),
        sql`not exists (select 1 from ${refunds} where ${refunds.bookingId} = ${bookings.id}
          and ${refunds.status} in ('pending', 'refunded'))`,
      ),
    )
    .limit(1);
  return kept !== undefined;
}

export async function listCustomerBookings(
  db: Executor,
  customerId: string,
  filters: { payment?: Booking['payment']; status?: Booking['status'] },
): Promise<Booking[]> {
  const conditions = [eq(bookings.customerId, customerId)];
  if (filters.payment) conditions.push(eq(bookings.payment, filters.payment));
  if (filters.status) conditions.push(eq(bookings.status, filters.status));
  const rows = await selectBookings(db, and(...conditions)).orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map(toBookingDto);
}

/** The bookings that take a bay over `[start, end)` (every status but cancelled), by start and bay. */
export async function listBookingsStartingBetween(db: Executor, start: Date, end: Date): Promise<Booking[]> {
  const rows = await selectBookings(
    db,
    and(gte(bookings.occupiedFrom, start), lt(bookings.occupiedFrom, end), ne(bookings.status, 'cancel')),
  ).orderBy(asc(bookings.occupiedFrom), asc(bays.sortOrder));
  return rows.map(toBookingDto);
}
