import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, serviceWithSlots, signedInUser, type TestApp } from '../../../../test/helper';
import { onlineAttempt } from '../../../../test/reservations';
import { databaseErrorOf } from '../../../db/errors';
import { payments } from '../../../db/schema';
import { reserveBookingsTogether } from '../reserve/reserve-booking';
import { type CheckoutToRecord, recordCheckout, recordCheckoutsTogether } from './checkout-records';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** `count` pending bookings of one service, each of its own customer and slot: their ids. */
async function pendingBookings(count: number, daysAhead: number): Promise<string[]> {
  const { service, slots } = await serviceWithSlots(t.app, { slotCount: count, daysAhead });
  const attempts = await Promise.all(
    slots.map(async (slot, index) =>
      onlineAttempt({
        customerId: (await signedInUser(t.app)).id,
        serviceId: service.id,
        slotId: slot.id,
        address: `198.51.100.${index + 1}`,
      }),
    ),
  );
  return (await reserveBookingsTogether(t.database.db, attempts)).map((made) => {
    if (made instanceof Error || made.kind !== 'booked') throw new Error('a booking was not made');
    return made.bookingId;
  });
}

/** A provider's checkout of the whole price for `bookingId`. */
const checkoutOf = (bookingId: string, sessionId = `cs_${randomUUID()}`): CheckoutToRecord => ({
  bookingId,
  provider: 'sandbox',
  sessionId,
  checkoutUrl: `https://checkout.test/${sessionId}`,
  returnOrigin: null,
  amountCents: 4500,
  currency: 'USD',
});

const recordsOf = (bookingIds: string[]) =>
  t.database.db
    .select({
      bookingId: payments.bookingId,
      sessionId: payments.sessionId,
      status: payments.status,
      purpose: payments.purpose,
      savesCard: payments.savesCard,
      amountCents: payments.amountCents,
      returnOrigin: payments.returnOrigin,
    })
    .from(payments)
    .where(inArray(payments.bookingId, bookingIds));

describe("checkouts' records made together", () => {
  it('records each checkout and answers each its own booking', async () => {
    const ids = await pendingBookings(3, 3);
    const [first, second, third] = ids;
    if (!first || !second || !third) throw new Error('the bookings were not made');
    const checkouts = [
      checkoutOf(first),
      { ...checkoutOf(second), purpose: 'deposit' as const, amountCents: 1000, savesCard: true },
      { ...checkoutOf(third), returnOrigin: 'https://older-client.test' },
    ];

    const answers = await recordCheckoutsTogether(t.database.db, checkouts);

    expect(answers.map((answer) => (answer instanceof Error ? answer.message : answer?._id))).toEqual(ids);
    expect(answers.map((answer) => (answer instanceof Error ? answer : answer?.status))).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    const stored = await recordsOf(ids);
    expect(stored.sort((a, b) => ids.indexOf(a.bookingId) - ids.indexOf(b.bookingId))).toEqual([
      {
        bookingId: first,
        sessionId: checkouts[0]?.sessionId,
        status: 'open',
        purpose: 'full',
        savesCard: false,
        amountCents: 4500,
        returnOrigin: null,
      },
      {
        bookingId: second,
        sessionId: checkouts[1]?.sessionId,
        status: 'open',
        purpose: 'deposit',
        savesCard: true,
        amountCents: 1000,
        returnOrigin: null,
      },
      {
        bookingId: third,
        sessionId: checkouts[2]?.sessionId,
        status: 'open',
        purpose: 'full',
        savesCard: false,
        amountCents: 4500,
        returnOrigin: 'https://older-client.test',
      },
    ]);
  });

  it('refuses only the records the database refuses, with their errors, and makes the others', async () => {
    const ids = await pendingBookings(6, 4);
    const reused = ids.map(() => `cs_${randomUUID()}`);
    // Three pairs of records that share a session; within each, the earlier one is made, as one by one.
    const checkouts = ids.map((id, index) => checkoutOf(id, reused[Math.floor(index / 2)]));

    const answers = await recordCheckoutsTogether(t.database.db, [
      ...checkouts.slice(0, 1),
      checkoutOf(randomUUID()),
      ...checkouts.slice(1),
    ]);

    expect(databaseErrorOf(answers[1])).toMatchObject({
      code: '23503',
      constraint: 'payments_booking_id_bookings_id_fk',
    });
    const [, , ...rest] = answers;
    const madeOrRefused = [answers[0], ...rest].map((answer) =>
      answer instanceof Error ? databaseErrorOf(answer)?.constraint : answer?._id,
    );
    expect(madeOrRefused).toEqual(ids.map((id, index) => (index % 2 === 0 ? id : 'payments_provider_session_key')));
    const stored = await recordsOf(ids);
    expect(stored.map((record) => [record.bookingId, record.sessionId]).sort()).toEqual(
      ids
        .filter((_, index) => index % 2 === 0)
        .map((id, pair) => [id, reused[pair]])
        .sort(),
    );
  });

  it('goes through the queue: records asked for at once are all made, each answered its booking', async () => {
    const ids = await pendingBookings(4, 5);

    const answers = await Promise.all(ids.map((id) => recordCheckout(t.database.db, checkoutOf(id))));

    expect(answers.map((answer) => answer?._id)).toEqual(ids);
    const stored = await t.database.db
      .select({ bookingId: payments.bookingId })
      .from(payments)
      .where(inArray(payments.bookingId, ids));
    expect(stored.map((row) => row.bookingId).sort()).toEqual([...ids].sort());
    expect(await t.database.db.select().from(payments).where(eq(payments.bookingId, randomUUID()))).toEqual([]);
  });
});
