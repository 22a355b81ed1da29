import { BAY_MESSAGES, type StrandedBooking } from '@carcare/contracts/bays-constants';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bayServices, bookings, serviceBays } from '../../src/db/schema';
import {
  asUser,
  createPostgresDatabase,
  createTestApp,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
  testDatabaseKind,
  waitForLockWaits,
} from '../helper';
import { startInstances } from '../server-process';

/** A fresh shop with its one bay, closed when the test ends. */
async function freshShop(): Promise<TestApp & { admin: TestUser; customer: TestUser; bayId: string }> {
  const t = await createTestApp();
  onTestFinished(() => t.close());
  const admin = await signedInUser(t.app, 'admin');
  const [bay] = (await t.app.inject(asUser(admin, { method: 'GET', url: '/api/bays' }))).json().data;
  return { ...t, admin, customer: await signedInUser(t.app), bayId: bay._id };
}

type Shop = Awaited<ReturnType<typeof freshShop>>;

const limitBay = (shop: Shop, bayId: string, services: string[]) =>
  shop.app.inject(asUser(shop.admin, { method: 'PUT', url: `/api/bays/${bayId}`, payload: { services } }));

const limitService = (shop: Shop, serviceId: string, bays: string[]) =>
  shop.app.inject(asUser(shop.admin, { method: 'PUT', url: `/api/services/${serviceId}`, payload: { bays } }));

const hold = async (shop: Shop, serviceId: string, slotId: string) => {
  const response = await shop.app.inject(
    asUser(shop.customer, { method: 'POST', url: '/api/bookings', payload: { service: serviceId, slot: slotId } }),
  );
  expect(response.statusCode).toBe(201);
  return response.json().data.booking._id as string;
};

const limitsOfBay = async (shop: Shop, bayId: string) =>
  (await shop.database.db.select().from(bayServices).where(eq(bayServices.bayId, bayId))).map((row) => row.serviceId);

describe('limiting a bay to services', () => {
  it('is refused with 409 listing the upcoming bookings it would strand (date, time, service), changing nothing', async () => {
    const shop = await freshShop();
    const wash = await serviceWithSlots(shop.app, { name: 'Foam Wash', slotCount: 3 });
    const coating = await serviceWithSlots(shop.app, { name: 'Ceramic Coating', slotCount: 1 });
    const [first, second] = wash.slots;
    await paidBooking(shop.app, shop.customer, wash.service.id, first?.id ?? '');
    await hold(shop, wash.service.id, second?.id ?? '');

    const refused = await limitBay(shop, shop.bayId, [coating.service.id]);

    expect(refused.statusCode).toBe(409);
    const stranded = [
      { date: first?.date ?? '', startTime: '08:00', service: 'Foam Wash' },
      { date: second?.date ?? '', startTime: '09:00', service: 'Foam Wash' },
    ];
    expect(refused.json()).toEqual({ success: false, message: BAY_MESSAGES.limitStrandsBookings(stranded) });
    expect(refused.json().message).toBe(
      `This bay cannot be limited to these services: it holds 2 upcoming bookings of services it would no longer serve (${first?.date} 08:00 Foam Wash; ${second?.date} 09:00 Foam Wash). Cancel or reschedule them first, or keep their services`,
    );
    expect(await limitsOfBay(shop, shop.bayId)).toEqual([]);

    // Keeping the bookings' service is allowed.
    const kept = await limitBay(shop, shop.bayId, [coating.service.id, wash.service.id]);
    expect(kept.statusCode).toBe(200);
    expect(new Set(kept.json().data.services)).toEqual(new Set([coating.service.id, wash.service.id]));
  });

  it('counts neither a hold that ran out, a booking in the past nor a cancelled one', async () => {
    const shop = await freshShop();
    const wash = await serviceWithSlots(shop.app, { name: 'Foam Wash', slotCount: 3 });
    const coating = await serviceWithSlots(shop.app, { name: 'Ceramic Coating', slotCount: 1 });
    const [lapsed, past, cancelled] = await Promise.all(wash.slots.map((slot) => hold(shop, wash.service.id, slot.id)));
    await shop.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, lapsed ?? ''));
    await shop.database.db
      .update(bookings)
      .set({ status: 'confirm', payment: 'paid', occupiedFrom: new Date(0), occupiedUntil: new Date(60_000) })
      .where(eq(bookings.id, past ?? ''));
    const refused = await limitBay(shop, shop.bayId, [coating.service.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      BAY_MESSAGES.limitStrandsBookings([
        { date: wash.slots[2]?.date ?? '', startTime: '10:00', service: 'Foam Wash' },
      ]),
    );
    expect(refused.json().message).toContain('it holds 1 upcoming booking of services');

    await shop.database.db
      .update(bookings)
      .set({ status: 'cancel' })
      .where(eq(bookings.id, cancelled ?? ''));
    const allowed = await limitBay(shop, shop.bayId, [coating.service.id]);
    expect(allowed.statusCode).toBe(200);
    expect(await limitsOfBay(shop, shop.bayId)).toEqual([coating.service.id]);
  });

  it('names ten bookings and counts the rest when it would strand more', async () => {
    const shop = await freshShop();
    const wash = await serviceWithSlots(shop.app, { name: 'Quick Rinse', durationMinutes: 30, slotCount: 12 });
    const coating = await serviceWithSlots(shop.app, { name: 'Ceramic Coating', slotCount: 1 });
    for (const slot of wash.slots) await hold(shop, wash.service.id, slot.id);

    const refused = await limitBay(shop, shop.bayId, [coating.service.id]);

    expect(refused.statusCode).toBe(409);
    const message: string = refused.json().message;
    expect(message).toBe(
      BAY_MESSAGES.limitStrandsBookings(
        wash.slots.map((slot) => ({ date: slot.date, startTime: slot.startTime, service: 'Quick Rinse' })),
      ),
    );
    expect(message).toContain('it holds 12 upcoming bookings');
    expect(message).toContain(`${wash.slots[9]?.date} 12:30 Quick Rinse; and 2 more)`);
  });
});

describe('limiting a service to bays', () => {
  it('is refused with 409 listing its upcoming bookings on the bays left out, changing nothing', async () => {
    const shop = await freshShop();
    const added = await shop.app.inject(
      asUser(shop.admin, { method: 'POST', url: '/api/bays', payload: { name: 'Lift Bay' } }),
    );
    const liftBay: string = added.json().data._id;
    const wash = await serviceWithSlots(shop.app, { name: 'Foam Wash', slotCount: 1 });
    const [slot] = wash.slots;
    await hold(shop, wash.service.id, slot?.id ?? '');

    const refused = await limitService(shop, wash.service.id, [liftBay]);

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      message: BAY_MESSAGES.serviceLimitStrandsBookings([
        { date: slot?.date ?? '', startTime: '08:00', service: 'Foam Wash' },
      ]),
    });
    expect(refused.json().message).toBe(
      `This service cannot be limited to these bays: 1 upcoming booking of it is on other bays (${slot?.date} 08:00 Foam Wash). Cancel or reschedule it first, or keep its bay`,
    );
    expect(await shop.database.db.select().from(serviceBays).where(eq(serviceBays.serviceId, wash.service.id))).toEqual(
      [],
    );

    const kept = await limitService(shop, wash.service.id, [liftBay, shop.bayId]);
    expect(kept.statusCode).toBe(200);
  });
});

type Json = Record<string, unknown>;
type Answer = { status: number; body: Json };

async function call(base: string, url: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}${url}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** The `data` of an answer, as the caller knows it to be shaped. */
const dataOf = <T>(answer: Answer) => answer.body.data as T;

const eventLoopTurns = async (turns: number) => {
  for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * How each round orders the limit and the bookings: queued behind a held bay row in a known order (on
 * PostgreSQL; the embedded database runs one transaction at a time, so there one simply goes first), or
 * racing freely: the limit sent this many turns of the event loop after the bookings, or, when negative,
 * the bookings sent that many turns after the limit.
 */
const ROUNDS = ['bookings first', 'limit first', 0, 1, 2, 4, 8, 16, -1, -2, -4, -8, -16] as const;

/**
 * Where the race runs: two API processes on one PostgreSQL database, as two instances of a shop, or the
 * embedded database's one instance (in this process, listening), and an administrator's token.
 */
async function raceShop(postgres: { url: string; drop: () => Promise<void> } | undefined) {
  if (!postgres) {
    const t = await createTestApp();
    onTestFinished(() => t.close());
    const admin = await signedInUser(t.app, 'admin');
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    return { a: base, b: base, token: admin.accessToken, databaseUrl: undefined };
  }
  const admin = { email: 'limits.admin@example.com', password: 'limits-admin-password' };
  onTestFinished(() => postgres.drop());
  const instances = await startInstances(2, {
    DATABASE_URL: postgres.url,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    JWT_SECRET: 'a-shared-secret-for-both-bay-limit-instances',
    SEED_DEMO_DATA: 'false',
    MAX_PENDING_HOLDS: '100',
    BUSINESS_TIMEZONE: 'UTC',
  });
  onTestFinished(() => instances.stop());
  const [a, b] = instances.servers.map((server) => server.base) as [string, string];
  const login = await call(a, '/api/auth/login', { method: 'POST', body: admin });
  return { a, b, token: String(login.body.accessToken), databaseUrl: postgres.url };
}

describe('a limit and bookings racing for one bay', () => {
  it(`never leave a booking on a bay limited away from its service: the limit is refused listing them, or the bookings are (${testDatabaseKind === 'postgres' ? 'two API processes on one PostgreSQL' : 'the embedded database'})`, async () => {
    const { a, b, token, databaseUrl } = await raceShop(
      testDatabaseKind === 'postgres' ? await createPostgresDatabase() : undefined,
    );
    const asAdmin = (base: string, url: string, method: string, body?: unknown) =>
      call(base, url, { method, token, body });

    const raceBay = dataOf<{ _id: string }>(await asAdmin(a, '/api/bays', 'POST', { name: 'Race Bay' }))._id;
    const coating = await asAdmin(a, '/api/services', 'POST', {
      name: 'Ceramic Coating',
      description: 'What the race bay is limited to',
      duration: 60,
      price: 120,
    });
    const coatingId = dataOf<{ _id: string }>(coating)._id;
    const racers: string[] = [];
    for (let n = 0; n < 4; n++) {
      const password = 'limits-customer-password';
      const registered = await call(n % 2 ? b : a, '/api/auth/register/customer', {
        method: 'POST',
        body: {
          firstName: 'Limit',
          lastName: `Racer ${n}`,
          email: `limit.racer${n}@example.com`,
          address: 'Race Street 4',
          password,
          confirmPassword: password,
          phone: '+8801712345678',
        },
      });
      expect(registered.status).toBe(201);
      racers.push(String(registered.body.accessToken));
    }
    const day = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

    for (const [round, order] of ROUNDS.entries()) {
      // A service of its own, limited to the race bay: its bookings can only land there.
      const name = `Race Wash ${round}`;
      const created = await asAdmin(a, '/api/services', 'POST', {
        name,
        description: 'Booked while the race bay is limited away from it',
        duration: 60,
        price: 40,
        bays: [raceBay],
      });
      expect(created.status).toBe(201);
      const serviceId = dataOf<{ _id: string }>(created)._id;
      const slotsMade = await asAdmin(a, '/api/services/slots', 'POST', {
        service: serviceId,
        date: day,
        startTime: '08:00',
        endTime: '12:00',
      });
      const slots = dataOf<Array<{ _id: string; date: string; startTime: string }>>(slotsMade);
      expect(slots).toHaveLength(racers.length);

      const limit = () => asAdmin(b, `/api/bays/${raceBay}`, 'PUT', { services: [coatingId] });
      const race = () =>
        racers.map((racer, n) =>
          call(n % 2 ? b : a, '/api/bookings', {
            method: 'POST',
            token: racer,
            body: { service: serviceId, slot: slots[n]?._id },
          }),
        );
      let limited: Answer;
      let booked: Answer[];
      if (typeof order === 'number' && order >= 0) {
        const bookings = race();
        await eventLoopTurns(order);
        [limited, ...booked] = (await Promise.all([limit(), ...bookings])) as [Answer, ...Answer[]];
      } else if (typeof order === 'number') {
        const limiting = limit();
        await eventLoopTurns(-order);
        [limited, ...booked] = (await Promise.all([limiting, ...race()])) as [Answer, ...Answer[]];
      } else if (testDatabaseKind === 'postgres') {
        // The race bay's row held, so that the limit and the bookings queue for it in a known order.
        const holder = new pg.Client({ connectionString: databaseUrl });
        await holder.connect();
        try {
          await holder.query('begin');
          await holder.query('select id from bays where id = $1 for no key update', [raceBay]);
          let limiting: Promise<Answer>;
          let bookings: Array<Promise<Answer>>;
          if (order === 'limit first') {
            limiting = limit();
            await waitForLockWaits(holder, 1);
            bookings = race();
          } else {
            bookings = race();
            await waitForLockWaits(holder, racers.length);
            limiting = limit();
          }
          await waitForLockWaits(holder, racers.length + 1);
          await holder.query('commit');
          [limited, ...booked] = (await Promise.all([limiting, ...bookings])) as [Answer, ...Answer[]];
        } finally {
          await holder.end();
        }
      } else if (order === 'limit first') {
        limited = await limit();
        booked = await Promise.all(race());
      } else {
        booked = await Promise.all(race());
        limited = await limit();
      }

      const allBays = dataOf<Array<{ _id: string; services: string[] }>>(await asAdmin(a, '/api/bays', 'GET'));
      const limits = allBays.find((bay) => bay._id === raceBay)?.services;
      const listed = dataOf<Array<{ _id: string; status: string }>>(
        await asAdmin(a, `/api/bookings?service=${serviceId}&limit=100`, 'GET'),
      );
      const live = listed.filter((booking) => booking.status === 'pending' || booking.status === 'confirm');
      const context = `round ${round} (${order})`;
      if (limited.status === 200) {
        expect(limits, context).toEqual([coatingId]);
        expect(live, context).toEqual([]);
        expect(
          booked.map((answer) => [answer.status, answer.body.message]),
          context,
        ).toEqual(racers.map(() => [409, BOOKING_MESSAGES.slotFull]));
        expect((await asAdmin(a, `/api/bays/${raceBay}`, 'PUT', { services: [] })).status).toBe(200);
      } else {
        // Refused, naming the bookings that had reached the bay before it: one to all of them.
        expect(limited.status, context).toBe(409);
        expect(limits, context).toEqual([]);
        expect(
          booked.map((answer) => answer.status),
          context,
        ).toEqual(racers.map(() => 201));
        const won: StrandedBooking[] = slots.map((slot) => ({
          date: slot.date,
          startTime: slot.startTime,
          service: name,
        }));
        const message = String(limited.body.message);
        const named = won.filter((booking) => message.includes(`${booking.date} ${booking.startTime} ${name}`));
        expect(named.length, context).toBeGreaterThan(0);
        expect(message, context).toBe(BAY_MESSAGES.limitStrandsBookings(named));
        expect(live.map((booking) => booking._id).sort(), context).toEqual(
          booked.map((answer) => dataOf<{ booking: { _id: string } }>(answer).booking._id).sort(),
        );
        for (const booking of live) {
          const cancelled = await asAdmin(a, `/api/bookings/${booking._id}/cancel`, 'POST', {});
          expect(cancelled.status, context).toBe(200);
        }
      }
      if (order === 'bookings first') expect(limited.status, context).toBe(409);
      if (order === 'limit first') expect(limited.status, context).toBe(200);
    }
  }, 180_000);
});
