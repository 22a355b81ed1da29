import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WEEKDAYS } from '@carcare/contracts/shop-settings-constants';

/** The server as `npm start` runs it: the API's bundle, made by the suites' global setup. */
const serverEntry = path.resolve(import.meta.dirname, '../dist/server.mjs');

/** The API's entry points as the operator runs them: the server (`npm start`) and the backup commands. */
export const ENTRY_POINTS = {
  server: serverEntry,
  backup: path.resolve(import.meta.dirname, '../src/scripts/backup.ts'),
  restore: path.resolve(import.meta.dirname, '../src/scripts/restore.ts'),
} as const;

/** How Node runs an entry: a TypeScript one through tsx, a built module as it is. */
const nodeArgs = (entry: string) => (entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry]);

/**
 * Runs an entry point with `env` on top of this process's (never its DATABASE_URL) to its exit, answering
 * the exit code and everything it printed. `started` is handed the child, to stop it should it keep running.
 */
export function runToExit(
  entry: keyof typeof ENTRY_POINTS,
  env: Record<string, string | undefined>,
  options: { args?: string[]; cwd?: string; started?: (child: ChildProcess) => void } = {},
): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, [...nodeArgs(ENTRY_POINTS[entry]), ...(options.args ?? [])], {
    cwd: options.cwd,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  options.started?.(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** A port on which nothing listens now: a server may take it, and connecting to it meanwhile is refused. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export type ServerProcess = { base: string; child: ChildProcess; exited: Promise<number | null> };

/**
 * The real server (its bundle) in a child process, as `npm start` runs it, ready when its health
 * check answers (within `readyWithinMs`: creating a new embedded database takes a while on a busy machine).
 * DATABASE_URL is only what `env` sets, never inherited.
 */
export async function startServerProcess(env: Record<string, string>, readyWithinMs = 30_000): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, nodeArgs(serverEntry), {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PUBLIC_URL: base,
      PAYMENT_PROVIDER: 'sandbox',
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      // Every request of a suite comes from this machine's one address, and suites fill days with unpaid
      // holds: the suites about those limits set them.
      MAX_PENDING_HOLDS_PER_ADDRESS: '1000',
      MAX_UNPAID_DAY_PERCENT: '100',
      ...env,
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let attempt = 0; attempt < readyWithinMs / 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    const up = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { base, child, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become ready within ${readyWithinMs / 1000} s`);
}

/** Stops each server as SIGTERM does in production, and waits until it has exited. */
export async function stopServerProcesses(servers: ServerProcess[]): Promise<void> {
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

export type Instances = { servers: ServerProcess[]; dataDirs: string[]; stop: () => Promise<void> };

/**
 * Starts `count` server processes at once with the same `env`, each with a data directory of its own, as on
 * machines of their own. `stop` stops them as SIGTERM does and removes the directories; a failed start
 * stops the others before it throws.
 */
export async function startInstances(count: number, env: Record<string, string>): Promise<Instances> {
  const dataDirs = Array.from({ length: count }, () => mkdtempSync(path.join(tmpdir(), 'carcare-instance-')));
  const started = await Promise.allSettled(dataDirs.map((DATA_DIR) => startServerProcess({ ...env, DATA_DIR })));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    await stopServerProcesses(servers);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  // The instance that seeded the demo shop tells the others of its hours; ready once they all tell the same.
  for (let attempt = 0; ; attempt++) {
    const configs = await Promise.all(
      servers.map(async (server) => JSON.stringify((await (await fetch(`${server.base}/api/config`)).json()).data)),
    );
    if (new Set(configs).size === 1) break;
    if (attempt === 100) {
      await stop();
      throw new Error('the instances never agreed on the shop’s settings');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { servers, dataDirs, stop };
}

/** A JSON POST to one instance, with the caller's access token if given: its status and parsed body. */
export async function postJson(base: string, url: string, body: unknown, token?: string) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * Registers `count` customers as SPEC's registration form does, through the servers at `bases` in turn,
 * emailed `<prefix><n>@example.com`; answers their access tokens, in order.
 */
export function registerCustomers(bases: string[], prefix: string, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const password = 'a-customer-password';
      const response = await fetch(`${bases[n % bases.length]}/api/auth/register/customer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Test',
          lastName: `Customer ${n}`,
          email: `${prefix}${n}@example.com`,
          address: 'Test Street 1',
          password,
          confirmPassword: password,
          phone: '+14155552671',
        }),
      });
      const body = await response.json();
      if (response.status !== 201)
        throw new Error(`registering ${prefix}${n} answered ${response.status}: ${body.message}`);
      return body.accessToken as string;
    }),
  );
}

const WHOLE_DAY = [{ start: '08:00', end: '18:00' }];

/**
 * The demo shop as the suites that count bookings per slot know it: open every day 08:00–18:00 with no
 * closure, and with one bay unless `bays` is 'all'. They race customers for a slot's bays on days ahead,
 * whatever weekday the suite runs on: the demo's Sunday, its holiday and (for most) its other two bays would
 * change what they count. Done as its owner would, through the API of the first of `bases` as the
 * administrator `admin`; done once every instance at `bases` tells the new hours.
 */
export async function demoShopOpenDaily(
  bases: readonly string[],
  admin: { email: string; password: string },
  { bays = 'one' }: { bays?: 'one' | 'all' } = {},
) {
  const [base] = bases;
  const call = async (method: string, url: string, token?: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${answer.message}`);
    return answer;
  };
  const { accessToken } = await call('POST', '/api/auth/login', undefined, admin);
  await call('PUT', '/api/settings', accessToken, {
    hours: Object.fromEntries(WEEKDAYS.map((day) => [day, WHOLE_DAY])),
  });
  for (const closure of (await call('GET', '/api/closures', accessToken)).data) {
    await call('DELETE', `/api/closures/${closure._id}`, accessToken);
  }
  for (const bay of bays === 'one' ? (await call('GET', '/api/bays', accessToken)).data : []) {
    if (bay.name !== 'Bay 1') await call('PUT', `/api/bays/${bay._id}`, accessToken, { active: false });
  }
  // The other instances hear of the change a moment later.
  for (const other of bases) {
    for (let attempt = 0; ; attempt++) {
      const { data } = await (await fetch(`${other}/api/config`)).json();
      if (data.hours.sunday.length > 0 && data.closures.length === 0) break;
      if (attempt === 100) throw new Error(`${other} never told the new hours`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
