import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { bookings } from '../../src/db/schema';
import { createPostgresDatabase, testDatabaseKind } from '../helper';
import { type ServerProcess, startServerProcess } from '../server-process';

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
    const { body } = await call(base, `${url}?page=${page}&limit=100`, { token });
    const data = body.data as Json[];
    items.push(...data);
    if (items.length >= Number(body.totalDoc) || data.length === 0) return items;
  }
}

describe('crash safety', () => {
  it('keeps every acknowledged booking and the one-booking-per-slot rule through SIGKILL, then sweeps stale holds', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'carcare-crash-'));
    const postgres = testDatabaseKind === 'postgres' ? await createPostgresDatabase() : undefined;
    const env = {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    let server: ServerProcess | undefined = await startServerProcess(env);
    try {
      const base = server.base;
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

      server = await startServerProcess(env);
      const adminToken = await logIn(server.base, ADMIN.email, ADMIN.password);
      const stored = await everything(server.base, '/api/bookings', adminToken);
      const storedIds = new Set(stored.map((booking) => String(booking._id)));
      expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);

      const live = stored.filter((booking) => booking.status === 'pending' || booking.status === 'confirm');
      const liveBySlot = new Map<string, number>();
      for (const booking of live) {
        const slotId = String((booking.slot as Json)._id);
        liveBySlot.set(slotId, (liveBySlot.get(slotId) ?? 0) + 1);
      }
      expect([...liveBySlot.values()].filter((n) => n > 1)).toEqual([]);
      const slots = await everything(server.base, '/api/services/get/all', adminToken);
      const bookedWithoutBooking = slots.filter(
        (slot) => slot.isBooked === 'booked' && !liveBySlot.has(String(slot._id)),
      );
      expect(bookedWithoutBooking).toEqual([]);

      // Time passes while the server is down: the holds run out, and the next start releases them.
      server.child.kill('SIGTERM');
      await server.exited;
      server = undefined;
      const direct = await openDatabase(
        postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir },
      );
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
      const freedSlots = new Set(
        afterSweep
          .filter((booking) => booking.status === 'cancel')
          .map((booking) => String((booking.slot as Json)._id)),
      );
      const stillLive = new Set(
        afterSweep
          .filter((booking) => booking.status === 'confirm')
          .map((booking) => String((booking.slot as Json)._id)),
      );
      const slotsNow = await everything(server.base, '/api/services/get/all', token);
      const stuck = slotsNow.filter(
        (slot) => freedSlots.has(String(slot._id)) && !stillLive.has(String(slot._id)) && slot.isBooked === 'booked',
      );
      expect(stuck).toEqual([]);
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
