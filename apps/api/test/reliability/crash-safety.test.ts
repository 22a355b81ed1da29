import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { bookings } from '../../src/db/schema';
import { createPostgresDatabase, testDatabaseKind } from '../helper';
import { demoShopOpenDaily, type ServerProcess, startServerProcess } from '../server-process';

const ADMIN = { email: 'crash.admin@example.com', password: 'crash-admin-password' };
type Json = Record<string, unknown>;

async function call(base: string, url: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}${url}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const logIn = async (base: string, email: string, password: string) =>
  String((await call(base, '/api/auth/login', { method: 'POST', body: { email, password } })).body.accessToken);

/** Every item of a paged admin list. */
async function everything(base: string, url: string, token: string): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page++) {
    const { body } = await call(base, `${url}${url.includes('?') ? '&' : '?'}page=${page}&limit=100`, { token });
    const data = body.data as Json[];
    items.push(...data);
    if (items.length >= Number(body.totalDoc) || data.length === 0) return items;
  }
}

type DirectDatabase = Parameters<typeof openDatabase>[0];

/**
 * Pairs of live bookings that overlap in time on one bay, read with SQL from the database itself while no
 * server has it open (an embedded database admits one process at a time).
 */
async function liveOverlapsOnOneBay(location: DirectDatabase) {
  const direct = await openDatabase(location);
  try {
    const other = alias(bookings, 'other');
    const live = ['pending', 'confirm'] as const;
    return await direct.db
      .select({ bay: bookings.bayId, first: bookings.id, second: other.id })
      .from(bookings)
      .innerJoin(other, and(eq(other.bayId, bookings.bayId), lt(bookings.id, other.id)))
      .where(
        and(
          inArray(bookings.status, [...live]),
          inArray(other.status, [...live]),
          sql`tstzrange(${bookings.occupiedFrom}, ${bookings.occupiedUntil}) && tstzrange(${other.occupiedFrom}, ${other.occupiedUntil})`,
        ),
      );
  } finally {
    await direct.close();
  }
}

type Window = { from: number; until: number };

const MINUTE_MS = 60_000;

/**
 * Slots whose shown status the live bookings do not explain, in a shop with one bay: 'booked' although no
 * bay is left or no live booking occupies the bay during the slot (its time plus its service's buffer),
 * or 'available' although one does. Slot times are the business day's in UTC (BUSINESS_TIMEZONE below).
 */
function unexplainedSlots(slots: Json[], liveBookings: Json[], bufferOf: Map<string, number>) {
  const buffer = (service: unknown) => (bufferOf.get(String((service as Json)._id)) ?? 0) * MINUTE_MS;
  // A booking holds its bay for its whole job (a bigger class, add-ons) and the buffer, as it says.
  const occupied: Window[] = liveBookings.map((booking) => {
    const held = booking.bayHeld as Json;
    return { from: Date.parse(String(held.from)), until: Date.parse(String(held.until)) };
  });
  const unexplained = { bookedWithoutLiveBooking: [] as Json[], availableDespiteLiveBooking: [] as Json[] };
  for (const slot of slots) {
    if (slot.isBooked === 'cancel') continue;
    const at = (time: unknown) => Date.parse(`${slot.date}T${time}:00Z`);
    const window = { from: at(slot.startTime), until: at(slot.endTime) + buffer(slot.service) };
    const taken = occupied.some((busy) => busy.from < window.until && window.from < busy.until);
    if (slot.isBooked === 'booked' && !(taken && slot.remaining === 0)) unexplained.bookedWithoutLiveBooking.push(slot);
    if (slot.isBooked === 'available' && (taken || slot.remaining !== 1)) {
      unexplained.availableDespiteLiveBooking.push(slot);
    }
  }
  return unexplained;
}

const NONE_UNEXPLAINED = { bookedWithoutLiveBooking: [], availableDespiteLiveBooking: [] };

const isLive = (booking: Json) => booking.status === 'pending' || booking.status === 'confirm';

describe('crash safety', () => {
  it('keeps every acknowledged booking through SIGKILL, never two live bookings at once on a bay, every booked slot explained by one, then sweeps stale holds', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'carcare-crash-'));
    const postgres = testDatabaseKind === 'postgres' ? await createPostgresDatabase() : undefined;
    const env = {
      DATA_DIR: dataDir,
      BUSINESS_TIMEZONE: 'UTC',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    const location: DirectDatabase = postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir };
    let server: ServerProcess | undefined = await startServerProcess(env);
    try {
      const base = server.base;
      await demoShopOpenDaily([base], ADMIN);
      const customers = await Promise.all(
        Array.from({ length: 12 }, async (_, n) => {
          const email = `crash.customer${n}@example.com`;
          const password = 'crash-customer-password';
          const registered = await call(base, '/api/auth/register/customer', {
            method: 'POST',
            body: {
              firstName: 'Crash',
              lastName: `Customer ${n}`,
              email,
              address: 'Somewhere 1',
              password,
              confirmPassword: password,
              phone: '+8801712345678',
            },
          });
          expect(registered.status).toBe(201);
          return String(registered.body.accessToken);
        }),
      );
      const services = (await call(base, '/api/services?limit=100')).body.data as Json[];
      const bufferOf = new Map(services.map((service) => [String(service._id), Number(service.bufferMinutes)]));
      const pool: Array<{ service: string; slot: string }> = [];
      const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      for (const service of services) {
        const slots = (await call(base, `/api/slots/availability?service=${service._id}&date=${tomorrow}`)).body
          .data as Json[];
        for (const slot of slots) pool.push({ service: String(service._id), slot: String(slot._id) });
      }
      expect(pool.length).toBeGreaterThan(20);

      const acknowledged: string[] = [];
      let killed = false;
      const customerLoop = async (token: string, offset: number) => {
        for (let i = offset; !killed; i += 7) {
          const choice = pool[i % pool.length];
          try {
            const response = await call(base, '/api/bookings', { method: 'POST', token, body: choice });
            if (response.status === 201)
              acknowledged.push(String((response.body.data as { booking: Json }).booking._id));
          } catch {
            return;
          }
        }
      };
      const load = customers.map((token, index) => customerLoop(token, index));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      server.child.kill('SIGKILL');
      killed = true;
      await server.exited;
      await Promise.all(load);
      expect(acknowledged.length).toBeGreaterThan(0);
      server = undefined;
      expect(await liveOverlapsOnOneBay(location)).toEqual([]);

      server = await startServerProcess(env);
      const adminToken = await logIn(server.base, ADMIN.email, ADMIN.password);
      const stored = await everything(server.base, '/api/bookings', adminToken);
      const storedIds = new Set(stored.map((booking) => String(booking._id)));
      expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);

      // The day the customers booked: the shop's hours give the horizon's other days thousands of times.
      const slots = await everything(server.base, `/api/services/get/all?date=${tomorrow}`, adminToken);
      expect(slots.length).toBe(pool.length);
      // The demo shop's one bay: every slot may take one booking, and the bookings share that bay.
      expect(new Set(slots.map((slot) => slot.capacity))).toEqual(new Set([1]));
      expect(new Set(stored.map((booking) => (booking.bay as Json)._id)).size).toBe(1);
      expect(unexplainedSlots(slots, stored.filter(isLive), bufferOf)).toEqual(NONE_UNEXPLAINED);

      // Time passes while the server is down: the holds run out, and the next start releases them.
      server.child.kill('SIGTERM');
      await server.exited;
      server = undefined;
      const direct = await openDatabase(location);
      await direct.db
        .update(bookings)
        .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
        .where(eq(bookings.status, 'pending'));
      await direct.close();

      server = await startServerProcess(env);
      const token = await logIn(server.base, ADMIN.email, ADMIN.password);
      let afterSweep: Json[] = [];
      for (let attempt = 0; attempt < 50; attempt++) {
        afterSweep = await everything(server.base, '/api/bookings', token);
        if (!afterSweep.some((booking) => booking.status === 'pending')) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(afterSweep.filter((booking) => booking.status === 'pending')).toEqual([]);
      const acknowledgedIds = new Set(acknowledged);
      expect(
        afterSweep
          .filter((booking) => acknowledgedIds.has(String(booking._id)))
          .map((booking) => [booking.status, booking.payment]),
      ).toEqual(acknowledged.map(() => ['cancel', 'unpaid']));
      // The freed slots show available again, except where a paid booking still occupies the bay.
      const slotsNow = await everything(server.base, `/api/services/get/all?date=${tomorrow}`, token);
      expect(unexplainedSlots(slotsNow, afterSweep.filter(isLive), bufferOf)).toEqual(NONE_UNEXPLAINED);

      server.child.kill('SIGTERM');
      await server.exited;
      server = undefined;
      expect(await liveOverlapsOnOneBay(location)).toEqual([]);
    } finally {
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
