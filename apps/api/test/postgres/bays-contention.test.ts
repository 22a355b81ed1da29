import { randomUUID } from 'node:crypto';
import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { hashPassword } from '../../src/modules/auth/auth.service';
import { openSession } from '../../src/modules/auth/sessions';
import { expireStaleHolds } from '../../src/modules/bookings/checkout/holds';
import { createUser } from '../../src/modules/users/users.service';
import { SERVICE_LINE_SQL } from '../booking-rows';
import {
  asUser,
  availabilityOf,
  createPostgresDatabase,
  createTestApp,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
  waitForLockWaits,
} from '../helper';
import { demoShopOpenDaily, type ServerProcess, startInstances } from '../server-process';
import { withClient } from './client';

const LIVE = `status in ('pending', 'confirm')`;

/** A fresh API on a database of its own, closed when the test ends. */
async function freshApp(): Promise<TestApp & { admin: TestUser; url: string }> {
  const t = await createTestApp();
  onTestFinished(() => t.close());
  if (!t.databaseUrl) throw new Error('the PostgreSQL suite needs a database URL');
  return { ...t, admin: await signedInUser(t.app, 'admin'), url: t.databaseUrl };
}

/**
 * What the database holds, read with plain SQL: pairs of live bookings that overlap on one bay (the
 * exclusion constraint's rule), and the most live bookings running at any one instant (the shop's bay
 * count bounds it). The peak of overlapping intervals is reached at one of their starts.
 */
function liveOccupancy(url: string) {
  return withClient(url, async (client) => {
    const overlaps = await client.query<{ bay: string; first: string; second: string }>(
      `select a.bay_id as bay, a.id as first, b.id as second
       from bookings a join bookings b on a.bay_id = b.bay_id and a.id < b.id
       where a.${LIVE} and b.${LIVE}
         and tstzrange(a.occupied_from, a.occupied_until) && tstzrange(b.occupied_from, b.occupied_until)`,
    );
    const peak = await client.query<{ peak: number }>(
      `select coalesce(max((select count(*) from bookings b
         where b.${LIVE} and tstzrange(b.occupied_from, b.occupied_until) @> a.occupied_from)), 0)::int as peak
       from bookings a where a.${LIVE}`,
    );
    return { overlapsOnOneBay: overlaps.rows, peakAtOneInstant: peak.rows[0]?.peak };
  });
}

/**
 * Customers with a session each, their access tokens signed as the login route signs them: one shared
 * password hash instead of two argon2 runs a customer, which would dominate these tests' time.
 */
async function signedInCustomers(t: TestApp, count: number): Promise<TestUser[]> {
  const passwordHash = await hashPassword(randomUUID());
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const email = `racer${n}.${randomUUID().slice(0, 8)}@example.com`;
      const user = await createUser(t.app.db, { firstName: 'Racing', lastName: `Customer ${n}`, email, passwordHash });
      if (!user) throw new Error(`customer ${email} was not created`);
      const sessionId = await openSession(t.app.db, user.id);
      const accessToken = t.app.jwt.sign({ sub: user.id, role: user.role, sid: sessionId });
      return { id: user.id, email, password: '', accessToken };
    }),
  );
}

async function addBay(t: TestApp & { admin: TestUser }, name: string): Promise<string> {
  const response = await t.app.inject(asUser(t.admin, { method: 'POST', url: '/api/bays', payload: { name } }));
  expect(response.statusCode).toBe(201);
  return response.json().data._id;
}

async function bayIds(t: TestApp & { admin: TestUser }): Promise<string[]> {
  const response = await t.app.inject(asUser(t.admin, { method: 'GET', url: '/api/bays' }));
  return response.json().data.map((bay: { _id: string }) => bay._id);
}

const book = (t: TestApp, customer: TestUser, service: string, slot: string) =>
  t.app.inject(asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service, slot } }));

const bayOf = (response: LightMyRequestResponse): string | undefined => response.json().data?.booking?.bay?._id;

const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

const outcome = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  message: response.json().message,
});

/** A small deterministic generator (mulberry32), so that the mixed load is the same on every run. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Free races after the two queued ones: the administrator's request follows the bookings after this many
 * turns of the event loop, so that it meets them at different points of their transactions.
 */
const STAGGERS = [0, 2, 4, 6, 8, 12, 16, 24] as const;

const eventLoopTurns = async (turns: number) => {
  for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe('bays under contention on PostgreSQL', () => {
  it('gives one slot of a three-bay shop to exactly three of 60 concurrent customers, one per bay', async () => {
    const t = await freshApp();
    const bays = [...(await bayIds(t)), await addBay(t, 'Bay 2'), await addBay(t, 'Bay 3')];
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { name: 'Contested Wash', slotCount: 1 });
    const customers = await signedInCustomers(t, 60);

    const answers = await Promise.all(customers.map((customer) => book(t, customer, service.id, slot?.id ?? '')));

    const won = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(won).toHaveLength(3);
    expect(refused.map(outcome)).toEqual(
      Array.from({ length: 57 }, () => ({ status: 409, message: BOOKING_MESSAGES.slotFull })),
    );
    expect(new Set(won.map(bayOf))).toEqual(new Set(bays));
    const stored = await withClient(t.url, (client) =>
      client.query<{ id: string; bay: string; status: string }>('select id, bay_id as bay, status from bookings'),
    );
    expect(byId(stored.rows.map((row) => ({ ...row })))).toEqual(
      byId(won.map((answer) => ({ id: answer.json().data.booking._id, bay: bayOf(answer), status: 'pending' }))),
    );
    expect(await liveOccupancy(t.url)).toEqual({ overlapsOnOneBay: [], peakAtOneInstant: 3 });
    expect(await availabilityOf(t.app, service.id, slot?.date ?? '')).toMatchObject([
      { _id: slot?.id, isBooked: 'booked', capacity: 3, remaining: 0 },
    ]);
  });

  it('gives one slot to exactly three of 60 customers split across two API processes on one database', async () => {
    const postgres = await createPostgresDatabase();
    let stop = async () => {};
    onTestFinished(async () => {
      await stop();
      await postgres.drop();
    });
    const admin = { email: 'bays.admin@example.com', password: 'bays-admin-password' };
    const instances = await startInstances(2, {
      DATABASE_URL: postgres.url,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      JWT_SECRET: 'a-shared-secret-for-both-bay-contention-instances',
    });
    stop = instances.stop;
    const [a, b] = instances.servers as [ServerProcess, ServerProcess];
    const call = async (base: string, url: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
      const response = await fetch(`${base}${url}`, {
        method: init.method ?? 'GET',
        headers: {
          'content-type': 'application/json',
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: response.status, body: await response.json() };
    };

    // The demo shop's three bays, open every day.
    await demoShopOpenDaily([a.base, b.base], admin, { bays: 'all' });
    const tokens: string[] = await Promise.all(
      Array.from({ length: 60 }, async (_, n) => {
        const password = 'bays-customer-password';
        const registered = await call(n % 2 ? a.base : b.base, '/api/auth/register/customer', {
          method: 'POST',
          body: {
            firstName: 'Bay',
            lastName: `Customer ${n}`,
            email: `bay.customer${n}@example.com`,
            address: 'Bay Street 3',
            password,
            confirmPassword: password,
            phone: '+8801712345678',
          },
        });
        expect(registered.status).toBe(201);
        return registered.body.accessToken;
      }),
    );
    // The demo shop's bookings lie within the coming week on Bay 1: a slot a week later is left to the test.
    const service = (await call(a.base, '/api/services?searchTerm=Express')).body.data[0];
    const day = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const free = (await call(a.base, `/api/slots/availability?service=${service._id}&date=${day}`)).body.data.filter(
      (slot: { capacity: number; remaining: number }) => slot.capacity === 3 && slot.remaining === 3,
    );
    const contested: string = free[0]?._id;
    expect(contested).toBeDefined();

    const answers = await Promise.all(
      tokens.map((token, n) =>
        call(n % 2 ? a.base : b.base, '/api/bookings', {
          method: 'POST',
          token,
          body: { service: service._id, slot: contested },
        }),
      ),
    );

    const won = answers.filter((answer) => answer.status === 201);
    expect(won).toHaveLength(3);
    expect(answers.filter((answer) => answer.status !== 201).map(({ status, body }) => [status, body.message])).toEqual(
      Array.from({ length: 57 }, () => [409, BOOKING_MESSAGES.slotFull]),
    );
    const onContested = await withClient(postgres.url, (client) =>
      client.query<{ id: string; bay: string }>(
        `select id, bay_id as bay from bookings where slot_id = $1 and ${LIVE}`,
        [contested],
      ),
    );
    expect(onContested.rows.map((row) => row.id).sort()).toEqual(
      won.map((answer) => answer.body.data.booking._id).sort(),
    );
    expect(new Set(onContested.rows.map((row) => row.bay)).size).toBe(3);
    // The whole database, the demo shop's bookings included.
    const occupancy = await liveOccupancy(postgres.url);
    expect(occupancy.overlapsOnOneBay).toEqual([]);
    expect(occupancy.peakAtOneInstant).toBe(3);
  }, 120_000);

  it('keeps every bay free of overlaps under a mixed load of services, durations, buffers and a bay restriction', async () => {
    const t = await freshApp();
    const bays = [...(await bayIds(t)), await addBay(t, 'Bay 2'), await addBay(t, 'Lift Bay')];
    const liftBay = bays[2] as string;
    const day = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const catalogue = [
      { name: 'Quick Wash', duration: 30, bufferMinutes: 0 },
      { name: 'Machine Polish', duration: 60, bufferMinutes: 30 },
      { name: 'Interior Detail', duration: 90, bufferMinutes: 15 },
      { name: 'Ceramic Coating', duration: 240, bufferMinutes: 0 },
    ];
    const services: Array<{ id: string; slots: string[] }> = [];
    for (const entry of catalogue) {
      const created = await t.app.inject(
        asUser(t.admin, {
          method: 'POST',
          url: '/api/services',
          payload: { ...entry, description: `${entry.name} for the mixed load`, price: 80 },
        }),
      );
      expect(created.statusCode).toBe(201);
      const id: string = created.json().data._id;
      const slots = await t.app.inject(
        asUser(t.admin, {
          method: 'POST',
          url: '/api/services/slots',
          payload: { service: id, date: day, startTime: '08:00', endTime: '20:00' },
        }),
      );
      expect(slots.statusCode).toBe(201);
      services.push({ id, slots: slots.json().data.map((slot: { _id: string }) => slot._id) });
    }
    const coating = services[3] as { id: string; slots: string[] };
    const limited = await t.app.inject(
      asUser(t.admin, { method: 'PUT', url: `/api/services/${coating.id}`, payload: { bays: [liftBay] } }),
    );
    expect(limited.statusCode).toBe(200);
    expect(limited.json().data.bays).toEqual([liftBay]);

    const random = seededRandom(18);
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T;
    const customers = await signedInCustomers(t, 30);
    const attempts = customers.flatMap((customer) =>
      Array.from({ length: 4 }, () => {
        const service = pick(services);
        return { customer, service: service.id, slot: pick(service.slots) };
      }),
    );

    const answers = await Promise.all(
      attempts.map((attempt) => book(t, attempt.customer, attempt.service, attempt.slot)),
    );

    const won = answers.filter((answer) => answer.statusCode === 201);
    const refused = attempts.filter((_, index) => answers[index]?.statusCode !== 201);
    expect(won.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(
      answers.filter((answer) => answer.statusCode !== 201).map((answer) => [answer.statusCode, answer.json().message]),
    ).toEqual(refused.map(() => [409, BOOKING_MESSAGES.slotFull]));
    const stored = await withClient(t.url, (client) =>
      client.query<{ id: string; status: string; bay: string; service: string }>(
        'select id, status, bay_id as bay, service_id as service from bookings',
      ),
    );
    expect(byId(stored.rows.map((row) => ({ id: row.id, status: row.status })))).toEqual(
      byId(won.map((answer) => ({ id: answer.json().data.booking._id, status: 'pending' }))),
    );
    const coatingBays = stored.rows.filter((row) => row.service === coating.id).map((row) => row.bay);
    expect(coatingBays.length).toBeGreaterThan(0);
    expect(new Set(coatingBays)).toEqual(new Set([liftBay]));
    const occupancy = await liveOccupancy(t.url);
    expect(occupancy.overlapsOnOneBay).toEqual([]);
    expect(occupancy.peakAtOneInstant).toBeLessThanOrEqual(3);
    // Bookings only accumulate here, so a slot refused as full must still be full: no refusal was spurious.
    const stillFree = [];
    for (const { id } of services) {
      const refusedHere = new Set(refused.filter((attempt) => attempt.service === id).map((attempt) => attempt.slot));
      for (const slot of await availabilityOf(t.app, id, day)) {
        if (refusedHere.has(slot._id) && slot.remaining !== 0) stillFree.push(slot);
      }
    }
    expect(stillFree).toEqual([]);
  });

  describe('racing bookings', () => {
    it('never leaves a deactivated bay with a live booking ahead: the deactivation is refused with the count, or the bookings are', async () => {
      const t = await freshApp();
      const [bay1, bay2] = [...(await bayIds(t)), await addBay(t, 'Bay 2')] as [string, string];
      const [filler, ...racers] = (await signedInCustomers(t, 4)) as [TestUser, ...TestUser[]];
      const deactivate = () =>
        t.app.inject(asUser(t.admin, { method: 'PUT', url: `/api/bays/${bay2}`, payload: { active: false } }));
      const rounds = ['deactivation first', 'bookings first', ...STAGGERS] as const;

      for (const order of rounds) {
        // Bay 1 is taken over every raced slot, so each racer's booking can only land on bay 2.
        const { service, slots } = await serviceWithSlots(t.app, { slotCount: racers.length });
        for (const slot of slots) expect(bayOf(await book(t, filler, service.id, slot.id))).toBe(bay1);
        const race = (): Array<Promise<LightMyRequestResponse>> =>
          racers.map((racer, index) => book(t, racer, service.id, slots[index]?.id ?? ''));

        let deactivation: Promise<LightMyRequestResponse>;
        let bookings: Array<Promise<LightMyRequestResponse>>;
        if (typeof order === 'number') {
          bookings = race();
          await eventLoopTurns(order);
          deactivation = deactivate();
        } else {
          // Bay 2's row held, so that the waiters queue for it in a known order.
          const holder = new pg.Client({ connectionString: t.url });
          await holder.connect();
          try {
            await holder.query('begin');
            await holder.query('select id from bays where id = $1 for no key update', [bay2]);
            if (order === 'deactivation first') {
              deactivation = deactivate();
              await waitForLockWaits(holder, 1);
              bookings = race();
            } else {
              bookings = race();
              await waitForLockWaits(holder, racers.length);
              deactivation = deactivate();
            }
            await waitForLockWaits(holder, racers.length + 1);
            await holder.query('commit');
          } finally {
            await holder.end();
          }
        }
        const [deactivated, ...booked] = await Promise.all([deactivation, ...bookings]);

        const state = await withClient(t.url, async (client) => {
          const bay = await client.query<{ active: boolean }>('select active from bays where id = $1', [bay2]);
          const ahead = await client.query<{ id: string }>(
            `select id from bookings where bay_id = $1 and ${LIVE} and occupied_until > now()`,
            [bay2],
          );
          return { active: bay.rows[0]?.active, liveAhead: ahead.rows.map((row) => row.id).sort() };
        });
        if (deactivated?.statusCode === 200) {
          expect(state).toEqual({ active: false, liveAhead: [] });
          expect(booked.map(outcome)).toEqual(racers.map(() => ({ status: 409, message: BOOKING_MESSAGES.slotFull })));
        } else {
          // Refused with the count of the bookings that reached bay 2 before it: one to all of them.
          expect(deactivated?.statusCode).toBe(409);
          expect(racers.map((_, index) => BAY_MESSAGES.hasUpcomingBookings(index + 1))).toContain(
            deactivated?.json().message,
          );
          expect(booked.map((answer) => [answer.statusCode, bayOf(answer)])).toEqual(racers.map(() => [201, bay2]));
          expect(state).toEqual({
            active: true,
            liveAhead: booked.map((answer) => answer.json().data.booking._id).sort(),
          });
        }
        if (order === 'deactivation first') expect(deactivated?.statusCode).toBe(200);
        if (order === 'bookings first') expect(deactivated?.statusCode).toBe(409);

        // The next round starts from an active, empty bay 2: the sweeper, run as if the holds had run out.
        await expireStaleHolds(t.database.db, t.app.payments, t.app.log, new Date(Date.now() + 60 * 60_000));
        if (!state.active) {
          const reactivated = await t.app.inject(
            asUser(t.admin, { method: 'PUT', url: `/api/bays/${bay2}`, payload: { active: true } }),
          );
          expect(reactivated.statusCode).toBe(200);
        }
      }
    });

    // The statement that locks the bays re-checks a bay it waited for on the bay's own row (active), but reads
    // bay_services as of its start, so it misses a limit committed while it waited for the row: the bay is
    // chosen in a statement of its own (a fresh snapshot), which sees it (decision 023).
    it('does not put a booking on a bay limited to other services while the booking waited for it', async () => {
      const t = await freshApp();
      const [bay1, bay2] = [...(await bayIds(t)), await addBay(t, 'Bay 2')] as [string, string];
      const {
        service,
        slots: [slot],
      } = await serviceWithSlots(t.app, { slotCount: 1 });
      const other = await serviceWithSlots(t.app, { name: 'Ceramic Coating', slotCount: 1 });
      const [filler, racer] = (await signedInCustomers(t, 2)) as [TestUser, TestUser];
      expect(bayOf(await book(t, filler, service.id, slot?.id ?? ''))).toBe(bay1);

      const holder = new pg.Client({ connectionString: t.url });
      await holder.connect();
      let limit: Promise<LightMyRequestResponse>;
      let booking: Promise<LightMyRequestResponse>;
      try {
        await holder.query('begin');
        await holder.query('select id from bays where id = $1 for no key update', [bay2]);
        limit = t.app.inject(
          asUser(t.admin, { method: 'PUT', url: `/api/bays/${bay2}`, payload: { services: [other.service.id] } }),
        );
        await waitForLockWaits(holder, 1);
        booking = book(t, racer, service.id, slot?.id ?? '');
        await waitForLockWaits(holder, 2);
        await holder.query('commit');
      } finally {
        await holder.end();
      }
      const [limited, booked] = await Promise.all([limit, booking]);

      expect(limited.statusCode).toBe(200);
      expect(limited.json().data.services).toEqual([other.service.id]);
      expect(outcome(booked)).toEqual({ status: 409, message: BOOKING_MESSAGES.slotFull });
    });

    it('never leaves a cancelled slot with a live booking: the toggle is refused while one holds it, or the bookings are', async () => {
      const t = await freshApp();
      const racers = await signedInCustomers(t, 3);
      const rounds = ['toggle first', 'bookings first', ...STAGGERS] as const;

      for (const order of rounds) {
        const {
          service,
          slots: [slot],
        } = await serviceWithSlots(t.app, { slotCount: 1 });
        const slotId = slot?.id ?? '';
        const toggle = () =>
          t.app.inject(asUser(t.admin, { method: 'PUT', url: `/api/slots/toggle-status/${slotId}` }));
        const race = () => racers.map((racer) => book(t, racer, service.id, slotId));

        let toggled: Promise<LightMyRequestResponse>;
        let bookings: Array<Promise<LightMyRequestResponse>>;
        if (typeof order === 'number') {
          bookings = race();
          await eventLoopTurns(order);
          toggled = toggle();
        } else {
          // The slot's row held, so that the toggle and the bookings queue for it in a known order.
          const holder = new pg.Client({ connectionString: t.url });
          await holder.connect();
          try {
            await holder.query('begin');
            await holder.query('select id from slots where id = $1 for update', [slotId]);
            if (order === 'toggle first') {
              toggled = toggle();
              await waitForLockWaits(holder, 1);
              bookings = race();
            } else {
              bookings = race();
              await waitForLockWaits(holder, racers.length);
              toggled = toggle();
            }
            await waitForLockWaits(holder, racers.length + 1);
            await holder.query('commit');
          } finally {
            await holder.end();
          }
        }
        const [toggleAnswer, ...booked] = await Promise.all([toggled, ...bookings]);

        const state = await withClient(t.url, async (client) => {
          const stored = await client.query<{ status: string }>('select status from slots where id = $1', [slotId]);
          const live = await client.query<{ id: string }>(`select id from bookings where slot_id = $1 and ${LIVE}`, [
            slotId,
          ]);
          return { status: stored.rows[0]?.status, live: live.rows.map((row) => row.id) };
        });
        if (toggleAnswer?.statusCode === 200) {
          expect(toggleAnswer.json()).toMatchObject({
            message: SLOT_MESSAGES.toggledCancel,
            data: { isBooked: 'cancel' },
          });
          expect(state).toEqual({ status: 'cancel', live: [] });
          expect(booked.map(outcome)).toEqual(
            racers.map(() => ({ status: 409, message: BOOKING_MESSAGES.slotCancelled })),
          );
        } else {
          expect(outcome(toggleAnswer as LightMyRequestResponse)).toEqual({
            status: 409,
            message: SLOT_MESSAGES.bookedCannotToggle,
          });
          const won = booked.filter((answer) => answer.statusCode === 201);
          expect(won).toHaveLength(1);
          expect(booked.filter((answer) => answer.statusCode !== 201).map(outcome)).toEqual(
            racers.slice(1).map(() => ({ status: 409, message: BOOKING_MESSAGES.slotFull })),
          );
          expect(state).toEqual({ status: 'available', live: [won[0]?.json().data.booking._id] });
        }
        if (order === 'toggle first') expect(toggleAnswer?.statusCode).toBe(200);
        if (order === 'bookings first') expect(toggleAnswer?.statusCode).toBe(409);
      }
      const cancelledYetHeld = await withClient(t.url, (client) =>
        client.query(
          `select s.id from slots s where s.status = 'cancel' and exists (select 1 from bookings b where b.slot_id = s.id and b.${LIVE})`,
        ),
      );
      expect(cancelledYetHeld.rows).toEqual([]);
    });
  });

  describe('bookings sharing the bays (decision 023)', () => {
    /** How many sessions of the database wait for a lock now, read through `client` (in a transaction too). */
    async function lockWaits(client: pg.Client): Promise<number> {
      await client.query('select pg_stat_clear_snapshot()');
      const { rows } = await client.query<{ waiting: number }>(
        "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      return rows[0]?.waiting ?? 0;
    }

    /** The answer to the request, or 'waited for a lock' as soon as any session of the database waits for one. */
    async function answeredWithoutWaiting(client: pg.Client, request: Promise<LightMyRequestResponse>) {
      let answer: LightMyRequestResponse | undefined;
      void request.then((response) => {
        answer = response;
      });
      // Each look is a round trip to the database: the request runs meanwhile.
      while (answer === undefined) {
        if ((await lockWaits(client)) > 0) return 'waited for a lock';
      }
      return outcomeAndBay(answer);
    }

    const outcomeAndBay = (response: LightMyRequestResponse) => ({ ...outcome(response), bay: bayOf(response) });

    it('holds back no other booking while one is being made: neither at another time nor of the same slot', async () => {
      const t = await freshApp();
      const [bay1] = [...(await bayIds(t)), await addBay(t, 'Bay 2')];
      const {
        service,
        slots: [inFlight, later],
      } = await serviceWithSlots(t.app, { slotCount: 2 });
      const [sameSlot, laterSlot] = (await signedInCustomers(t, 2)) as [TestUser, TestUser];
      const holder = new pg.Client({ connectionString: t.url });
      await holder.connect();
      const requests: Array<Promise<LightMyRequestResponse>> = [];
      try {
        // What a booking being made holds until it commits: its service, its slot and every bay it may take.
        await holder.query('begin');
        await holder.query('select id from services where id = $1 for share', [service.id]);
        await holder.query('select id from slots where id = $1 for share', [inFlight?.id]);
        expect((await holder.query('select id from bays order by id for share')).rowCount).toBe(2);

        requests.push(book(t, laterSlot, service.id, later?.id ?? ''));
        const atAnotherTime = await answeredWithoutWaiting(holder, requests[0] as Promise<LightMyRequestResponse>);
        requests.push(book(t, sameSlot, service.id, inFlight?.id ?? ''));
        const ofTheSameSlot = await answeredWithoutWaiting(holder, requests[1] as Promise<LightMyRequestResponse>);

        const booked = { status: 201, message: BOOKING_MESSAGES.created, bay: bay1 };
        expect({ atAnotherTime, ofTheSameSlot }).toEqual({ atAnotherTime: booked, ofTheSameSlot: booked });
      } finally {
        await holder.query('rollback');
        await holder.end();
        await Promise.allSettled(requests);
      }
    });

    it('makes a booking of the same bay and time wait for the first one, then take the next bay, or be refused when none is left', async () => {
      const t = await freshApp();
      const [bay1, bay2] = [...(await bayIds(t)), await addBay(t, 'Bay 2')] as [string, string];
      const [first, racer] = (await signedInCustomers(t, 2)) as [TestUser, TestUser];
      const rounds = [
        { bays: [bay1, bay2], first: 'commit', racer: { status: 201, message: BOOKING_MESSAGES.created, bay: bay2 } },
        { bays: [bay1], first: 'commit', racer: { status: 409, message: BOOKING_MESSAGES.slotFull, bay: undefined } },
        { bays: [bay1, bay2], first: 'rollback', racer: { status: 201, message: BOOKING_MESSAGES.created, bay: bay1 } },
      ] as const;

      for (const round of rounds) {
        const {
          service,
          slots: [slot],
        } = await serviceWithSlots(t.app, { slotCount: 1 });
        const limited = await t.app.inject(
          asUser(t.admin, { method: 'PUT', url: `/api/services/${service.id}`, payload: { bays: round.bays } }),
        );
        expect(limited.statusCode).toBe(200);
        // The first booking, inserted on bay 1 and not committed yet, as a booking in flight holds it.
        const holder = new pg.Client({ connectionString: t.url });
        await holder.connect();
        let racing: Promise<LightMyRequestResponse> | undefined;
        try {
          await holder.query('begin');
          await holder.query('select id from bays order by id for share');
          const inserted = await holder.query<{ id: string }>(
            `insert into bookings (customer_id, service_id, slot_id, bay_id, price_cents, occupied_from, occupied_until, hold_expires_at)
             values ($1, $2, $3, $4, 4550, $5, $6, now() + interval '15 minutes') returning id`,
            [first.id, service.id, slot?.id, bay1, slot?.startsAt, slot?.endsAt],
          );
          await holder.query(SERVICE_LINE_SQL, [inserted.rows[0]?.id]);
          racing = book(t, racer, service.id, slot?.id ?? '');
          // The racer saw bay 1 free and waits for the first booking's outcome.
          await waitForLockWaits(holder, 1);
          await holder.query(round.first);
        } finally {
          await holder.end();
        }

        expect(outcomeAndBay(await racing)).toEqual(round.racer);
        const live = await withClient(t.url, (client) =>
          client.query<{ customer: string; bay: string }>(
            `select customer_id as customer, bay_id as bay from bookings where slot_id = $1 and ${LIVE} order by bay_id = $2 desc`,
            [slot?.id, bay1],
          ),
        );
        const firstHeld = round.first === 'commit' ? [{ customer: first.id, bay: bay1 }] : [];
        const racerHeld = round.racer.bay ? [{ customer: racer.id, bay: round.racer.bay }] : [];
        expect(live.rows).toEqual([...firstHeld, ...racerHeld]);
        expect(await liveOccupancy(t.url)).toMatchObject({ overlapsOnOneBay: [] });
      }
    });

    it('answers every one of many concurrent bookings of one slot with a bay or 409, never a server error', async () => {
      const t = await freshApp();
      const bays = [...(await bayIds(t)), await addBay(t, 'Bay 2')];
      const { service, slots } = await serviceWithSlots(t.app, { slotCount: 3 });
      const customers = await signedInCustomers(t, 30);

      // Ten customers a slot, every slot raced at once.
      const answers = await Promise.all(
        customers.map((customer, index) => book(t, customer, service.id, slots[index % 3]?.id ?? '')),
      );

      const bySlot = slots.map((slot) =>
        answers
          .filter((_, index) => slots[index % 3]?.id === slot.id)
          .map(outcomeAndBay)
          .sort((a, b) => b.status - a.status || String(a.bay).localeCompare(String(b.bay))),
      );
      const won = (bay: string) => ({ status: 201, message: BOOKING_MESSAGES.created, bay });
      const full = { status: 409, message: BOOKING_MESSAGES.slotFull, bay: undefined };
      const expected = [...Array.from({ length: 8 }, () => full), ...[...bays].sort().map(won)];
      expect(bySlot).toEqual(slots.map(() => expected));
      expect(await liveOccupancy(t.url)).toEqual({ overlapsOnOneBay: [], peakAtOneInstant: 2 });
    });
  });
});
