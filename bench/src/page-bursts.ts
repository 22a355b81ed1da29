/**
 * Issue 22's reproductions of pages and public reads under bursts (decision 027), against the server of the
 * tree given (this one by default, or a checkout of an earlier version to compare), on PostgreSQL:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/src/page-bursts.ts [tree]
 *
 * Each burst gets a fresh server process on one database, so that none inherits another's backlog.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, repoRoot } from './processes';

const root = path.resolve(process.argv[2] ?? repoRoot);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password' };
const BURST = { requests: 1000, concurrency: 500, withinMs: 30_000 };

const dbName = 'carcare_page_bursts';
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'carcare-page-bursts-'));
let server: ChildProcess | undefined;

async function startServer() {
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/app/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'fatal',
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      WEB_RENDER_ENTRY: path.join(root, 'apps/web/dist-ssr/entry-server.js'),
      // The API's own budget out of the way: every burst comes from one address.
      RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 600; attempt++) {
    if (
      await fetch(`${base}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start within 120 s');
}

async function restartServer() {
  const running = server;
  if (running && running.exitCode === null) {
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    const kill = setTimeout(() => running.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(kill);
  }
  await startServer();
}

/** The database's committed transactions so far; statistics reach the view within PostgreSQL's 10 s. */
const stats = new pg.Client({ connectionString: databaseUrl });
async function commits(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  await stats.query('select pg_stat_clear_snapshot()');
  const { rows } = await stats.query<{ n: number }>(
    'select xact_commit::int as n from pg_stat_database where datname = $1',
    [dbName],
  );
  return rows[0]?.n ?? 0;
}

const random = () => Math.random().toString(36).slice(2);
const headers = { 'accept-encoding': 'br, gzip' };

/** 1,000 requests, 500 at a time; what was answered within 30 s of the burst's start, by status. */
async function burst(pathOf: (index: number) => string) {
  const start = performance.now();
  const statuses: Record<number, number> = {};
  let next = 0;
  let unanswered = 0;
  const client = async () => {
    while (next < BURST.requests) {
      const index = next++;
      const left = Math.ceil(BURST.withinMs - (performance.now() - start));
      try {
        const answer = await fetch(`${base}${pathOf(index)}`, {
          headers,
          signal: AbortSignal.timeout(Math.max(1, left)),
        });
        await answer.arrayBuffer();
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      } catch {
        unanswered += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: BURST.concurrency }, client));
  return { statuses, unanswered, seconds: Number(((performance.now() - start) / 1000).toFixed(1)) };
}

async function editService(token: string, id: string, price: number) {
  await fetch(`${base}/api/services/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ price }),
  });
}

await startServer();
await stats.connect();
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(ADMIN),
});
const token = ((await login.json()) as { accessToken: string }).accessToken;
const services = (await (await fetch(`${base}/api/services?limit=1`)).json()) as { data: { _id: string }[] };
const serviceId = services.data[0]?._id ?? '';

// `/services?z=<random>` 20 at a time for 10 s, while a cached API read is timed every 100 ms.
await fetch(`${base}/api/services`);
let probing = true;
const probe: number[] = [];
const prober = (async () => {
  while (probing) {
    const started = performance.now();
    await (await fetch(`${base}/api/services`)).arrayBuffer();
    probe.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();
const pages = await autocannon({
  url: base,
  connections: 20,
  duration: 10,
  headers,
  requests: [{ setupRequest: (request) => ({ ...request, path: `/services?z=${random()}` }) }],
});
probing = false;
await prober;
probe.sort((a, b) => a - b);
console.log('/services?z=<random>, 20 at a time:', {
  pagesPerSecond: Math.round(pages.requests.average),
  p50: pages.latency.p50,
  p99: pages.latency.p99,
  non2xx: pages.non2xx,
  cachedApiRead: { p50: Math.round(probe[Math.floor(probe.length / 2)] ?? 0), max: Math.round(probe.at(-1) ?? 0) },
});

await restartServer();
await editService(token, serviceId, 51);
console.log('/services?z=<random> just after an edit:', await burst(() => `/services?z=${random()}`));

await restartServer();
const beforeReads = await commits();
await editService(token, serviceId, 52);
const reads = await burst(() => '/api/services?page=1&limit=10&sort=price');
console.log('one API read just after an edit:', { ...reads, statements: (await commits()) - beforeReads });

await restartServer();
console.log('unknown paths:', await burst((index) => `/no-such-page-${index}-${random()}`));

await restartServer();
const idleStart = await commits();
const beforeSitemap = await commits();
for (let read = 0; read < 100; read++) await (await fetch(`${base}/sitemap.xml`)).arrayBuffer();
// The background jobs' statements over a window as long, measured just before, are left out.
const sitemapStatements = (await commits()) - beforeSitemap - (beforeSitemap - idleStart);
console.log('/sitemap.xml × 100:', { statements: sitemapStatements });

server?.kill('SIGTERM');
await stats.end();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.end();
