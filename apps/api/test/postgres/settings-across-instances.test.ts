import { CLOSURE_MESSAGES, SETTINGS_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate, shiftDay } from '../../src/lib/business-time';
import { createPostgresDatabase } from '../helper';
import { type Instances, type ServerProcess, startInstances } from '../server-process';

const ADMIN = { email: 'settings.admin@example.com', password: 'settings-admin-password' };
/** How long a change on one instance may take to show on the other before the test gives up. */
const PATIENCE_MS = 2000;

const WEEK = {
  monday: [
    { start: '08:00', end: '12:00' },
    { start: '13:00', end: '18:00' },
  ],
  tuesday: [{ start: '08:00', end: '18:00' }],
  wednesday: [{ start: '08:00', end: '18:00' }],
  thursday: [{ start: '08:00', end: '18:00' }],
  friday: [{ start: '08:00', end: '18:00' }],
  saturday: [{ start: '09:00', end: '14:00' }],
  sunday: [],
};

type Config = { businessName: string; slotStepMinutes: number; hours: typeof WEEK; closures: Array<{ _id: string }> };

const configOf = async (base: string): Promise<Config> => {
  const response = await fetch(`${base}/api/config`);
  expect(response.status).toBe(200);
  return (await response.json()).data;
};

/** Polls the instance's `GET /api/config` until `seen` holds; fails after PATIENCE_MS. */
const seenOn = async (base: string, seen: (config: Config) => boolean) => {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const config = await configOf(base);
    if (seen(config)) return config;
    if (Date.now() > deadline) throw new Error(`${base} did not see the change within ${PATIENCE_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/**
 * Two API processes on one PostgreSQL, with the public cache on or off: the settings travel on the cache
 * broadcast's channel either way.
 */
describe.each([
  ['on', '3600'],
  ['off', '0'],
])('the shop settings across two API processes, response cache %s', (_cache, cacheSeconds) => {
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let instances: Instances | undefined;
  let a: ServerProcess;
  let b: ServerProcess;
  let token: string;

  const send = async (base: string, method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    postgres = await createPostgresDatabase();
    instances = await startInstances(2, {
      DATABASE_URL: postgres.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'a-shared-secret-for-both-instances-of-the-api',
      SEED_DEMO_DATA: 'false',
      BUSINESS_NAME: 'Twin Suds',
      PUBLIC_CACHE_SECONDS: cacheSeconds,
    });
    [a, b] = instances.servers as [ServerProcess, ServerProcess];
    const login = await fetch(`${a.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    token = (await login.json()).accessToken;
  }, 120_000);

  afterAll(async () => {
    await instances?.stop();
    await postgres?.drop();
  }, 60_000);

  it('shows a change saved on A on B without a restart, and on A at once', async () => {
    expect((await configOf(b.base)).businessName).toBe('Twin Suds');
    const saved = await send(a.base, 'PUT', '/api/settings', {
      businessName: 'Shine Twins',
      slotStepMinutes: 20,
      hours: WEEK,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(SETTINGS_MESSAGES.updated);
    expect(await configOf(a.base)).toMatchObject({ businessName: 'Shine Twins', slotStepMinutes: 20, hours: WEEK });
    const onB = await seenOn(b.base, (config) => config.businessName === 'Shine Twins');
    expect(onB).toMatchObject({ slotStepMinutes: 20, hours: WEEK });
  });

  it('carries changes made on B back to A', async () => {
    expect((await send(b.base, 'PUT', '/api/settings', { businessName: 'Shine Twins & Co' })).status).toBe(200);
    await seenOn(a.base, (config) => config.businessName === 'Shine Twins & Co');
  });

  it('shows a closure added on A on B, and its removal', async () => {
    const day = shiftDay(businessDate('UTC'), 20);
    const created = await send(a.base, 'POST', '/api/closures', { startDate: day, endDate: day, reason: 'Refit' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(CLOSURE_MESSAGES.created);
    const id = created.body.data.closure._id;
    await seenOn(b.base, (config) => config.closures.some((closure) => closure._id === id));
    expect((await send(a.base, 'DELETE', `/api/closures/${id}`)).status).toBe(200);
    await seenOn(b.base, (config) => !config.closures.some((closure) => closure._id === id));
  });
});
