import { SYSTEM_MESSAGES } from '@carcare/contracts/app-config';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from '../helper';
import { statementCounter } from './statements';

// Issue 22, item 6: 500 concurrent misses of one public read queued on the pool and answered 503. Misses of one
// key now share one run of the handler, so a burst right after a write costs one query per key.

let t: TestApp;
let admin: TestUser;
let statements: ReturnType<typeof statementCounter>;

beforeAll(async () => {
  t = await createTestApp({ publicCacheMs: 60_000 });
  admin = await signedInUser(t.app, 'admin');
  for (const [name, price] of [
    ['Foam Wash', 20],
    ['Hand Polish', 30],
    ['Interior Detail', 40],
  ] as const) {
    const created = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/services',
        payload: { name, description: name, duration: 30, price },
      }),
    );
    expect(created.statusCode).toBe(201);
  }
});
afterEach(() => statements?.restore());
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const burst = (url: string, count: number) => Promise.all(Array.from({ length: count }, () => get(url)));

describe('a burst of misses of one public read', () => {
  it('runs its queries once for 100 concurrent requests, and each gets the whole answer', async () => {
    statements = statementCounter(t.database);
    // What one miss costs, on a key of its own.
    expect((await get('/api/services?page=1&limit=2')).statusCode).toBe(200);
    const oneMiss = statements.reading('services');
    expect(oneMiss).toBeGreaterThan(0);

    const answers = await burst('/api/services?page=1&limit=3&sort=price', 100);
    expect(statements.reading('services') - oneMiss).toBe(oneMiss);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.map((service: { name: string }) => service.name)).toEqual([
        'Foam Wash',
        'Hand Polish',
        'Interior Detail',
      ]);
    }
    // Spellings of one key share the run and the entry: junk and the default order.
    const again = await get('/api/services?limit=3&sort=price&page=1&junk=1');
    expect(again.headers['x-cache']).toBe('hit');
  });

  it("hands each request the shared run's error as its own, and keeps none", async () => {
    statements = statementCounter(t.database);
    const missing = '/api/services/00000000-0000-4000-8000-000000000000';
    const notFound = await burst(missing, 50);
    expect(notFound.map((answer) => answer.statusCode)).toEqual(Array(50).fill(404));
    expect(new Set(notFound.map((answer) => answer.body))).toEqual(
      new Set([JSON.stringify({ success: false, message: 'Service not found' })]),
    );
    const afterNotFound = statements.reading('services');
    expect(afterNotFound).toBe(1);
    // A 404 is not kept: the next request asks again.
    expect((await get(missing)).statusCode).toBe(404);
    expect(statements.reading('services')).toBe(2);

    // The database gone for the shared run: every request gets the 503 it would have got alone, then it recovers.
    statements.failNext();
    const unavailable = await burst('/api/services?page=2&limit=1', 40);
    for (const answer of unavailable) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ success: false, message: SYSTEM_MESSAGES.temporarilyUnavailable });
    }
    const recovered = await get('/api/services?page=2&limit=1');
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json().data).toHaveLength(1);

    // Invalid input is never shared with, nor answered by, a valid request's run.
    const [valid, invalid] = await Promise.all([get('/api/services?min=5'), get('/api/services?min=-5')]);
    expect(valid.statusCode).toBe(200);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('min must be a number of at least 0');
  });

  it('never hands out, nor keeps, a read that began before a write to its data', async () => {
    const names = (await get('/api/services/g/names')).json().data as { _id: string; name: string }[];
    const polish = names.find((service) => service.name === 'Hand Polish')?._id;
    statements = statementCounter(t.database);
    const url = '/api/services?searchTerm=Polish';
    const held = statements.holdNext();
    const early = get(url);
    await held.hasRun;
    const renamed = await t.app.inject(
      asUser(admin, {
        method: 'PUT',
        url: `/api/services/${polish}`,
        payload: { name: 'Hand Polish Deluxe' },
      }),
    );
    expect(renamed.statusCode).toBe(200);
    // A request after the write does not wait for the read begun before it.
    const late = await get(url);
    expect(late.json().data.map((service: { name: string }) => service.name)).toEqual(['Hand Polish Deluxe']);
    held.release();
    expect((await early).statusCode).toBe(200);
    const next = await get(url);
    expect(next.json().data.map((service: { name: string }) => service.name)).toEqual(['Hand Polish Deluxe']);
  });
});
