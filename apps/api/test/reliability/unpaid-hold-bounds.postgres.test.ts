import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../helper';
import {
  demoShopOpenDaily,
  type Instances,
  registerCustomers,
  type ServerProcess,
  startInstances,
} from '../server-process';

const ADMIN = { email: 'holds.admin@example.com', password: 'holds-admin-password' };

const DAY_MS = 24 * 60 * 60 * 1000;

let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
let instances: Instances;
let servers: [ServerProcess, ServerProcess];

beforeAll(async () => {
  postgres = await createPostgresDatabase();
  // The shop's own limits, behind a proxy on this machine that names each visitor's address.
  instances = await startInstances(2, {
    DATABASE_URL: postgres.url,
    JWT_SECRET: 'a-shared-secret-for-both-instances-of-the-api',
    TRUST_PROXY: 'loopback',
    MAX_PENDING_HOLDS_PER_ADDRESS: '4',
    MAX_UNPAID_DAY_PERCENT: '50',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  servers = instances.servers as [ServerProcess, ServerProcess];
  await demoShopOpenDaily([servers[0].base, servers[1].base], ADMIN);
}, 120_000);
afterAll(async () => {
  await instances?.stop();
  await postgres?.drop();
});

const post = async (base: string, url: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
};

const baseOf = (n: number) => (n % 2 ? servers[1] : servers[0]).base;

/** Fresh accounts, registered through both instances, as a visitor opening many would. */
const register = (prefix: string, count: number) =>
  registerCustomers(
    servers.map((server) => server.base),
    prefix,
    count,
  );

/** The express wash's free slots of a day the demo shop's own bookings leave whole. */
async function expressSlotsOn(daysAhead: number) {
  const service = (await (await fetch(`${servers[0].base}/api/services?searchTerm=Express`)).json()).data[0];
  const date = new Date(Date.now() + daysAhead * DAY_MS).toISOString().slice(0, 10);
  const slots: Array<{ _id: string; isBooked: string }> = (
    await (await fetch(`${servers[1].base}/api/slots/availability?service=${service._id}&date=${date}`)).json()
  ).data;
  return { serviceId: service._id as string, date, slots: slots.filter((slot) => slot.isBooked === 'available') };
}

const book = (n: number, token: string, service: string, slot: string, address: string) =>
  post(baseOf(n), '/api/bookings', { service, slot }, { authorization: `Bearer ${token}`, 'x-forwarded-for': address });

async function query<Row>(statement: string, values: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

describe('unpaid holds on two API processes', () => {
  it('give twelve fresh accounts on one address, booking at once through both, exactly four holds', async () => {
    const tokens = await register('one-address-', 12);
    const { serviceId, slots } = await expressSlotsOn(8);
    expect(slots.length).toBeGreaterThanOrEqual(12);
    const attempts = await Promise.all(
      tokens.map((token, n) => book(n, token, serviceId, slots[n]?._id ?? '', '198.51.100.7')),
    );
    expect(attempts.filter((attempt) => attempt.status === 201)).toHaveLength(4);
    const refused = attempts.filter((attempt) => attempt.status === 409);
    expect(refused).toHaveLength(8);
    expect(new Set(refused.map((attempt) => attempt.body.message))).toEqual(
      new Set([BOOKING_MESSAGES.tooManyHoldsFromAddress]),
    );
    const [row] = await query<{ held: number }>(
      "select count(*)::int as held from bookings where client_address = $1 and status = 'pending'",
      ['198.51.100.7'],
    );
    expect(row?.held).toBe(4);
  });

  it('let many addresses booking one day at once hold no more than half its bay time', async () => {
    const { serviceId, date, slots } = await expressSlotsOn(9);
    const tokens = await register('many-addresses-', slots.length);
    const attempts = await Promise.all(
      tokens.map((token, n) => book(n, token, serviceId, slots[n]?._id ?? '', `198.51.100.${10 + n}`)),
    );
    const [day] = await query<{ day: number; length: number; held: number; holds: number }>(
      `select
         (select count(*) from bays where active)
           * (select extract(epoch from max(ends_at) - min(starts_at)) from slots where date = $1 and status = 'available')
           / 60 as day,
         (select max(extract(epoch from occupied_until - occupied_from)) / 60 from bookings b join slots s on s.id = b.slot_id
           where s.date = $1 and b.status = 'pending') as length,
         (select sum(extract(epoch from occupied_until - occupied_from)) / 60 from bookings b join slots s on s.id = b.slot_id
           where s.date = $1 and b.status = 'pending') as held,
         (select count(*)::int from bookings b join slots s on s.id = b.slot_id where s.date = $1 and b.status = 'pending') as holds`,
      [date],
    );
    const { length, holds } = { length: Number(day?.length), holds: Number(day?.holds) };
    // Each hold was weighed against the ones before it: the last one taken began below the half.
    const half = Number(day?.day) / 2;
    expect(holds).toBe(Math.ceil(half / length));
    expect(Number(day?.held) - length).toBeLessThan(half);
    expect(attempts.filter((attempt) => attempt.status === 201)).toHaveLength(holds);
    const refused = attempts.filter((attempt) => attempt.status !== 201);
    expect(refused.length).toBe(slots.length - holds);
    expect(new Set(refused.map((attempt) => `${attempt.status} ${attempt.body.message}`))).toEqual(
      new Set([`409 ${BOOKING_MESSAGES.dayHeldByUnpaid}`]),
    );
  });
});
