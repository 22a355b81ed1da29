import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SYSTEM_MESSAGES } from '@carcare/contracts/app-config';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../helper';
import { registerCustomers, type ServerProcess, startServerProcess } from '../server-process';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy';

const ADMIN = { email: 'faults.admin@example.com', password: 'faults-admin-password' };
const CUSTOMERS = 12;
/** How long the database stays away: long enough for every customer to try several times. */
const OUTAGE_MS = 3000;
/** No request may wait longer than this for its answer, whatever the database does (the pool bounds are 2–6 s). */
const SLOWEST_ANSWER_MS = 8000;
const RECOVERY_LIMIT_MS = 10_000;

type Attempt = {
  status: number;
  message: string;
  retryAfter: string | null;
  bookingId?: string;
  start: number;
  end: number;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(base: string, url: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(30_000) });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const postJson = (base: string, url: string, body: unknown, token?: string) =>
  call(base, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

const days = (from: number, count: number) =>
  Array.from({ length: count }, (_, n) =>
    new Date(Date.now() + (from + n) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
  );

describe('the API when its PostgreSQL goes away under load', () => {
  it('answers 503 at once while the database is unreachable and takes bookings again once it is back, without a restart or a lost booking', async () => {
    const postgres = await createPostgresDatabase();
    const target = new URL(postgres.url);
    const proxy: TcpProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(postgres.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'carcare-faults-'));
    let server: ServerProcess | undefined;
    try {
      server = await startServerProcess({
        DATABASE_URL: viaProxy.toString(),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET: 'a-secret-for-the-database-faults-suite-only',
        MAX_PENDING_HOLDS: '100',
      });
      const { base, child } = server;

      const tokens = await registerCustomers([base], 'faults', CUSTOMERS);
      const service = (await call(base, '/api/services?searchTerm=Express')).body.data[0];
      // Days past the demo shop's bookings: the load books these slots but the last, kept for after the outage.
      const openSlots = async (date: string) =>
        (
          (await call(base, `/api/slots/availability?service=${service._id}&date=${date}`)).body.data as Array<{
            _id: string;
            isBooked: string;
          }>
        )
          .filter((slot) => slot.isBooked === 'available')
          .map((slot) => slot._id);
      const loadSlots = (await Promise.all(days(8, 12).map(openSlots))).flat();
      const kept = loadSlots.pop();
      expect(loadSlots.length).toBeGreaterThanOrEqual(60);

      const attempts: Attempt[] = [];
      let next = 0;
      let loading = true;
      const customer = async (token: string) => {
        while (loading) {
          const slot = loadSlots[next++ % loadSlots.length];
          const start = Date.now();
          // No answer at all (the server gone, or silent for 30 s) counts as status 0.
          const answer = await postJson(base, '/api/bookings', { service: service._id, slot }, token).catch(() => ({
            status: 0,
            headers: new Headers(),
            body: { message: 'no answer' },
          }));
          attempts.push({
            status: answer.status,
            message: answer.body.message,
            retryAfter: answer.headers.get('retry-after'),
            bookingId: answer.status === 201 ? answer.body.data.booking._id : undefined,
            start,
            end: Date.now(),
          });
          await pause(40);
        }
      };
      const load = Promise.all(tokens.map(customer));
      const booked = () => attempts.filter((attempt) => attempt.status === 201).length;

      while (booked() < 10) await pause(20);
      await proxy.cut();
      const cutAt = Date.now();

      const health = await call(base, '/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({
        success: false,
        message: SYSTEM_MESSAGES.databaseUnavailable,
        data: { status: 'unavailable', database: 'down' },
      });
      await pause(OUTAGE_MS);
      const stillDown = await call(base, '/api/health');
      expect(stillDown.status).toBe(503);

      const restoredAt = Date.now();
      await proxy.restore();
      let healthyAfterMs = Number.POSITIVE_INFINITY;
      while (Date.now() - restoredAt < RECOVERY_LIMIT_MS) {
        if ((await call(base, '/api/health')).status === 200) {
          healthyAfterMs = Date.now() - restoredAt;
          break;
        }
        await pause(100);
      }
      expect(healthyAfterMs).toBeLessThan(RECOVERY_LIMIT_MS);

      const probe = await postJson(base, '/api/bookings', { service: service._id, slot: kept }, tokens[0]);
      expect(probe.status).toBe(201);
      const bookedBeforeEnd = booked();
      while (booked() < bookedBeforeEnd + 5 && Date.now() - restoredAt < RECOVERY_LIMIT_MS * 2) await pause(20);
      loading = false;
      await load;

      // Every answer was a booking, a refusal of a taken slot, or the outage: never a 500 or a hang.
      const statuses = new Set(attempts.map((attempt) => attempt.status));
      expect([...statuses].filter((status) => ![201, 409, 503].includes(status))).toEqual([]);
      expect(statuses).toContain(503);
      const unavailable = attempts.filter((attempt) => attempt.status === 503);
      expect(new Set(unavailable.map((attempt) => attempt.message))).toEqual(
        new Set([SYSTEM_MESSAGES.temporarilyUnavailable]),
      );
      expect(new Set(unavailable.map((attempt) => attempt.retryAfter))).toEqual(new Set(['5']));
      // A request made while the line was down had nothing to answer but 503.
      const duringOutage = attempts.filter((attempt) => attempt.start >= cutAt && attempt.end <= restoredAt);
      expect(duringOutage.length).toBeGreaterThanOrEqual(CUSTOMERS);
      expect(new Set(duringOutage.map((attempt) => attempt.status))).toEqual(new Set([503]));
      const slowest503 = Math.max(...unavailable.map((attempt) => attempt.end - attempt.start));
      const slowest = Math.max(...attempts.map((attempt) => attempt.end - attempt.start));
      expect(slowest).toBeLessThan(SLOWEST_ANSWER_MS);
      // Bookings were taken again after the outage, by the same process.
      expect(attempts.some((attempt) => attempt.status === 201 && attempt.start >= restoredAt)).toBe(true);
      expect(child.exitCode).toBeNull();
      expect(child.signalCode).toBeNull();
      console.info(
        `database faults: ${attempts.length} booking requests, ${unavailable.length} answered 503 (slowest ${slowest503} ms, slowest of all ${slowest} ms); healthy ${healthyAfterMs} ms after the database came back`,
      );

      // Straight on the database: every booking answered 201 is there, and no bay or slot is over-booked.
      const confirmedIds = [
        ...attempts.flatMap((attempt) => (attempt.bookingId ? [attempt.bookingId] : [])),
        probe.body.data.booking._id as string,
      ];
      const direct = new pg.Client({ connectionString: postgres.url });
      await direct.connect();
      try {
        const stored = await direct.query<{ id: string }>('select id from bookings where id = any($1::uuid[])', [
          confirmedIds,
        ]);
        expect(stored.rows.map((row) => row.id).sort()).toEqual([...new Set(confirmedIds)].sort());
        expect(new Set(confirmedIds).size).toBe(confirmedIds.length);

        const overlapping = await direct.query(
          `select a.id, b.id from bookings a join bookings b
             on a.bay_id = b.bay_id and a.id < b.id
            and tstzrange(a.occupied_from, a.occupied_until) && tstzrange(b.occupied_from, b.occupied_until)
          where a.status in ('pending', 'confirm') and b.status in ('pending', 'confirm')`,
        );
        expect(overlapping.rows).toEqual([]);

        const overCapacity = await direct.query(
          `select s.id, count(*)::int as live from slots s
             join bookings b on b.slot_id = s.id and b.status in ('pending', 'confirm')
           group by s.id, s.service_id
           having count(*) > (
             select count(*) from bays y
              where y.active
                and (not exists (select 1 from service_bays sb where sb.service_id = s.service_id)
                     or exists (select 1 from service_bays sb where sb.service_id = s.service_id and sb.bay_id = y.id))
                and (not exists (select 1 from bay_services bs where bs.bay_id = y.id)
                     or exists (select 1 from bay_services bs where bs.bay_id = y.id and bs.service_id = s.service_id)))`,
        );
        expect(overCapacity.rows).toEqual([]);
      } finally {
        await direct.end();
      }
    } finally {
      if (server) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      await proxy.close();
      await postgres.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
