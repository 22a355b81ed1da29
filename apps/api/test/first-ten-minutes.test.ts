import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, serviceWithSlots, signedInUser, type TestApp } from './helper';
import { readMailsTo } from './outbox';
import { ENTRY_POINTS, freePort } from './server-process';

const book = async (t: TestApp, host: string) => {
  const customer = await signedInUser(t.app);
  const { service, slots } = await serviceWithSlots(t.app, { name: `Return to ${host}` });
  const response = await t.app.inject(
    asUser(customer, {
      method: 'POST',
      url: '/api/bookings',
      payload: { service: service.id, slot: slots[0]?.id },
      headers: { host },
    }),
  );
  expect(response.statusCode).toBe(201);
  return new URL(response.json().data.payment_url);
};

describe('links made while answering a request', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('in development without PUBLIC_URL, lead back to the address the browser used when it names this machine', async () => {
    const t = await createTestApp({ env: 'development', publicUrlConfigured: false });
    apps.push(t);
    expect((await book(t, '127.0.0.1:3000')).origin).toBe('http://127.0.0.1:3000');
    expect((await book(t, 'localhost:3000')).origin).toBe('http://localhost:3000');
    expect((await book(t, '[::1]:3000')).origin).toBe('http://[::1]:3000');
    // A name the client made up is not the server's: links keep the configured address.
    expect((await book(t, 'shop.attacker.example:3000')).origin).toBe(t.config.publicUrl);

    // The reset link too, read from the mail.
    const customer = await signedInUser(t.app);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: customer.email },
      headers: { host: '127.0.0.1:3000' },
    });
    expect(forgot.statusCode).toBe(200);
    await expect.poll(async () => (await readMailsTo(t.config.dataDir, customer.email)).length).toBe(1);
    const [mail] = await readMailsTo(t.config.dataDir, customer.email);
    expect(mail?.text).toContain('http://127.0.0.1:3000/reset-password?token=');
  });

  it('use PUBLIC_URL whenever it is given, and outside development', async () => {
    const given = await createTestApp({
      env: 'development',
      publicUrl: 'https://shop.example.com',
      publicUrlConfigured: true,
    });
    apps.push(given);
    expect((await book(given, '127.0.0.1:3000')).origin).toBe('https://shop.example.com');
    const testing = await createTestApp({ publicUrlConfigured: false });
    apps.push(testing);
    expect((await book(testing, '127.0.0.1:3000')).origin).toBe(testing.config.publicUrl);
  });
});

/** Starts `npm start`'s server in development on a fresh data directory, collecting what it prints. */
async function developmentServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carcare-first-start-'));
  const { DATABASE_URL: _inherited, NODE_ENV: _env, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ENTRY_POINTS.server], {
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base: `http://127.0.0.1:${port}`, output: () => output, stop };
}

describe("the development console on a newcomer's first start", () => {
  it('says the server is ready, then the accounts to sign in with, and one short line per request', async () => {
    const server = await developmentServer();
    try {
      await expect
        .poll(() => server.output().includes('First start: sign in with these accounts'), { timeout: 90_000 })
        .toBe(true);
      const output = server.output();
      const ready = output.indexOf('is ready at');
      const accounts = output.indexOf('First start: sign in with these accounts');
      expect(ready).toBeGreaterThan(-1);
      expect(accounts).toBeGreaterThan(ready);
      expect(output.slice(accounts)).toMatch(/admin {4}admin@carcare\.local {2}password: \S+/);
      expect(output.slice(accounts)).toMatch(/customer customer@carcare\.local {2}password: \S+/);

      const before = server.output().length;
      expect((await fetch(`${server.base}/api/services?limit=1`)).status).toBe(200);
      await expect.poll(() => server.output().slice(before)).toMatch(/GET \/api\/services\?limit=1 200 \d+ ms/);
      // One line for the request, none for its start or its reply's details (other work may log meanwhile).
      const logged = server
        .output()
        .slice(before)
        .split('\n')
        .filter((line) => /\/api\/services|incoming request|request completed/.test(line));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/^\[[\d:.]+\] INFO: GET \/api\/services\?limit=1 200 \d+ ms$/);
      expect(output).not.toContain('FastifyDeprecation');
    } finally {
      await server.stop();
    }
  }, 120_000);
});
