import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, OLDER_CLIENT_ORIGIN, signedInUser, type TestApp, type TestUser } from './helper';

const OTHER_ORIGIN = 'https://elsewhere.example.net';

let t: TestApp;
let customer: TestUser;

beforeAll(async () => {
  // The cache is on: an answer served from memory must carry the headers too.
  t = await createTestApp({ corsOrigins: [OLDER_CLIENT_ORIGIN, 'http://localhost:5173'], publicCacheMs: 60_000 });
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const preflight = (url: string, origin: string, method = 'POST') =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });

const from = (origin: string, options: InjectOptions): InjectOptions => ({
  ...options,
  headers: { ...options.headers, origin },
});

const list = (value: unknown) =>
  String(value)
    .split(',')
    .map((entry) => entry.trim().toLowerCase());

describe('cross-origin calls from a configured origin', () => {
  it('answers the preflight of a guarded route without a token', async () => {
    for (const [url, method] of [
      ['/api/auth/refreshToken', 'POST'],
      ['/api/user/all', 'GET'],
      [`/api/slots/toggle-status/${crypto.randomUUID()}`, 'PUT'],
    ] as const) {
      const response = await preflight(url, OLDER_CLIENT_ORIGIN, method);
      expect(response.statusCode, url).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(OLDER_CLIENT_ORIGIN);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
      expect(list(response.headers['access-control-allow-methods'])).toEqual(['get', 'post', 'put', 'delete', 'patch']);
      expect(list(response.headers['access-control-allow-headers'])).toEqual(['authorization', 'content-type']);
      expect(list(response.headers.vary)).toContain('origin');
      expect(response.body).toBe('');
    }
  });

  it('sends the allow headers on answers, errors and cached answers alike, with a cross-origin resource policy', async () => {
    const first = await t.app.inject(from(OLDER_CLIENT_ORIGIN, { method: 'GET', url: '/api/services' }));
    const cached = await t.app.inject(from(OLDER_CLIENT_ORIGIN, { method: 'GET', url: '/api/services' }));
    expect(cached.headers['x-cache']).toBe('hit');
    const refused = await t.app.inject(from(OLDER_CLIENT_ORIGIN, { method: 'GET', url: '/api/auth/auth-state' }));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.unauthorized });
    const signedIn = await t.app.inject(
      asUser(customer, from(OLDER_CLIENT_ORIGIN, { method: 'GET', url: '/api/auth/auth-state' })),
    );
    expect(signedIn.statusCode).toBe(200);
    const unknown = await t.app.inject(from(OLDER_CLIENT_ORIGIN, { method: 'GET', url: '/api/no-such-thing' }));
    expect(unknown.statusCode).toBe(404);
    for (const response of [first, cached, refused, signedIn, unknown]) {
      expect(response.headers['access-control-allow-origin']).toBe(OLDER_CLIENT_ORIGIN);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
      expect(list(response.headers.vary)).toContain('origin');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('echoes each configured origin, never another', async () => {
    const local = await t.app.inject(from('http://localhost:5173', { method: 'GET', url: '/api/health' }));
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('gives an unlisted origin no allow header, and no preflight', async () => {
    const response = await t.app.inject(from(OTHER_ORIGIN, { method: 'GET', url: '/api/services' }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();

    const refused = await preflight('/api/auth/login', OTHER_ORIGIN);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-credentials']).toBeUndefined();
    expect(refused.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('leaves the web app and its files alone: no allow header, same-origin resource policy', async () => {
    for (const url of ['/', '/services', '/assets/missing.js']) {
      const response = await t.app.inject(from(OLDER_CLIENT_ORIGIN, { method: 'GET', url }));
      expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
    expect((await preflight('/services', OLDER_CLIENT_ORIGIN)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it("lets other sites' pages show stored images, which answer everyone alike, but not read them", async () => {
    // An <img> sends no Origin; with or without one, the image may be embedded and is never readable by script.
    for (const headers of [{}, { origin: OLDER_CLIENT_ORIGIN }, { referer: 'https://elsewhere.example.net/' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/uploads/missing.webp', headers });
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    // Without CORS_ORIGINS nothing changes: no other site calls the API or shows its images.
    const alone = await createTestApp();
    try {
      const response = await alone.app.inject({ method: 'GET', url: '/uploads/missing.webp' });
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    } finally {
      await alone.close();
    }
  });
});

describe('preflights and rate limits', () => {
  it('never counts a preflight against the per-address limit', async () => {
    const limited = await createTestApp({ corsOrigins: [OLDER_CLIENT_ORIGIN], rateLimit: { global: 3, auth: 3 } });
    try {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await limited.app.inject({
          method: 'OPTIONS',
          url: '/api/auth/login',
          headers: { origin: OLDER_CLIENT_ORIGIN, 'access-control-request-method': 'POST' },
        });
        expect(response.statusCode).toBe(204);
      }
      const call = await limited.app.inject(from(OLDER_CLIENT_ORIGIN, { method: 'GET', url: '/api/config' }));
      expect(call.statusCode).toBe(200);
      expect(call.headers['x-ratelimit-remaining']).toBe('2');
    } finally {
      await limited.close();
    }
  });
});

describe('without CORS_ORIGINS', () => {
  it('answers no preflight, sends no allow header and keeps the same-origin resource policy', async () => {
    const plain = await createTestApp();
    try {
      const refused = await plain.app.inject({
        method: 'OPTIONS',
        url: '/api/services',
        headers: { origin: OLDER_CLIENT_ORIGIN, 'access-control-request-method': 'GET' },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      const response = await plain.app.inject(from(OLDER_CLIENT_ORIGIN, { method: 'GET', url: '/api/services' }));
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    } finally {
      await plain.close();
    }
  });
});
