import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../helper';
import { type Instances, type ServerProcess, startInstances } from '../server-process';

const ADMIN = { email: 'cache.admin@example.com', password: 'cache-admin-password' };
const LISTENER = 'carcare-cache-listener';
/** Far longer than any test: a fresh answer on B can only come from A's message. */
const CACHE_SECONDS = '3600';
/** How long a write on A may take to show on B before the test gives up; the goal is well under 100 ms. */
const PATIENCE_MS = 2000;

let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
let watcher: pg.Client;
let instances: Instances | undefined;
let a: ServerProcess;
let b: ServerProcess;
let adminToken: string;
let serviceId: string;

const read = async (base: string, url: string) => {
  const response = await fetch(`${base}${url}`);
  return { status: response.status, cache: response.headers.get('x-cache'), body: await response.json() };
};

/** Reads until the answer comes from B's cache, so that only a dropped entry can explain a miss later. */
const warm = async (base: string, url: string) => {
  for (let attempt = 0; attempt < 20; attempt++) {
    const answer = await read(base, url);
    expect(answer.status).toBe(200);
    if (answer.cache === 'hit') return answer;
  }
  throw new Error(`${url} never came from the cache`);
};

const rename = async (base: string, name: string) => {
  const response = await fetch(`${base}/api/services/${serviceId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(200);
  expect((await response.json()).data.name).toBe(name);
};

/** Polls B's service until it shows `name`; fails after PATIENCE_MS. */
const nameSeenOn = async (base: string, name: string) => {
  const deadline = Date.now() + PATIENCE_MS;
  while (Date.now() < deadline) {
    const answer = await read(base, `/api/services/${serviceId}`);
    expect(answer.status).toBe(200);
    if (answer.body.data.name === name) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`B still showed the old name ${PATIENCE_MS} ms after the edit on A`);
};

/** The listeners of the test database that have subscribed, by backend pid. */
const listeners = async () => {
  await watcher.query('select pg_stat_clear_snapshot()');
  const { rows } = await watcher.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and application_name = $1 and query ilike 'listen%' order by pid",
    [LISTENER],
  );
  return rows.map((row) => row.pid);
};

beforeAll(async () => {
  postgres = await createPostgresDatabase();
  instances = await startInstances(2, {
    DATABASE_URL: postgres.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'a-shared-secret-for-both-instances-of-the-api',
    PUBLIC_CACHE_SECONDS: CACHE_SECONDS,
  });
  [a, b] = instances.servers as [ServerProcess, ServerProcess];
  watcher = new pg.Client({ connectionString: postgres.url });
  await watcher.connect();

  const login = await fetch(`${a.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  adminToken = (await login.json()).accessToken;
  const catalogue = await read(a.base, '/api/services?searchTerm=Express');
  serviceId = catalogue.body.data[0]._id;
}, 120_000);

afterAll(async () => {
  await instances?.stop();
  await watcher?.end();
  await postgres?.drop();
}, 60_000);

describe('the public cache across two API processes on one PostgreSQL', () => {
  it('each process listens on one connection of its own', async () => {
    expect(await listeners()).toHaveLength(2);
  });

  it('drops on B the answers that an edit on A changed', async () => {
    for (const name of ['Express Wash (edited once)', 'Express Wash (edited twice)']) {
      const before = await warm(b.base, `/api/services/${serviceId}`);
      expect(before.body.data.name).not.toBe(name);
      await rename(a.base, name);
      await nameSeenOn(b.base, name);
    }
  });

  it("gives on B a quote priced by A's new price of a class, though B kept the old one", async () => {
    const classes = await read(a.base, '/api/vehicle-classes');
    const suv = classes.body.data.find((row: { name: string }) => row.name === 'SUV')._id;
    const quoteOn = async (base: string) => {
      const response = await fetch(`${base}/api/bookings/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ service: serviceId, vehicleClass: suv }),
      });
      expect(response.status).toBe(200);
      return (await response.json()).data.total;
    };
    const before = await quoteOn(b.base);
    expect(await quoteOn(b.base)).toBe(before);
    const priced = await fetch(`${a.base}/api/services/${serviceId}/prices`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ prices: [{ vehicleClass: suv, price: before + 7, duration: 45 }] }),
    });
    expect(priced.status).toBe(200);
    const deadline = Date.now() + PATIENCE_MS;
    while ((await quoteOn(b.base)) !== before + 7) {
      if (Date.now() > deadline) throw new Error(`B still quoted the old price ${PATIENCE_MS} ms after A's change`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  it('ignores a malformed message and still hears the next one', async () => {
    await warm(b.base, `/api/services/${serviceId}`);
    await warm(b.base, '/api/review/get');
    const tell = (payload: string) => watcher.query("select pg_notify('carcare_cache', $1)", [payload]);
    await tell('not json');
    await tell(JSON.stringify({ from: 'elsewhere', tags: ['services', 'bookings'] }));
    await tell(JSON.stringify({ from: 'elsewhere', tags: ['services'], also: 'slots' }));
    await tell(JSON.stringify({ tags: ['services'] }));
    await tell(JSON.stringify({ from: 'elsewhere', tags: [] }));
    // Messages from one session arrive in order: once this one is heard, so were the malformed ones.
    await tell(JSON.stringify({ from: 'elsewhere', tags: ['reviews'] }));
    const deadline = Date.now() + PATIENCE_MS;
    while ((await read(b.base, '/api/review/get')).cache === 'hit') {
      if (Date.now() > deadline) throw new Error('B never heard the well-formed message');
    }
    expect((await read(b.base, `/api/services/${serviceId}`)).cache).toBe('hit');
  });

  it('listens again after losing its connection, and then hears edits made on A', async () => {
    const before = await listeners();
    expect(before).toHaveLength(2);
    const { rows } = await watcher.query<{ terminated: boolean }>(
      'select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = current_database() and application_name = $1',
      [LISTENER],
    );
    expect(rows.map((row) => row.terminated)).toEqual([true, true]);

    let after: number[] = [];
    for (let attempt = 0; attempt < 200; attempt++) {
      after = await listeners();
      if (after.length === 2 && after.every((pid) => !before.includes(pid))) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(after).toHaveLength(2);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);

    await warm(b.base, `/api/services/${serviceId}`);
    await rename(a.base, 'Express Wash (edited after reconnecting)');
    await nameSeenOn(b.base, 'Express Wash (edited after reconnecting)');
  });
});
