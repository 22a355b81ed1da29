import type { Booking } from '@carcare/contracts/bookings';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { databaseErrorOf } from '../../../db/errors';
import { onePerHandle } from '../../../db/one-per-handle';
import { payments } from '../../../db/schema';
import { batchingQueue } from '../../../lib/batching-queue';
import type { PaymentOutcome } from '../../payments/public';
import { getBookingAlongside, getBookingsAlongside } from '../reads/booking-reads';

type CheckoutRecord = typeof payments.$inferSelect;

/** A checkout to remember: the provider's session for a booking, and what it takes. */
export type CheckoutToRecord = {
  bookingId: string;
  provider: string;
  sessionId: string;
  checkoutUrl: string;
  /** The other origin whose page made the booking, to lead the customer back to after paying; null: our web app. */
  returnOrigin: string | null;
  amountCents: number;
  currency: string;
  /** The checkout also keeps the card it is paid with (the provider was asked to). */
  savesCard?: boolean;
  /** What it takes: the whole price (the default) or a deposit; its ledger row is of this kind once paid. */
  purpose?: 'full' | 'deposit';
};

type RecordValues = Required<CheckoutToRecord>;

/**
 * How many calls of records may be under way at once before further records queue: the one connection the
 * booking attempts leave free (`CALLS_AT_ONCE` in reserve-booking.ts, of the pool's default five).
 */
const RECORDS_AT_ONCE = 1;
/** The most records one call makes. */
const LARGEST_BATCH = 25;

/** The class of SQLSTATEs of a row a constraint refuses. */
const INTEGRITY_VIOLATION = '23';

/**
 * Remembers the checkout a provider opened for a booking, open until the provider reports its outcome, and
 * answers the booking as it stands, read in the same statement. A rush's winners record their checkouts together
 * (decision 059): while a record is being made, the next ones queue and go in one statement and one commit.
 */
export async function recordCheckout(db: Executor, input: CheckoutToRecord): Promise<Booking | undefined> {
  return queueOf(db)(valuesOf(input));
}

/** Several checkouts' records made at once, as a queue's batch makes them: each one's booking, or its error. */
export async function recordCheckoutsTogether(
  db: Executor,
  inputs: readonly CheckoutToRecord[],
): Promise<Array<Booking | undefined | Error>> {
  const made = await recordTogether(db, inputs.map(valuesOf));
  return made.map((result) => ('error' in result ? result.error : result.answer));
}

/** The record with its defaults: a checkout of the whole price that keeps no card. */
const valuesOf = (input: CheckoutToRecord): RecordValues => ({
  ...input,
  savesCard: input.savesCard ?? false,
  purpose: input.purpose ?? 'full',
});

/** One checkout's record, in a statement of its own: one round trip. */
function recordOne(db: Executor, values: RecordValues): Promise<Booking | undefined> {
  return getBookingAlongside(
    db,
    'record_checkout',
    (handle) =>
      handle.$with('recorded').as(
        handle
          .insert(payments)
          .values({
            bookingId: sql.placeholder('bookingId'),
            provider: sql.placeholder('provider'),
            sessionId: sql.placeholder('sessionId'),
            checkoutUrl: sql.placeholder('checkoutUrl'),
            returnOrigin: sql.placeholder('returnOrigin'),
            amountCents: sql.placeholder('amountCents'),
            currency: sql.placeholder('currency'),
            savesCard: sql.placeholder('savesCard'),
            purpose: sql.placeholder('purpose'),
          })
          .returning({ id: payments.id }),
      ),
    values,
  );
}

/**
 * Several checkouts' records in one statement, each answered its booking. A record the database refuses fails the
 * statement; each is then made on its own, in order, so that only that one is refused.
 */
async function recordTogether(
  db: Executor,
  records: RecordValues[],
): Promise<Array<{ answer: Booking | undefined } | { error: Error }>> {
  let made: Booking[];
  try {
    made = await getBookingsAlongside(
      db,
      'record_checkouts',
      (handle) => handle.$with('recorded', {}).as(insertRecords()),
      sql`(select (record ->> 'bookingId')::uuid from jsonb_array_elements(${sql.placeholder('records')}::jsonb) record)`,
      { records: JSON.stringify(records) },
    );
  } catch (error) {
    // Anything but a row the constraints refuse (class 23) is the call's failure, and fails each record alike.
    if (!databaseErrorOf(error)?.code.startsWith(INTEGRITY_VIOLATION)) throw error;
    // One after the other, in the order asked: of two records that clash, the earlier is made, as one by one.
    const each: Array<{ answer: Booking | undefined } | { error: Error }> = [];
    for (const record of records) {
      each.push(
        await recordOne(db, record).then(
          (answer) => ({ answer }),
          (error: unknown) => ({ error: error instanceof Error ? error : new Error(String(error)) }),
        ),
      );
    }
    return each;
  }
  const byId = new Map(made.map((booking) => [booking._id, booking]));
  return records.map((record) => ({ answer: byId.get(record.bookingId) }));
}

/** The records of the statement's value `records`, a JSON array of `RecordValues`, inserted at once. */
function insertRecords() {
  const column = (of: AnyPgColumn) => sql.identifier(of.name);
  return sql`insert into ${payments} (${column(payments.bookingId)}, ${column(payments.provider)},
      ${column(payments.sessionId)}, ${column(payments.checkoutUrl)}, ${column(payments.returnOrigin)},
      ${column(payments.amountCents)}, ${column(payments.currency)}, ${column(payments.savesCard)},
      ${column(payments.purpose)})
    select "bookingId", provider, "sessionId", "checkoutUrl", "returnOrigin", "amountCents", currency, "savesCard",
      purpose
    from jsonb_to_recordset(${sql.placeholder('records')}::jsonb) as record("bookingId" uuid, provider text,
      "sessionId" text, "checkoutUrl" text, "returnOrigin" text, "amountCents" integer, currency text,
      "savesCard" boolean, purpose payment_kind)
    returning ${payments.id}`;
}

/** Each database's queue of records (see `batchingQueue`). */
const queueOf = onePerHandle((db: Executor) =>
  batchingQueue<RecordValues, Booking | undefined>({
    callsAtOnce: RECORDS_AT_ONCE,
    largestBatch: LARGEST_BATCH,
    single: (record) => recordOne(db, record),
    batch: (records) => recordTogether(db, records),
  }),
);

export async function findCheckout(
  db: Executor,
  provider: string,
  sessionId: string,
): Promise<CheckoutRecord | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.sessionId, sessionId)))
    .limit(1);
  return payment;
}

/**
 * Moves an open checkout to its outcome. Only the first report of a session counts: a repeated or late
 * one finds nothing open and changes nothing. A payment also closes a checkout we expired ourselves when
 * its hold ran out: the customer paid before the provider heard of it, and the money must be recorded, to
 * be given back.
 */
export async function closeCheckout(
  db: Executor,
  provider: string,
  sessionId: string,
  outcome: PaymentOutcome,
): Promise<CheckoutRecord | undefined> {
  const closable: CheckoutRecord['status'][] = outcome === 'paid' ? ['open', 'expired'] : ['open'];
  const [payment] = await db
    .update(payments)
    .set({ status: outcome })
    .where(and(eq(payments.provider, provider), eq(payments.sessionId, sessionId), inArray(payments.status, closable)))
    .returning();
  return payment;
}

/** Expires the open checkouts of bookings whose hold ended; returns them, to close at the provider. */
export async function expireOpenCheckouts(db: Executor, bookingIds: string[]): Promise<CheckoutRecord[]> {
  if (bookingIds.length === 0) return [];
  return db
    .update(payments)
    .set({ status: 'expired' })
    .where(and(inArray(payments.bookingId, bookingIds), eq(payments.status, 'open')))
    .returning();
}
