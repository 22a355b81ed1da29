import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/app';
import { seedOnFirstStart } from '../../src/app/first-start-seed';
import { type Config, ConfigError, loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { services, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helper';
import { runToExit } from '../server-process';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'carcare-production-'));

/** A logger that keeps every line it is given, for reading what a start-up logged. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split('\n'));
      done();
    },
  });
  return { logger: { level: 'info', stream }, text: () => lines.join('\n') };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('in production', () => {
  it('refuses to start until a payment provider is chosen', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /PAYMENT_PROVIDER: required in production/,
    );
  });

  it("refuses to start without the shop's own address, naming it, and takes it as given", () => {
    const chosen = { NODE_ENV: 'production', DATA_DIR: dataDir(), PAYMENT_PROVIDER: 'stripe' } as const;
    const keys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(() => loadConfig({ ...chosen, ...keys })).toThrow(
      "Invalid configuration:\n  PUBLIC_URL: required in production: the shop's own address (https://shop.example.com), which payment return links, emails and the sitemap name",
    );
    const config = loadConfig({ ...chosen, ...keys, PUBLIC_URL: 'https://shop.example.com/' });
    expect(config).toMatchObject({ publicUrl: 'https://shop.example.com', publicUrlConfigured: true });
  });

  it('the server process exits with the reason when nothing is configured', async () => {
    const { code, output } = await runToExit('server', {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: undefined,
      PUBLIC_URL: undefined,
      DATA_DIR: dataDir(),
      PORT: '0',
    });
    expect(code).toBe(1);
    expect(output).toContain('PAYMENT_PROVIDER: required in production');
    expect(output).toContain('PUBLIC_URL: required in production');
  });

  it('runs the sandbox only when asked for by name, and warns at start that it takes no money', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      PAYMENT_PROVIDER: 'sandbox',
      PUBLIC_URL: 'https://shop.example.com',
    });
    expect(config.payment.provider).toBe('sandbox');
    const log = capturedLog();
    const app = await buildApp({ config, database: t.database, logger: log.logger });
    await app.close();
    expect(log.text()).toContain('PAYMENT_PROVIDER=sandbox: customers \\"pay\\" on a test page and no money is taken');
    expect(log.text()).toContain('"level":40');

    const quiet = capturedLog();
    const development = await buildApp({
      config: { ...config, env: 'development' },
      database: t.database,
      logger: quiet.logger,
    });
    await development.close();
    expect(quiet.text()).not.toContain('PAYMENT_PROVIDER=sandbox');
  });

  it('seeds demo data only when SEED_DEMO_DATA=true is set, and never logs a generated password', async () => {
    const base = {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      PUBLIC_URL: 'https://shop.example.com',
    } as const;
    expect(loadConfig({ ...base, DATA_DIR: dataDir() }).seedDemoData).toBe(false);
    expect(loadConfig({ ...base, DATA_DIR: dataDir(), SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir() }).seedDemoData).toBe(true);

    for (const seedDemo of [undefined, 'true'] as const) {
      const config: Config = loadConfig({
        ...base,
        DATA_DIR: dataDir(),
        ...(seedDemo ? { SEED_DEMO_DATA: seedDemo } : {}),
      });
      const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
      try {
        await database.migrate();
        const log = capturedLog();
        const app = await buildApp({ config, database, logger: log.logger });
        app.log.info(await seedOnFirstStart(database.db, config));
        await app.close();
        const [serviceCount] = await database.db.select({ value: count() }).from(services);
        const [userCount] = await database.db.select({ value: count() }).from(users);
        expect(serviceCount?.value).toBe(seedDemo ? 10 : 0);
        expect(userCount?.value).toBe(seedDemo ? 9 : 1);

        const kept = readFileSync(path.join(config.dataDir, 'secrets', 'demo-credentials.txt'), 'utf8');
        const passwords = [...kept.matchAll(/password: (\S+)/g)].map((match) => match[1] ?? '');
        expect(passwords.length).toBe(seedDemo ? 3 : 1);
        for (const password of passwords) expect(log.text()).not.toContain(password);
        expect(log.text()).toContain('their passwords are in');
      } finally {
        await database.close();
      }
    }
  }, 60_000);
});

describe('HSTS', () => {
  const hstsFor = async (publicUrl: string) => {
    const app = await buildApp({ config: { ...t.config, publicUrl }, database: t.database, logger: false });
    try {
      return (await app.inject({ method: 'GET', url: '/api/config' })).headers['strict-transport-security'];
    } finally {
      await app.close();
    }
  };

  it('is sent only when the site is served over https', async () => {
    expect(await hstsFor('http://shop.example.com')).toBeUndefined();
    expect(await hstsFor('https://shop.example.com')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('TRUST_PROXY', () => {
  const trust = (TRUST_PROXY?: string) =>
    loadConfig({ DATA_DIR: dataDir(), ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) }).trustProxy;

  it('trusts no proxy by default, and takes a hop count or the proxies’ addresses', () => {
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.7, 10.1.0.0/16, ::1, fd00::/8, loopback')).toEqual([
      '10.0.0.7',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', '*', '10.0.0.0/33', 'proxy.internal', '1.2.3'])('refuses %j, naming the key', (value) => {
    expect(() => trust(value)).toThrow(/TRUST_PROXY: must be a number of proxies or a comma-separated list/);
  });
});
