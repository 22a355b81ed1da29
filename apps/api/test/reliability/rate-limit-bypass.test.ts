import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/app';
import { createTestApp, signedInUser, type TestApp, type TestConfigOverrides } from '../helper';

/** The limits a deployment has by default: 10 sign-in, registration and reset attempts a minute. */
const DEFAULT_LIMITS = { rateLimit: { global: 600, auth: 10 } } satisfies TestConfigOverrides;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t?.app.inject({ method: 'POST', url, payload, headers }) ?? Promise.reject(new Error('no app'));

describe('rate limits decided by the matched route', () => {
  it('limits sign-in on an encoded path: 10 wrong passwords, then even the right one is refused', async () => {
    t = await createTestApp(DEFAULT_LIMITS);
    const user = await signedInUser(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      // Plain and encoded spellings of one route share one budget.
      const url = attempt % 2 === 0 ? '/%61pi/auth/login' : '/api/auth/%6Cogin';
      statuses.push((await post(url, { email: user.email, password: 'not the password' })).statusCode);
    }
    // signedInUser spent one attempt of the budget.
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(statuses.slice(9)).toEqual(Array(31).fill(429));
    const right = await post('/%61pi/auth/login', { email: user.email, password: user.password });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.tooManyRequests });
  });

  it.each([
    ['registration', '/%61pi/auth/register/customer', '/api/auth/register/%63ustomer'],
    ['forgot password', '/%61pi/auth/forgot-password', '/api/auth/forgot-%70assword'],
    ['password recovery', '/%61pi/auth/recover-password', '/api/%61uth/recover-password'],
    ['claiming an account', '/%61pi/auth/claim', '/api/auth/%63laim'],
  ])('limits %s on encoded paths too', async (_name, encoded, otherSpelling) => {
    t = await createTestApp(DEFAULT_LIMITS);
    const method = encoded.includes('recover') ? 'PUT' : 'POST';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      const url = attempt % 2 === 0 ? encoded : otherSpelling;
      statuses.push((await t.app.inject({ method, url, payload: { email: `x${attempt}@example.com` } })).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
  });

  it('counts every API route against the global limit, however its path is spelled', async () => {
    t = await createTestApp({ rateLimit: { global: 5, auth: 10 } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const url = attempt % 2 === 0 ? '/%61pi/services' : '/api/%73ervices';
      statuses.push((await t.app.inject({ method: 'GET', url })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });
});

describe('the client address', () => {
  const forgedAttempts = async (forwardedFor: (attempt: number) => string, attempts = 30) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < attempts; attempt++) {
      const response = await post(
        '/api/auth/login',
        { email: 'nobody@example.com', password: 'guess' },
        { 'x-forwarded-for': forwardedFor(attempt) },
      );
      statuses.push(response.statusCode);
    }
    return statuses;
  };

  it('is not taken from X-Forwarded-For by default, even in production: 30 forged addresses are one client', async () => {
    t = await createTestApp({ ...DEFAULT_LIMITS, env: 'production' });
    expect(t.config.trustProxy).toBe(false);
    const statuses = await forgedAttempts((attempt) => `203.0.113.${attempt + 1}`);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
  });

  it('with TRUST_PROXY=1 is the address the one proxy saw, whatever the client wrote before it', async () => {
    t = await createTestApp({ ...DEFAULT_LIMITS, trustProxy: 1 });
    // The proxy appends the address it saw; what the client forged comes first.
    const statuses = await forgedAttempts((attempt) => `203.0.113.${attempt + 1}, 198.51.100.7`, 12);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another real client behind the same proxy has a budget of its own.
    const other = await post(
      '/api/auth/login',
      { email: 'nobody@example.com', password: 'guess' },
      { 'x-forwarded-for': '198.51.100.8' },
    );
    expect(other.statusCode).toBe(404);
  });

  it("with TRUST_PROXY set to the proxy's address trusts that proxy and no one else", async () => {
    // app.inject connects from 127.0.0.1: the proxy.
    t = await createTestApp({ ...DEFAULT_LIMITS, trustProxy: ['127.0.0.1'] });
    const statuses = await forgedAttempts((attempt) => `203.0.113.${attempt + 1}, 198.51.100.7`, 12);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('the web app fallback', () => {
  it('answers an encoded /api path with the JSON 404, not the web page', async () => {
    t = await createTestApp();
    const webDistDir = path.join(t.config.dataDir, 'web');
    mkdirSync(webDistDir, { recursive: true });
    writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const app = await buildApp({ config: { ...t.config, webDistDir }, database: t.database, logger: false });
    try {
      for (const url of ['/%61pi/nothing', '/%61%70%69/x', '/api%2Fnothing']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
      const api = await app.inject({ method: 'GET', url: '/%61pi/nothing' });
      expect(api.json()).toEqual({ success: false, message: 'Route not found' });
      const page = await app.inject({ method: 'GET', url: '/dashboard/%75ser' });
      expect(page.headers['content-type']).toContain('text/html');
    } finally {
      await app.close();
    }
  });
});
