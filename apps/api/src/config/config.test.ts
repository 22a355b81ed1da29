import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'carcare-config-'));

describe('loadConfig', () => {
  it('gives every setting a working default and leaves an unset JWT secret to the database', () => {
    const DATA_DIR = dataDir();
    const config = loadConfig({ DATA_DIR });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      databasePoolSize: 5,
      business: { name: 'CarCare', timeZone: 'UTC', locale: 'en-US', currency: 'USD' },
      seedDemoData: true,
      payment: { provider: 'sandbox', holdMinutes: 15, sweepIntervalMs: 60_000 },
      logLevel: 'info',
      heapGrowingPercent: 50,
      rateLimit: { global: 600, auth: 10 },
    });
    expect(config.jwtSecret).toBeUndefined();
    // Nothing is generated into DATA_DIR: instances sharing a database share the secret kept there.
    expect(existsSync(path.join(DATA_DIR, 'secrets'))).toBe(false);
    expect(loadConfig({ DATA_DIR, JWT_SECRET: 's'.repeat(32) }).jwtSecret).toBe('s'.repeat(32));
    expect(() => loadConfig({ DATA_DIR, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
  });

  it('keeps the pool of PostgreSQL connections it is given, between 1 and 100', () => {
    const DATA_DIR = dataDir();
    expect(loadConfig({ DATA_DIR, DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    expect(() => loadConfig({ DATA_DIR, DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATA_DIR, DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('only reads: loading creates neither the data directory nor the backup directory', () => {
    const root = dataDir();
    const config = loadConfig({ DATA_DIR: 'data', BACKUP_DIR: 'backups', INIT_CWD: root });
    expect(config.dataDir).toBe(path.join(root, 'data'));
    expect(config.backupDir).toBe(path.join(root, 'backups'));
    expect(readdirSync(root)).toEqual([]);
  });

  it('sweeps expired holds every minute unless HOLD_SWEEP_SECONDS says otherwise, 0 turning it off', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), HOLD_SWEEP_SECONDS: '0.05' }).payment.sweepIntervalMs).toBe(50);
    expect(loadConfig({ DATA_DIR: dataDir(), HOLD_SWEEP_SECONDS: '0' }).payment.sweepIntervalMs).toBe(0);
    for (const value of ['-1', 'often', '3601']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), HOLD_SWEEP_SECONDS: value }), value).toThrow(/HOLD_SWEEP_SECONDS/);
    }
  });

  it("reads how far the server's heap may grow past what a collection kept, refusing what V8 could not use", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), HEAP_GROWING_PERCENT: '100' }).heapGrowingPercent).toBe(100);
    for (const value of ['0', '5', '1001', '1.5', 'lots']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), HEAP_GROWING_PERCENT: value }), value).toThrow(
        /HEAP_GROWING_PERCENT/,
      );
    }
  });

  it('fails fast naming every bad key', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        BUSINESS_TIMEZONE: 'Mars/Olympus',
        DATABASE_URL: 'mysql://x',
        SEED_DEMO_DATA: 'maybe',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const key of ['PORT', 'BUSINESS_TIMEZONE', 'DATABASE_URL', 'SEED_DEMO_DATA']) expect(message).toContain(key);
    }
  });

  it("reads the shop's locale, refusing what is not a language tag", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), BUSINESS_LOCALE: 'en-GB' }).business.locale).toBe('en-GB');
    expect(() => loadConfig({ DATA_DIR: dataDir(), BUSINESS_LOCALE: 'not a locale!' })).toThrow(
      /BUSINESS_LOCALE: must be a language tag such as en-US or en-GB/,
    );
  });

  it('reads the cancellation cut-off, the reminder time and the shop contact, refusing odd hours', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).lifecycle).toMatchObject({
      cancellationCutoffHours: 24,
      reminderHoursBefore: 24,
    });
    const config = loadConfig({
      DATA_DIR: dataDir(),
      CANCELLATION_CUTOFF_HOURS: '48',
      REMINDER_HOURS_BEFORE: '2',
      BUSINESS_ADDRESS: '1 Quay Street',
      BUSINESS_PHONE: '+44 20 7946 0000',
      BUSINESS_EMAIL: 'desk@shop.example',
    });
    expect(config.lifecycle).toMatchObject({ cancellationCutoffHours: 48, reminderHoursBefore: 2 });
    expect(config.business.contact).toEqual({
      address: '1 Quay Street',
      phone: '+44 20 7946 0000',
      email: 'desk@shop.example',
    });
    for (const [key, value] of [
      ['CANCELLATION_CUTOFF_HOURS', '1.5'],
      ['CANCELLATION_CUTOFF_HOURS', '-1'],
      ['REMINDER_HOURS_BEFORE', '0'],
      ['BUSINESS_EMAIL', 'nobody'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), [key]: value }), `${key}=${value}`).toThrow(key);
    }
  });

  it('requires the Stripe keys when the stripe provider is chosen', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('derives the public URL from the port and reads relative paths from where npm was run', () => {
    const base = dataDir();
    const config = loadConfig({ PORT: '8080', DATA_DIR: 'store', INIT_CWD: base });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toBe(path.join(base, 'store'));
  });

  it('allows no other origin by default and reads CORS_ORIGINS as a list of named origins', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).corsOrigins).toEqual([]);
    const config = loadConfig({
      DATA_DIR: dataDir(),
      CORS_ORIGINS: ' https://old.example.com, http://localhost:5173 ,https://old.example.com',
    });
    expect(config.corsOrigins).toEqual(['https://old.example.com', 'http://localhost:5173']);
  });

  it.each([
    ['*', 'cannot be *: the API answers with credentials, so every allowed origin must be named'],
    ['https://old.example.com, *', 'cannot be *'],
    ['https://old.example.com/app', 'not https://old.example.com/app'],
    ['https://old.example.com/', 'not https://old.example.com/'],
    ['old.example.com', 'not old.example.com'],
    ['ftp://old.example.com', 'not ftp://old.example.com'],
  ])('refuses CORS_ORIGINS=%s', (value, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), CORS_ORIGINS: value })).toThrow(message);
    expect(() => loadConfig({ DATA_DIR: dataDir(), CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS/);
  });

  it('gives every session rotating refresh tokens by default, and keeps them for origins of NON_ROTATING_REFRESH_ORIGINS', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).nonRotatingRefreshOrigins).toEqual([]);
    const config = loadConfig({
      DATA_DIR: dataDir(),
      CORS_ORIGINS: 'https://old.example.com, https://partner.example.com',
      NON_ROTATING_REFRESH_ORIGINS: ' https://old.example.com ,https://old.example.com',
    });
    expect(config.nonRotatingRefreshOrigins).toEqual(['https://old.example.com']);
    expect(config.corsOrigins).toEqual(['https://old.example.com', 'https://partner.example.com']);
  });

  it('refuses to start when an origin of NON_ROTATING_REFRESH_ORIGINS is not in CORS_ORIGINS', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(load({ NON_ROTATING_REFRESH_ORIGINS: 'https://old.example.com' })).toThrow(
      "Invalid configuration:\n  NON_ROTATING_REFRESH_ORIGINS: https://old.example.com must also be in CORS_ORIGINS: only a listed origin's pages can call the API",
    );
    expect(
      load({
        CORS_ORIGINS: 'https://old.example.com',
        NON_ROTATING_REFRESH_ORIGINS: 'https://old.example.com, http://localhost:5173, https://other.example.com',
      }),
    ).toThrow(
      'NON_ROTATING_REFRESH_ORIGINS: http://localhost:5173, https://other.example.com must also be in CORS_ORIGINS',
    );
    expect(load({ CORS_ORIGINS: 'https://old.example.com', NON_ROTATING_REFRESH_ORIGINS: '*' })).toThrow(
      /NON_ROTATING_REFRESH_ORIGINS: cannot be \*/,
    );
    expect(
      load({ CORS_ORIGINS: 'https://old.example.com', NON_ROTATING_REFRESH_ORIGINS: 'https://old.example.com/' }),
    ).toThrow('NON_ROTATING_REFRESH_ORIGINS: must be comma-separated origins');
  });

  it('gives refresh-token reuse a 30-second grace by default, 0 turning it off', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).refreshReuseGraceMs).toBe(30_000);
    expect(loadConfig({ DATA_DIR: dataDir(), REFRESH_REUSE_GRACE_SECONDS: '0' }).refreshReuseGraceMs).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir(), REFRESH_REUSE_GRACE_SECONDS: '5' }).refreshReuseGraceMs).toBe(5000);
    for (const value of ['-1', 'soon', '1.5', '301']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), REFRESH_REUSE_GRACE_SECONDS: value }), value).toThrow(
        /REFRESH_REUSE_GRACE_SECONDS/,
      );
    }
  });
});
