import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseCachePlugin, type WriteRoute } from '../src/plugins/response-cache';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from './helper';

/** The write routes that do not say which public data they change. */
const undeclared = (routes: readonly WriteRoute[]) =>
  routes.filter((route) => route.invalidates === undefined).map((route) => `${route.method} ${route.url}`);

let t: TestApp;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp({ publicCacheMs: 60_000 });
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('what a write changes of the public pages', () => {
  it('is declared by every write route of the server', async () => {
    const routes = t.app.responseCache.writeRoutes;
    // The walk sees the server's writes: the API's, and the sandbox checkout's buttons outside it.
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/bookings', invalidates: ['slots'] },
        { method: 'POST', url: '/api/auth/login', invalidates: [] },
        { method: 'POST', url: '/pay/:session/pay', invalidates: ['slots'] },
        // The shop's settings and closures change the times offered, and the business every page names.
        { method: 'PUT', url: '/api/settings', invalidates: ['shop', 'slots'] },
        { method: 'POST', url: '/api/closures', invalidates: ['shop', 'slots'] },
        { method: 'DELETE', url: '/api/closures/:id', invalidates: ['shop', 'slots'] },
        { method: 'PUT', url: '/api/services/:id/hours', invalidates: ['services', 'slots'] },
        // Prices and durations by vehicle class, and the add-ons, show on every service and change the times offered.
        { method: 'PUT', url: '/api/services/:id/prices', invalidates: ['services', 'slots'] },
        { method: 'POST', url: '/api/vehicle-classes', invalidates: ['services'] },
        { method: 'DELETE', url: '/api/vehicle-classes/:id', invalidates: ['services', 'slots'] },
        { method: 'PUT', url: '/api/add-ons/:id', invalidates: ['services', 'slots'] },
        // A plan shows the names of what it covers: it is kept under the catalogue's tag, and its writes drop it.
        { method: 'POST', url: '/api/plans', invalidates: ['services'] },
        { method: 'PUT', url: '/api/plans/:id', invalidates: ['services'] },
        { method: 'DELETE', url: '/api/plans/:id', invalidates: ['services'] },
      ]),
    );
    expect(undeclared(routes)).toEqual([]);
  });

  it("is declared by the payment provider's webhook", async () => {
    const stripe = await createTestApp({
      payment: { provider: 'stripe', stripeSecretKey: 'sk_test_fake', stripeWebhookSecret: 'whsec_fake' },
    });
    try {
      const routes = stripe.app.responseCache.writeRoutes;
      expect(routes).toContainEqual({ method: 'POST', url: '/api/payments/stripe/webhook', invalidates: ['slots'] });
      expect(undeclared(routes)).toEqual([]);
    } finally {
      await stripe.close();
    }
  });

  it('finds a write route that declares nothing', async () => {
    const app = Fastify();
    await app.register(responseCachePlugin, { maxAgeMs: 0, maxBytes: 1024 });
    app.post('/declared', { config: { invalidates: [] } }, async () => ({}));
    app.delete('/forgotten', async () => ({}));
    app.get('/read', async () => ({}));
    await app.ready();
    expect(undeclared(app.responseCache.writeRoutes)).toEqual(['DELETE /forgotten']);
    await app.close();
  });

  it('is dropped from the cache when the write succeeds, and kept when it is refused', async () => {
    const reviews = () => t.app.inject({ method: 'GET', url: '/api/review/get' });
    await t.app.inject(
      asUser(customer, {
        method: 'POST',
        url: '/api/review/create',
        payload: { rating: 5, comment: 'Spotless inside and out' },
      }),
    );
    await reviews();
    expect((await reviews()).headers['x-cache']).toBe('hit');

    const refused = await t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/review/create', payload: { rating: 9, comment: '' } }),
    );
    expect(refused.statusCode).toBe(400);
    expect((await reviews()).headers['x-cache']).toBe('hit');

    // A review shows its author's name: a new name is on the reviews at once.
    const renamed = await t.app.inject(
      asUser(customer, { method: 'PUT', url: '/api/user/update', payload: { firstName: 'Renamed' } }),
    );
    expect(renamed.statusCode).toBe(200);
    const after = await reviews();
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().data.map((review: { user: { firstName: string } }) => review.user.firstName)).toContain(
      'Renamed',
    );
  });
});
