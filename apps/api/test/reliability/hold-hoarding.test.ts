import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { bookings } from '../../src/db/schema';
import {
  asUser,
  availabilityOf,
  createTestApp,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../helper';

const DEFAULT_MAX_PENDING_HOLDS = 2;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ payment: { maxPendingHolds: DEFAULT_MAX_PENDING_HOLDS } });
});
afterAll(async () => {
  await t.close();
});

const book = (caller: TestUser, service: string, slot: string) =>
  t.app.inject(asUser(caller, { method: 'POST', url: '/api/bookings', payload: { service, slot } }));

const pendingOf = async (customerId: string) =>
  t.database.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.customerId, customerId), eq(bookings.status, 'pending')));

describe('unpaid holds', () => {
  it('are two per customer by default', () => {
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).payment.maxPendingHolds).toBe(DEFAULT_MAX_PENDING_HOLDS);
  });

  it('cannot be hoarded: one account reaching for all 24 slots of a service holds two, the rest stay free', async () => {
    const hoarder = await signedInUser(t.app);
    const { service, slots: all } = await serviceWithSlots(t.app, {
      name: 'Hoarded Wash',
      durationMinutes: 30,
      slotCount: 24,
    });
    expect(all).toHaveLength(24);
    const statuses: number[] = [];
    const messages = new Set<string>();
    for (const slot of all) {
      const response = await book(hoarder, service.id, slot.id);
      statuses.push(response.statusCode);
      if (response.statusCode === 409) messages.add(response.json().message);
    }
    expect(statuses).toEqual([201, 201, ...Array(22).fill(409)]);
    expect([...messages]).toEqual([BOOKING_MESSAGES.tooManyHolds(2)]);
    expect(await pendingOf(hoarder.id)).toHaveLength(2);
    const seen = await availabilityOf(t.app, service.id, all[0]?.date ?? '');
    expect(seen.filter((slot) => slot.isBooked === 'available')).toHaveLength(22);

    // Another customer is not held back by the hoarder.
    const other = await signedInUser(t.app);
    expect((await book(other, service.id, all[2]?.id ?? '')).statusCode).toBe(201);
  });

  it('make room again once one is paid, cancelled or runs out', async () => {
    const customer = await signedInUser(t.app);
    const { service, slots: all } = await serviceWithSlots(t.app, {
      name: 'Returning Wash',
      durationMinutes: 30,
      slotCount: 6,
    });
    const ids = all.map((slot) => slot.id);
    const first = await book(customer, service.id, ids[0] ?? '');
    const second = await book(customer, service.id, ids[1] ?? '');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect((await book(customer, service.id, ids[2] ?? '')).statusCode).toBe(409);

    // Paid: no longer a hold.
    const session = String(first.json().data.payment_url).split('/pay/')[1];
    expect((await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` })).statusCode).toBe(303);
    expect((await book(customer, service.id, ids[2] ?? '')).statusCode).toBe(201);
    expect((await book(customer, service.id, ids[3] ?? '')).statusCode).toBe(409);

    // A hold past its time no longer counts, even before the sweeper has run.
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, second.json().data.booking._id));
    expect((await book(customer, service.id, ids[3] ?? '')).statusCode).toBe(201);
  });

  it('are counted under a lock: of twelve concurrent bookings by one customer, exactly two succeed', async () => {
    const customer = await signedInUser(t.app);
    const { service, slots: all } = await serviceWithSlots(t.app, {
      name: 'Raced Wash',
      durationMinutes: 30,
      slotCount: 12,
    });
    const responses = await Promise.all(all.map((slot) => book(customer, service.id, slot.id)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, ...Array(10).fill(409)]);
    expect(await pendingOf(customer.id)).toHaveLength(2);
    const seen = await availabilityOf(t.app, service.id, all[0]?.date ?? '');
    expect(seen.filter((slot) => slot.isBooked === 'booked')).toHaveLength(2);
  });
});
