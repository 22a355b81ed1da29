import { randomInt, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { SYSTEM_MESSAGES } from '@carcare/contracts/app-config';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app/app';
import { createTestApp, signedInUser, type TestApp, type TestUser } from '../helper';
import { freePort } from '../server-process';
import { startTcpProxy } from '../tcp-proxy';

/**
 * The Redis of the test machine (TEST_REDIS_URL, or the usual local one); the suite keeps its keys under a
 * prefix of its own and deletes them after.
 */
const redisServer = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const REDIS = { host: redisServer.hostname, port: Number(redisServer.port || 6379) };
/** A deployment's limits: 10 sign-in attempts a minute per address. */
const LIMITS = { global: 600, auth: 10 };
const AWAY = 'Redis (REDIS_URL) is unreachable: each instance counts its rate limits on its own until it is back';
const BACK = 'Redis (REDIS_URL) is back: rate limits are shared again';

/** A logger that keeps every line, parsed. */
function capturedLog() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).trim().split('\n')) lines.push(JSON.parse(line));
      done();
    },
  });
  const withLevel = (level: number) => lines.filter((line) => line.level === level).map((line) => line.msg);
  return { logger: { level: 'info', stream }, warnings: () => withLevel(40), infos: () => withLevel(30) };
}

let t: TestApp;
/** Whose password the attempts get wrong (401; an unknown email answers 404). */
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** An instance of the API on the suite's database with REDIS_URL set, logging to `logger`. */
async function instance(redisUrl: string, logger: ReturnType<typeof capturedLog>['logger']) {
  const app = await buildApp({
    config: { ...t.config, redisUrl, rateLimit: LIMITS },
    database: t.database,
    logger,
  });
  await app.ready();
  return app;
}

/** A client address of its own, so that no other test's (or run's) count is shared. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A wrong sign-in from `address`, with how long it took to be answered. */
async function wrongSignIn(app: FastifyInstance, address: string) {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: customer.email, password: 'not the password' },
    remoteAddress: address,
  });
  return { status: response.statusCode, ms: performance.now() - started };
}

async function signInStatuses(app: FastifyInstance, address: string, attempts: number) {
  const answers = [];
  for (let attempt = 0; attempt < attempts; attempt++) answers.push(await wrongSignIn(app, address));
  // Every answer comes without waiting for a Redis that is not there.
  expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(1000);
  return answers.map((answer) => answer.status);
}

const health = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  return { status: response.statusCode, body: response.json() };
};

const HEALTHY = {
  status: 200,
  body: { success: true, message: 'Healthy', data: { status: 'ok', database: 'up', redis: 'up' } },
};
const DEGRADED = {
  status: 200,
  body: {
    success: true,
    message: SYSTEM_MESSAGES.redisUnavailable,
    data: { status: 'degraded', database: 'up', redis: 'down' },
  },
};

/** Resolves once the instance's health says `redis`, which follows a connection being lost or made again. */
async function untilRedis(app: FastifyInstance, redis: 'up' | 'down') {
  for (let attempt = 0; attempt < 200; attempt++) {
    if ((await health(app)).body.data.redis === redis) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Redis never became ${redis} for the instance`);
}

describe('REDIS_URL on a port where nothing listens', () => {
  it('answers every call at once, limits sign-in per instance, says degraded and warns once', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const log = capturedLog();
    const app = await instance(`redis://127.0.0.1:${await freePort()}`, log.logger);
    try {
      const started = performance.now();
      const services = await app.inject({ method: 'GET', url: '/api/services' });
      expect(services.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);

      // Ten wrong passwords a minute are allowed, the eleventh is refused: by this instance's own count.
      expect(await signInStatuses(app, someAddress(), 11)).toEqual([...Array(10).fill(401), 429]);

      expect(await health(app)).toEqual(DEGRADED);
      // The connection was retried all along (100, 200, 300 ms apart...): one warning for the whole outage.
      expect(log.warnings()).toEqual([AWAY]);
      // ioredis prints errors nobody listens to; none here.
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      await app.close();
    }
  });
});

describe('Redis lost and found again (a TCP proxy in front of it, cut and restored)', () => {
  it('shares the limits between instances, counts on each while Redis is away, and shares them again after', async () => {
    const proxy = await startTcpProxy(REDIS);
    const prefix = `carcare-test-${randomUUID()}:`;
    const redisUrl = `redis://127.0.0.1:${proxy.port}/0?keyPrefix=${prefix}`;
    const direct = new Redis(REDIS);
    const firstLog = capturedLog();
    const secondLog = capturedLog();
    const logs = [firstLog, secondLog];
    const first = await instance(redisUrl, firstLog.logger);
    const second = await instance(redisUrl, secondLog.logger);
    const loginKey = (address: string) => `${prefix}carcare-rate-limit-POST/api/auth/login-${address}`;
    try {
      expect(await health(first)).toEqual(HEALTHY);
      expect(await health(second)).toEqual(HEALTHY);

      // Shared: five attempts on each instance spend the address's ten; the eleventh is refused on either.
      const shared = someAddress();
      expect(await signInStatuses(first, shared, 5)).toEqual(Array(5).fill(401));
      expect(await signInStatuses(second, shared, 5)).toEqual(Array(5).fill(401));
      expect(await signInStatuses(first, shared, 1)).toEqual([429]);
      expect(await direct.get(loginKey(shared))).toBe('11');

      await proxy.cut();
      await untilRedis(first, 'down');
      await untilRedis(second, 'down');
      expect(await health(first)).toEqual(DEGRADED);

      // Away: each instance counts on its own, at once.
      const meanwhile = someAddress();
      expect(await signInStatuses(first, meanwhile, 11)).toEqual([...Array(10).fill(401), 429]);
      expect(await signInStatuses(second, meanwhile, 1)).toEqual([401]);
      expect(await direct.exists(loginKey(meanwhile))).toBe(0);
      expect(logs.map((log) => log.warnings())).toEqual([[AWAY], [AWAY]]);

      await proxy.restore();
      await untilRedis(first, 'up');
      await untilRedis(second, 'up');
      expect(await health(second)).toEqual(HEALTHY);
      expect(logs.map((log) => log.infos().filter((line) => line === BACK))).toEqual([[BACK], [BACK]]);

      // Back: the instances share one count again.
      const after = someAddress();
      expect(await signInStatuses(second, after, 5)).toEqual(Array(5).fill(401));
      expect(await signInStatuses(first, after, 5)).toEqual(Array(5).fill(401));
      expect(await signInStatuses(second, after, 1)).toEqual([429]);
      expect(await direct.get(loginKey(after))).toBe('11');
      expect(logs.map((log) => log.warnings())).toEqual([[AWAY], [AWAY]]);
    } finally {
      await first.close();
      await second.close();
      await proxy.close();
      const keys = await direct.keys(`${prefix}*`);
      if (keys.length > 0) await direct.del(...keys);
      direct.disconnect();
    }
  });
});
