import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { buildApp } from './app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('system routes', () => {
  it('GET /api/health reports the database up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Healthy', data: { status: 'ok', database: 'up' } });
  });

  it('GET /api/config tells the business name, currency, time zone, contact, cut-off, hours and booking window', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Configuration',
      data: {
        businessName: 'CarCare',
        currency: 'USD',
        timeZone: 'UTC',
        locale: 'en-US',
        cancellationCutoffHours: 24,
        contact: {
          address: 'House 12, Road 5, Dhanmondi, Dhaka 1205',
          phone: '+880 1700-000000',
          email: 'hello@carcare.example',
        },
        // A new shop opens on hours it sets itself: every day closed until then.
        hours: { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] },
        closures: [],
        bookingHorizonDays: 60,
        minimumNoticeMinutes: 120,
        slotStepMinutes: 30,
        paymentPolicy: {
          deposit: { kind: 'percent', amount: 20, minimum: 10 },
          noShowFee: { kind: 'none', amount: 0 },
          lateCancellation: { kind: 'refuse', fee: { kind: 'none', amount: 0 } },
        },
        policyVersion: 1,
      },
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Route not found' });
  });

  it('serves the OpenAPI document built from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register/customer', '/api/health']),
    );
    expect(document.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
    // The review list reads its paging leniently (a limit with a page glued to it) and still documents both.
    const reviewParameters = document.paths['/api/review/get'].get.parameters.map(
      (parameter: { in: string; name: string }) => `${parameter.in} ${parameter.name}`,
    );
    expect(reviewParameters).toEqual(['query limit', 'query page']);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('a failing handler', () => {
  it('answers 500 without stack, SQL or internal message', async () => {
    const app = await buildApp({ config: t.config, database: t.database, logger: false });
    app.get('/api/explode', { config: { access: 'public' } }, async () => {
      throw new Error('select * from users where password_hash = secret');
    });
    const response = await app.inject({ method: 'GET', url: '/api/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.internal });
    expect(response.body).not.toContain('select');
  });

  it('refuses to start with an API route that does not declare who may call it', async () => {
    const app = await buildApp({ config: t.config, database: t.database, logger: false });
    expect(() => app.get('/api/unguarded', async () => 'open')).toThrow(/does not declare config.access/);
  });
});

describe('rate limits', () => {
  it('gives 429 after 10 sign-in attempts a minute from one address', async () => {
    const limited = await createTestApp({ rateLimit: { global: 600, auth: 10 } });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'a@example.com', password: 'x' },
        });
      for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(404);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});

describe('the web app', () => {
  it('is served with an SPA fallback that never answers /api paths', async () => {
    const webDistDir = path.join(t.config.dataDir, 'web');
    mkdirSync(path.join(webDistDir, 'assets'), { recursive: true });
    writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDistDir, 'assets', 'app-1a2b.js'), 'console.log(1)');
    const app = await buildApp({ config: { ...t.config, webDistDir }, database: t.database, logger: false });
    try {
      const page = await app.inject({ method: 'GET', url: '/dashboard/admin/manage-user' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');

      const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const missingAsset = await app.inject({ method: 'GET', url: '/assets/missing.js' });
      expect(missingAsset.statusCode).toBe(404);

      const api = await app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ success: false, message: 'Route not found' });
    } finally {
      await app.close();
    }
  });
});
