import {
  BOOKING_MESSAGES,
  DEFAULT_MAX_PENDING_HOLDS_PER_ADDRESS,
  DEFAULT_MAX_UNPAID_DAY_PERCENT,
  DEFAULT_PAYMENT_HOLD_MINUTES,
  DEFAULT_UNOPENED_HOLD_MINUTES,
} from '@carcare/contracts/bookings-constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { bookings } from '../../src/db/schema';
import { expireStaleHolds } from '../../src/modules/bookings/checkout/holds';
import { asUser, createTestApp, serviceWithSlots, signedInUser, type TestApp, type TestUser } from '../helper';

let t: TestApp;
beforeAll(async () => {
  // The limits a shop runs with, and one proxy in front of it that tells each visitor's address.
  t = await createTestApp({
    trustProxy: ['127.0.0.1'],
    payment: {
      maxPendingHolds: 2,
      maxPendingHoldsPerAddress: DEFAULT_MAX_PENDING_HOLDS_PER_ADDRESS,
      maxUnpaidDayPercent: DEFAULT_MAX_UNPAID_DAY_PERCENT,
    },
  });
});
afterAll(async () => {
  await t.close();
});

const book = (caller: TestUser, service: string, slot: string, address = '203.0.113.7') =>
  t.app.inject(
    asUser(caller, {
      method: 'POST',
      url: '/api/bookings',
      payload: { service, slot },
      headers: { 'x-forwarded-for': address },
    }),
  );

const customers = (count: number) => Promise.all(Array.from({ length: count }, () => signedInUser(t.app)));

const stored = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];

const sessionOf = (response: { json: () => { data: { payment_url: string } } }) =>
  new URL(response.json().data.payment_url).pathname.split('/pay/')[1] ?? '';

const pendingFrom = async (address: string) =>
  t.database.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.clientAddress, address), eq(bookings.status, 'pending')));

describe('unpaid holds per client address', () => {
  it('are four by default, whatever the accounts behind them', () => {
    const config = loadConfig({ DATA_DIR: t.config.dataDir });
    expect(config.payment.maxPendingHoldsPerAddress).toBe(4);
    expect(config.payment.unopenedHoldMinutes).toBe(3);
    expect(config.payment.maxUnpaidDayPercent).toBe(50);
  });

  it('stop twelve fresh accounts from one address at four holds, at once, while another address books', async () => {
    const { service, slots } = await serviceWithSlots(t.app, {
      name: 'Address Wash',
      durationMinutes: 30,
      slotCount: 14,
    });
    const accounts = await customers(12);
    const responses = await Promise.all(
      accounts.map((account, n) => book(account, service.id, slots[n]?.id ?? '', '198.51.100.20')),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(4).fill(201), ...Array(8).fill(409)]);
    const refusals = new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().message));
    expect([...refusals]).toEqual([BOOKING_MESSAGES.tooManyHoldsFromAddress]);
    expect(await pendingFrom('198.51.100.20')).toHaveLength(4);

    const [neighbour] = await customers(1);
    expect((await book(neighbour as TestUser, service.id, slots[12]?.id ?? '', '198.51.100.21')).statusCode).toBe(201);
  });

  it('make room again once one is paid or its hold runs out', async () => {
    const { service, slots } = await serviceWithSlots(t.app, {
      name: 'Returning Address',
      durationMinutes: 30,
      slotCount: 8,
    });
    const accounts = await customers(6);
    const address = '198.51.100.30';
    const made = [];
    for (const [n, account] of accounts.slice(0, 4).entries())
      made.push(await book(account, service.id, slots[n]?.id ?? '', address));
    expect(made.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    const fifth = accounts[4] as TestUser;
    expect((await book(fifth, service.id, slots[4]?.id ?? '', address)).json().message).toBe(
      BOOKING_MESSAGES.tooManyHoldsFromAddress,
    );

    const paid = await t.app.inject({ method: 'POST', url: `/pay/${sessionOf(made[0] as never)}/pay` });
    expect(paid.statusCode).toBe(303);
    expect((await book(fifth, service.id, slots[4]?.id ?? '', address)).statusCode).toBe(201);
    const sixth = accounts[5] as TestUser;
    expect((await book(sixth, service.id, slots[5]?.id ?? '', address)).statusCode).toBe(409);

    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, made[1]?.json().data.booking._id));
    expect((await book(sixth, service.id, slots[5]?.id ?? '', address)).statusCode).toBe(201);
  });

  it('are counted by the address the trusted proxy names, and a forged header from elsewhere changes nothing', async () => {
    const { service, slots } = await serviceWithSlots(t.app, {
      name: 'Forged Address',
      durationMinutes: 30,
      slotCount: 8,
    });
    const accounts = await customers(6);
    // Not from the trusted proxy: its X-Forwarded-For is the client's own word, and ignored.
    const direct = (account: TestUser, n: number) =>
      t.app.inject(
        asUser(account, {
          method: 'POST',
          url: '/api/bookings',
          payload: { service: service.id, slot: slots[n]?.id },
          headers: { 'x-forwarded-for': `192.0.2.${n}` },
          remoteAddress: '203.0.113.99',
        }),
      );
    const statuses = [];
    for (const [n, account] of accounts.entries()) statuses.push((await direct(account, n)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 409, 409]);
    expect(await pendingFrom('203.0.113.99')).toHaveLength(4);
  });
});

describe("unpaid holds' share of a day", () => {
  it('stops at half the bay time of the day; a paid booking leaves room, other days are untouched', async () => {
    // One bay, eight hours of one-hour slots: 240 minutes may be held unpaid at once.
    const { service, slots } = await serviceWithSlots(t.app, {
      name: 'Long Detail',
      durationMinutes: 60,
      slotCount: 8,
    });
    const accounts = await customers(7);
    const made = [];
    for (const [n, account] of accounts.slice(0, 5).entries()) {
      made.push(await book(account, service.id, slots[n]?.id ?? '', `198.51.100.${100 + n}`));
    }
    expect(made.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 409]);
    expect(made[4]?.json()).toEqual({ success: false, message: BOOKING_MESSAGES.dayHeldByUnpaid });
    const pendingOnDay = await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.serviceId, service.id), eq(bookings.status, 'pending')));
    expect(pendingOnDay).toHaveLength(4);

    // Another day is another share.
    const other = await serviceWithSlots(t.app, { name: 'Other Day Detail', durationMinutes: 60, slotCount: 8 });
    expect(
      (await book(accounts[5] as TestUser, other.service.id, other.slots[0]?.id ?? '', '198.51.100.120')).statusCode,
    ).toBe(201);

    // Paid, a booking no longer holds the day unpaid: the next customer gets a time.
    expect((await t.app.inject({ method: 'POST', url: `/pay/${sessionOf(made[0] as never)}/pay` })).statusCode).toBe(
      303,
    );
    expect((await book(accounts[6] as TestUser, service.id, slots[5]?.id ?? '', '198.51.100.121')).statusCode).toBe(
      201,
    );
  });

  it('never closes a day to its first customer, however long the job', async () => {
    const { service, slots } = await serviceWithSlots(t.app, {
      name: 'Full Day Ceramic',
      durationMinutes: 480,
      slotCount: 1,
    });
    const [customer] = await customers(1);
    expect((await book(customer as TestUser, service.id, slots[0]?.id ?? '', '198.51.100.130')).statusCode).toBe(201);
  });
});

describe('a hold before the checkout is opened', () => {
  it('lasts a few minutes; opening the checkout holds the time for the whole payment hold, once', async () => {
    const { service, slots } = await serviceWithSlots(t.app, { name: 'Short Hold', durationMinutes: 30, slotCount: 4 });
    const [walker, payer] = (await customers(2)) as [TestUser, TestUser];
    const before = Date.now();
    const abandoned = await book(walker, service.id, slots[0]?.id ?? '', '198.51.100.140');
    const opened = await book(payer, service.id, slots[1]?.id ?? '', '198.51.100.141');
    const abandonedId = abandoned.json().data.booking._id;
    const openedId = opened.json().data.booking._id;
    const holdOf = async (id: string) => ((await stored(id))?.holdExpiresAt?.getTime() ?? 0) - before;
    expect(await holdOf(abandonedId)).toBeGreaterThanOrEqual(DEFAULT_UNOPENED_HOLD_MINUTES * 60_000);
    expect(await holdOf(abandonedId)).toBeLessThan(DEFAULT_UNOPENED_HOLD_MINUTES * 60_000 + 5000);

    const page = await t.app.inject({ method: 'GET', url: `/pay/${sessionOf(opened)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay');
    expect(await holdOf(openedId)).toBeGreaterThanOrEqual(DEFAULT_PAYMENT_HOLD_MINUTES * 60_000);
    expect(await holdOf(openedId)).toBeLessThan(DEFAULT_PAYMENT_HOLD_MINUTES * 60_000 + 5000);
    // Opened again, it is held no longer.
    const held = await holdOf(openedId);
    await t.app.inject({ method: 'GET', url: `/pay/${sessionOf(opened)}` });
    expect(await holdOf(openedId)).toBe(held);

    // Four minutes on, the booking whose checkout was never opened has let its time go; the other holds.
    // (The other suites' holds of this file, never opened, go with it.)
    const later = new Date(before + (DEFAULT_UNOPENED_HOLD_MINUTES + 1) * 60_000);
    expect(await expireStaleHolds(t.database.db, t.app.payments, t.app.log, later)).toBeGreaterThanOrEqual(1);
    expect(await stored(abandonedId)).toMatchObject({ status: 'cancel', payment: 'unpaid', checkoutOpenedAt: null });
    expect(await stored(openedId)).toMatchObject({ status: 'pending' });
    // Opening a checkout whose hold ended revives nothing.
    const late = await t.app.inject({ method: 'GET', url: `/pay/${sessionOf(abandoned)}` });
    expect(late.statusCode).toBe(200);
    expect(late.body).not.toContain('<form');
    expect(await stored(abandonedId)).toMatchObject({ status: 'cancel' });

    const end = new Date(before + (DEFAULT_PAYMENT_HOLD_MINUTES + 1) * 60_000);
    expect(await expireStaleHolds(t.database.db, t.app.payments, t.app.log, end)).toBeGreaterThanOrEqual(1);
    expect(await stored(openedId)).toMatchObject({ status: 'cancel' });
  });
});
