import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, serviceWithSlots, signedInUser, type TestApp, type TestUser } from '../helper';
import { pageServingApp, type RenderControl } from '../page-renderer';
import { statementCounter } from './statements';

// Issue 22, item 2: pages were cached under the raw URL (`/services?z=<random>` rendered every time), a key was
// rendered by every request waiting for it, pages and the sitemap were never limited, the sitemap queried the
// database on every request, any write dropped every page, and unknown paths under load came back as the
// client app with 200.

let t: TestApp;
let app: FastifyInstance;
let control: RenderControl;
let admin: TestUser;
let customer: TestUser;
let statements: ReturnType<typeof statementCounter> | undefined;

beforeAll(async () => {
  t = await createTestApp({ publicCacheMs: 60_000 });
  ({ app, control } = await pageServingApp(t, { pageRateLimit: 10_000 }));
  admin = await signedInUser(app, 'admin');
  customer = await signedInUser(app);
});
afterEach(() => {
  statements?.restore();
  statements = undefined;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const page = (url: string, remoteAddress = '127.0.0.1') => app.inject({ method: 'GET', url, remoteAddress });
const random = () => Math.random().toString(36).slice(2);

describe('rendered pages under load', () => {
  it('renders /services once for 200 concurrent requests with random query strings, and answers them all with it', async () => {
    await app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/services',
        payload: { name: 'Snow Foam', description: 'Snow foam', duration: 30, price: 25 },
      }),
    );
    const before = control.renders.length;
    const answers = await Promise.all(Array.from({ length: 200 }, () => page(`/services?z=${random()}`)));
    expect(control.renders.length - before).toBe(1);
    expect(control.renders.at(-1)).toBe('/services');
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('<li>Snow Foam $25</li>');
    }
    // Parameters the page reads alike are the same page; those it reads differently are another.
    for (const url of ['/services?page=1', '/services?page=abc&sort=name', '/Services/?min=&z=1']) {
      expect((await page(url)).headers['x-cache'], url).toBe('hit');
    }
    const searched = await page('/services?searchTerm=Foam&z=2');
    expect(searched.headers['x-cache']).toBeUndefined();
    expect(control.renders.at(-1)).toBe('/services?searchTerm=Foam');
    expect((await page('/services?z=3&searchTerm=Foam')).headers['x-cache']).toBe('hit');
  });

  it('answers 1,000 concurrent unknown paths with 404, rendered once, and keeps a render that outlasted the limit', async () => {
    // A loaded server: renders take longer than the 3 s a visitor waits for one.
    let release = () => {};
    control.stall = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = control.renders.length;
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, index) => page(`/no-such-page-${index}`)));
    // Each gets the client app, with the status of a path that is no page.
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(1000).fill(404));
    for (const answer of answers) expect(answer.body).toContain('<div id="root"></div>');
    expect(control.renders.length - before).toBe(1);

    // The render ends after all: it is kept, and every unknown path gets the rendered 404 from the cache.
    release();
    control.stall = undefined;
    await expect.poll(async () => (await page('/another/unknown/path')).headers['x-cache']).toBe('hit');
    const rendered = await page('/yet-another');
    expect(rendered.statusCode).toBe(404);
    expect(rendered.body).toContain('<h1>Oops</h1>');
    expect(control.renders.length - before).toBe(1);

    // An app page the browser draws alone is still the client app, and never rendered.
    const login = await page('/login?next=%2Fprofile');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<div id="root"></div>');
    expect(control.renders.filter((url) => url.startsWith('/login'))).toEqual([]);
  }, 30_000);

  it('keeps the sitemap until a service changes: two requests, one query', async () => {
    statements = statementCounter(t.database);
    const first = await page('/sitemap.xml');
    const second = await page('/sitemap.xml?z=1');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(second.headers['cache-control']).toBe('public, max-age=3600');
    expect(second.body).toBe(first.body);
    expect(statements.reading('services')).toBe(1);

    const created = await app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/services',
        payload: { name: 'Clay Bar', description: 'Clay bar', duration: 30, price: 40 },
      }),
    );
    const third = await page('/sitemap.xml');
    expect(third.body).toContain(`/service/${created.json().data._id}</loc>`);
    expect(statements.reading('services')).toBe(2);
  });

  it('drops only the pages whose data changed: a booking keeps the catalogue, a service edit drops it', async () => {
    const { service, slots } = await serviceWithSlots(app, { name: 'Wax Shine', priceCents: 3000 });
    app.responseCache.invalidate('services', 'slots');
    const servicePage = `/service/${service.id}`;
    for (const url of ['/services', '/', '/testimonials', servicePage]) await page(url);
    for (const url of ['/services', '/', '/testimonials', servicePage]) {
      expect((await page(url)).headers['x-cache'], url).toBe('hit');
    }

    const booked = await app.inject(
      asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slots[0]?.id } }),
    );
    expect(booked.statusCode).toBe(201);
    // The catalogue, the home page and the reviews show no slot: they stay; the service's page shows its slots.
    for (const url of ['/services', '/', '/testimonials']) {
      expect((await page(url)).headers['x-cache'], url).toBe('hit');
    }
    expect((await page(servicePage)).headers['x-cache']).toBeUndefined();

    const edited = await app.inject(
      asUser(admin, { method: 'PUT', url: `/api/services/${service.id}`, payload: { name: 'Wax Shine Plus' } }),
    );
    expect(edited.statusCode).toBe(200);
    const catalogue = await page('/services');
    expect(catalogue.headers['x-cache']).toBeUndefined();
    expect(catalogue.body).toContain('<li>Wax Shine Plus $30</li>');
    expect((await page('/')).headers['x-cache']).toBeUndefined();
    // Reviews did not change.
    expect((await page('/testimonials')).headers['x-cache']).toBe('hit');
  });
});

describe('the page budget', () => {
  let limited: { app: FastifyInstance; control: RenderControl };
  beforeAll(async () => {
    limited = await pageServingApp(t, { pageRateLimit: 3 });
  });
  afterAll(async () => {
    await limited.app.close();
  });
  const from = (url: string, remoteAddress: string) => limited.app.inject({ method: 'GET', url, remoteAddress });

  it('answers 429 to an address past its renders of a minute, while cached pages and other addresses are served', async () => {
    for (const term of ['a', 'b', 'c']) {
      expect((await from(`/services?searchTerm=${term}`, '203.0.113.7')).statusCode, term).toBe(200);
    }
    const refused = await from('/services?searchTerm=d', '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.body).toContain('Too many requests, please try again later');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.control.renders).not.toContain('/services?searchTerm=d');

    // What the cache answers costs no render and is not counted.
    const cached = await from('/services?searchTerm=a&z=1', '203.0.113.7');
    expect(cached.statusCode).toBe(200);
    expect(cached.headers['x-cache']).toBe('hit');
    expect((await from('/services?searchTerm=d', '198.51.100.2')).statusCode).toBe(200);

    // A render refused to one address is not refused to another that waited for it.
    const [over, fresh] = await Promise.all([
      from('/services?searchTerm=e', '203.0.113.7'),
      from('/services?searchTerm=e', '198.51.100.3'),
    ]);
    expect(over.statusCode).toBe(429);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toContain('<h1>Our Services</h1>');
  });

  it('counts sitemap reads the cache cannot answer on the same budget', async () => {
    for (let read = 0; read < 3; read++) {
      limited.app.responseCache.clear();
      expect((await from('/sitemap.xml', '203.0.113.9')).statusCode).toBe(200);
    }
    limited.app.responseCache.clear();
    const refused = await from('/sitemap.xml', '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: 'Too many requests, please try again later' });
  });
});
