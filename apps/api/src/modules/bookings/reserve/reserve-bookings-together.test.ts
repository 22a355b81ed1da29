import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, serviceWithSlots, signedInUser, type TestApp } from '../../../../test/helper';
import { onlineAttempt } from '../../../../test/reservations';
import { databaseErrorOf } from '../../../db/errors';
import { bookings, bookingTotals } from '../../../db/schema';
import { reserveBookingsTogether } from './reserve-booking';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A customer's online booking of `slotId`, from an address of their own. */
const attempt = (customerId: string, serviceId: string, slotId: string) =>
  onlineAttempt({
    customerId,
    serviceId,
    slotId,
    address: `198.51.100.${customerId.charCodeAt(0)}`,
    maxPendingHolds: 3,
  });

const customers = (count: number) =>
  Promise.all(Array.from({ length: count }, async () => (await signedInUser(t.app)).id));

/** The customers holding a live booking of the slot. */
const holders = async (slotId: string) =>
  (await t.database.db.select({ customer: bookings.customerId }).from(bookings).where(eq(bookings.slotId, slotId)))
    .map((row) => row.customer)
    .sort();

describe('booking attempts made together, in one call', () => {
  it('makes them in order, each answered as a call of its own would answer it', async () => {
    // The test shop has one bay: one booking a slot.
    const { service, slots } = await serviceWithSlots(t.app, { slotCount: 2, daysAhead: 3 });
    const [first, second] = slots.map((slot) => slot.id);
    if (!first || !second) throw new Error('the service has no slots');
    const [a, b, c] = await customers(3);
    if (!a || !b || !c) throw new Error('the customers were not made');

    const [before] = await t.database.db.select({ total: bookingTotals.total }).from(bookingTotals);
    const answers = await reserveBookingsTogether(t.database.db, [
      attempt(a, service.id, first),
      attempt(b, service.id, first),
      attempt(c, service.id, second),
      attempt(b, service.id, randomUUID()),
    ]);

    expect(answers.map((answer) => (answer instanceof Error ? answer.message : answer.kind))).toEqual([
      'booked',
      'full',
      'booked',
      'unbookable',
    ]);
    expect(answers[3]).toEqual({ kind: 'unbookable', refusal: { status: 404, reason: 'unknown' } });
    expect(answers[0]).toMatchObject({ kind: 'booked', priceCents: service.priceCents, currency: 'USD' });
    expect(await holders(first)).toEqual([a]);
    expect(await holders(second)).toEqual([c]);
    // Numbered one after another in the order they were made, from the count of bookings before the batch.
    const made = answers.flatMap((answer) => (answer instanceof Error || answer.kind !== 'booked' ? [] : [answer]));
    const numbered = await t.database.db
      .select({ id: bookings.id, position: bookings.position })
      .from(bookings)
      .where(inArray(bookings.slotId, [first, second]))
      .orderBy(bookings.position);
    const total = before?.total ?? 0;
    expect(numbered).toEqual(made.map((booking, n) => ({ id: booking.bookingId, position: total + n + 1 })));
    expect(await t.database.db.select({ total: bookingTotals.total }).from(bookingTotals)).toEqual([
      { total: total + 2 },
    ]);
  });

  it('answers an attempt the database refuses with its error, as the driver raises it, and makes the others', async () => {
    const { service, slots } = await serviceWithSlots(t.app, { slotCount: 2, daysAhead: 4 });
    const [first, second] = slots.map((slot) => slot.id);
    if (!first || !second) throw new Error('the service has no slots');
    const [a, b] = await customers(2);
    if (!a || !b) throw new Error('the customers were not made');
    const nobody = randomUUID();

    const answers = await reserveBookingsTogether(t.database.db, [
      attempt(nobody, service.id, first),
      attempt(a, service.id, first),
      attempt(b, service.id, second),
    ]);

    const [refused, ...made] = answers;
    expect(refused).toBeInstanceOf(Error);
    expect(databaseErrorOf(refused)).toMatchObject({ code: '23503', constraint: 'bookings_customer_id_users_id_fk' });
    expect(made.map((answer) => (answer instanceof Error ? answer.message : answer.kind))).toEqual([
      'booked',
      'booked',
    ]);
    // The refused attempt wrote nothing: the first slot went to the next customer.
    expect(await holders(first)).toEqual([a]);
    expect(await holders(second)).toEqual([b]);
  });
});
