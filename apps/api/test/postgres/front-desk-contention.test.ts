import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { bookings, ledgerEntries, slots } from '../../src/db/schema';
import {
  asUser,
  createPostgresDatabase,
  createTestApp,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
  utcSlotRow,
  waitForLockWaits,
} from '../helper';
import {
  demoShopOpenDaily,
  postJson as post,
  registerCustomers,
  type ServerProcess,
  startInstances,
} from '../server-process';
import { everyDay, setShopWeek } from '../shop-hours';

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInUser(t.app);
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

/** A booking the shop made for Alice, paid at the counter: confirmed, 45.50 due. */
async function counterBooking(desk: TestUser, name: string) {
  const {
    service,
    slots: [slot],
  } = await serviceWithSlots(t.app, { name, slotCount: 1 });
  const response = await t.app.inject(
    asUser(desk, {
      method: 'POST',
      url: '/api/bookings',
      payload: { service: service.id, slot: slot?.id, customer: alice.id },
    }),
  );
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().data.booking._id as string;
}

const ledgerOf = (bookingId: string) =>
  t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId));

describe('two desks taking the balance at once', () => {
  it('record it once: the other is told nothing is due', async () => {
    const [first, second] = [await signedInUser(t.app, 'staff'), await signedInUser(t.app, 'admin')];
    const bookingId = await counterBooking(first, 'Two desks');
    // The booking's row is held while both requests arrive, so that both are waiting on it at once.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from bookings where id = $1 for update', [bookingId]);
      const takes = [first, second].map((desk) =>
        t.app.inject(
          asUser(desk, {
            method: 'POST',
            url: `/api/bookings/${bookingId}/payments`,
            payload: { method: 'card', amount: 45.5 },
          }),
        ),
      );
      await waitForLockWaits(holder, 2);
      await holder.query('commit');
      const answers = await Promise.all(takes);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409);
      expect(refused?.json().message).toBe(FRONT_DESK_MESSAGES.nothingDue);
    } finally {
      await holder.end();
    }
    const rows = await ledgerOf(bookingId);
    expect(rows.map((row) => [row.kind, row.amountCents])).toEqual([['full', 4550]]);
    expect((await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]?.payment).toBe('paid');
  });

  it('with one key sent twice, record it once and answer both', async () => {
    const desk = await signedInUser(t.app, 'staff');
    const bookingId = await counterBooking(desk, 'One key twice');
    const send = () =>
      t.app.inject(
        asUser(desk, {
          method: 'POST',
          url: `/api/bookings/${bookingId}/payments`,
          headers: { 'idempotency-key': `retry-${bookingId}` },
          payload: { method: 'cash', amount: 10 },
        }),
      );
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await ledgerOf(bookingId)).map((row) => row.amountCents)).toEqual([1000]);
  });
});

describe('a walk-in and a customer racing for the last bay now', () => {
  it('give it to exactly one of them, each time', async () => {
    const { service } = await serviceWithSlots(t.app, { name: 'Raced bay', slotCount: 1 });
    await setShopWeek(t.app, { hours: everyDay([['00:00', '24:00']]) });
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const hour of [9, 12, 15]) {
      const now = new Date(`${day}T${String(hour).padStart(2, '0')}:00:30.000Z`);
      vi.useFakeTimers({ toFake: ['Date'], now });
      // Signed in at this moment, so that their tokens are fresh at it.
      const desk = await signedInUser(t.app, 'staff');
      const customer = await signedInUser(t.app);
      // The customer's own time starts where the walk-in's does: the next whole minute.
      const start = new Date(`${day}T${String(hour).padStart(2, '0')}:01:00.000Z`);
      const [slot] = await t.database.db
        .insert(slots)
        .values(utcSlotRow(service.id, start, new Date(start.getTime() + 60 * 60_000)))
        .returning();
      const answers = await Promise.all([
        t.app.inject(
          asUser(desk, {
            method: 'POST',
            url: '/api/bookings',
            payload: { service: service.id, customer: customer.id, walkIn: true },
          }),
        ),
        t.app.inject(
          asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slot?.id } }),
        ),
      ]);
      const statuses = answers.map((answer) => answer.statusCode);
      expect(
        statuses.filter((status) => status === 201),
        `${hour}:00 ${answers.map((a) => a.body)}`,
      ).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(1);
      const live = await t.database.db.select().from(bookings).where(eq(bookings.customerId, customer.id));
      expect(live).toHaveLength(1);
      vi.useRealTimers();
    }
  });
});

const ADMIN = { email: 'desk.admin@example.com', password: 'desk-admin-password' };

describe('two API processes on one PostgreSQL', () => {
  it('record the balance once when two desks take it at once through each', async () => {
    const postgres = await createPostgresDatabase();
    let stop = async () => {};
    try {
      const instances = await startInstances(2, {
        DATABASE_URL: postgres.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET: 'a-shared-secret-for-both-instances-of-the-api',
      });
      stop = instances.stop;
      const [a, b] = instances.servers as [ServerProcess, ServerProcess];
      await demoShopOpenDaily([a.base, b.base], ADMIN);
      const [customerToken] = await registerCustomers([a.base], 'desk', 1);
      const me = await (
        await fetch(`${a.base}/api/auth/auth-state`, { headers: { authorization: `Bearer ${customerToken}` } })
      ).json();
      const { accessToken: adminToken } = (await post(a.base, '/api/auth/login', ADMIN)).body;
      const service = (await (await fetch(`${a.base}/api/services?searchTerm=Express`)).json()).data[0];
      const day = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      const [slot] = (
        await (await fetch(`${b.base}/api/slots/availability?service=${service._id}&date=${day}`)).json()
      ).data.filter((each: { isBooked: string }) => each.isBooked === 'available');
      const made = await post(
        a.base,
        '/api/bookings',
        { service: service._id, slot: slot._id, customer: me.data._id },
        adminToken,
      );
      expect(made.status, made.body.message).toBe(201);
      const bookingId = made.body.data.booking._id as string;
      const price = made.body.data.booking.balanceDue as number;

      const holder = new pg.Client({ connectionString: postgres.url });
      await holder.connect();
      let answers: Array<{ status: number; body: { message: string } }>;
      try {
        await holder.query('begin');
        await holder.query('select 1 from bookings where id = $1 for update', [bookingId]);
        const takes = [a, b].map((server) =>
          post(server.base, `/api/bookings/${bookingId}/payments`, { method: 'card', amount: price }, adminToken),
        );
        await waitForLockWaits(holder, 2);
        await holder.query('commit');
        answers = await Promise.all(takes);
      } finally {
        await holder.end();
      }
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(FRONT_DESK_MESSAGES.nothingDue);

      const direct = await openDatabase({ kind: 'postgres', url: postgres.url });
      const rows = await direct.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId));
      await direct.close();
      expect(rows.map((row) => [row.kind, row.method, row.amountCents])).toEqual([
        ['full', 'card', Math.round(price * 100)],
      ]);
    } finally {
      await stop();
      await postgres.drop();
    }
  }, 120_000);
});
