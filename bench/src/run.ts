import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client';
import { businessDate } from '../../apps/api/src/lib/business-time';
import { hashPassword } from '../../apps/api/src/modules/auth/auth.service';
import { bundleReport } from './bundle';
import { logIn, rushRounds } from './contention';
import { cpuMeter, quietDown } from './cpu-time';
import { measureExport } from './csv-export';
import { BENCH_ADMIN, BENCH_CUSTOMER_PASSWORD, benchCustomerEmail, type DatasetName, generateDataset } from './dataset';
import { explainOwnerQueries } from './explain';
import { addGeneratedService, timeFillHorizon } from './generated-times';
import { lighthouseScores } from './lighthouse';
import { type LoadResult, measure } from './load';
import { peakRssMiB, repoRoot, rssMiB, startProcess } from './processes';

const { values: args } = parseArgs({
  options: {
    dataset: { type: 'string', default: 'realistic' },
    seconds: { type: 'string', default: '5' },
    'skip-lighthouse': { type: 'boolean', default: false },
    // Only the floor and the rushes, with the server's memory: for working on them, not for the report.
    'rush-only': { type: 'boolean', default: false },
  },
});
const dataset = (args.dataset === 'large' ? 'large' : 'realistic') satisfies DatasetName;
const seconds = Number(args.seconds);
const serverUrl = process.env.BENCH_DATABASE_URL;

async function freshPostgres(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carcare-bench-'));
  const databaseUrl = serverUrl ? await freshPostgres(serverUrl, `carcare_bench_${dataset}`) : undefined;
  const database = await openDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir },
  );
  await database.migrate();
  const generatedAt = Date.now();
  const shape = await generateDataset(database.db, dataset, {
    admin: await hashPassword(BENCH_ADMIN.password),
    customer: await hashPassword(BENCH_CUSTOMER_PASSWORD),
  });
  const generatedServiceId = await addGeneratedService(database.db, 'UTC');
  await database.close();
  console.log(
    `dataset ${dataset} on ${database.kind}: generated in ${((Date.now() - generatedAt) / 1000).toFixed(1)} s`,
    shape,
  );
  // Producing the horizon of generated times, before the server starts so that nothing competes with it.
  const horizonUrl = serverUrl ? await freshPostgres(serverUrl, 'carcare_bench_horizon') : undefined;
  const fillHorizonTiming = await timeFillHorizon(
    horizonUrl ? { kind: 'postgres', url: horizonUrl } : undefined,
    'UTC',
  );
  console.log('fillHorizon:', fillHorizonTiming);

  // The server as `npm start` runs it: the API's bundle (`npm run bench` makes it).
  const api = await startProcess(
    path.join(repoRoot, 'apps/api/dist/server.mjs'),
    {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
      // The rush's customers each come from an address of their own, through this machine as their proxy…
      TRUST_PROXY: '127.0.0.1',
      // …onto one day.
      MAX_UNPAID_DAY_PERCENT: '100',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    '/api/health',
  );
  const results: LoadResult[] = [];
  try {
    // The server at rest: started, migrated, its jobs' first runs done, nothing asked of it yet.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const idleRss = rssMiB(api.child.pid);
    console.log(`server idle RSS: ${idleRss} MiB`);
    const memory = () => `${rssMiB(api.child.pid)} MiB, peak so far ${peakRssMiB(api.child.pid)} MiB`;
    const adminToken = await logIn(api.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const admin = { authorization: `Bearer ${adminToken}` };
    const page1 = await (await fetch(`${api.url}/api/services`)).json();
    const serviceId = page1.data[0]._id;
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const bookings = await (await fetch(`${api.url}/api/bookings?limit=10`, { headers: admin })).json();
    const deepPage = Math.max(1, Math.ceil(bookings.totalDoc / 10));
    const timeZone = 'UTC';
    const today = businessDate(timeZone);
    const yearAgo = businessDate(timeZone, new Date(), -364);
    const tenDaysAgo = businessDate(timeZone, new Date(), -10);
    const confirmed = await (await fetch(`${api.url}/api/bookings?status=confirm&limit=10`, { headers: admin })).json();
    const deepFilteredPage = Math.max(1, Math.ceil(confirmed.totalDoc / 10));
    const searchTerm = 'Number 4242';
    // A job priced by the car: the SUV (its own price and duration) and two add-ons.
    const suv = (await (await fetch(`${api.url}/api/vehicle-classes`)).json()).data.find(
      (row: { name: string }) => row.name === 'SUV',
    )._id;
    const twoAddOns = (await (await fetch(`${api.url}/api/add-ons?service=${serviceId}`)).json()).data
      .slice(0, 2)
      .map((row: { _id: string }) => row._id);
    // A day of the generated service's times a few days ahead, on a day the shop opens (not a Sunday).
    const generatedDay =
      [3, 4]
        .map((offset) => businessDate(timeZone, new Date(), offset))
        .find((date) => new Date(`${date}T00:00:00Z`).getUTCDay() !== 0) ?? businessDate(timeZone, new Date(), 3);
    // The first overview after the bulk load recomputes the daily figures of every day (decision 021).
    const firstOverviewStarted = performance.now();
    await fetch(`${api.url}/api/admin/overview?from=${yearAgo}&to=${today}`, { headers: admin });
    const firstOverviewSeconds = Math.round((performance.now() - firstOverviewStarted) / 10) / 100;
    console.log(`  first overview, every day's figures computed: ${firstOverviewSeconds} s`);

    const bodyFile = path.join(dataDir, 'ceiling.json');
    writeFileSync(bodyFile, JSON.stringify(page1));
    const ceilingServer = await startProcess(
      path.join(repoRoot, 'bench/src/ceiling-server.ts'),
      { CEILING_BODY_FILE: bodyFile },
      '/',
    );
    const ceiling = await measure('ceiling: bare Fastify, same JSON from memory', {
      url: `${ceilingServer.url}/`,
      seconds,
    });
    await ceilingServer.stop();
    results.push(ceiling);

    const pageHeaders = { 'accept-encoding': 'gzip, deflate, br' };
    const scenarios: Array<[string, Parameters<typeof measure>[1], boolean]> = [
      ['GET /api/services (page 1)', { url: `${api.url}/api/services` }, true],
      ['GET /api/services (search)', { url: `${api.url}/api/services?searchTerm=ceramic` }, true],
      ['GET /api/services (price filter)', { url: `${api.url}/api/services?min=50&max=200&sort=price` }, true],
      ['GET /api/services/:id', { url: `${api.url}/api/services/${serviceId}` }, true],
      [
        'GET /api/slots/availability',
        { url: `${api.url}/api/slots/availability?service=${serviceId}&date=${tomorrow}` },
        true,
      ],
      [
        'GET /api/slots/availability (generated day)',
        { url: `${api.url}/api/slots/availability?service=${generatedServiceId}&date=${generatedDay}` },
        true,
      ],
      [
        'GET /api/slots/availability (generated day, SUV, two add-ons)',
        {
          url: `${api.url}/api/slots/availability?service=${generatedServiceId}&date=${generatedDay}&vehicleClass=${suv}&addOns=${twoAddOns.join(',')}`,
        },
        true,
      ],
      [
        'GET /api/bookings/quote (SUV, two add-ons)',
        {
          url: `${api.url}/api/bookings/quote?service=${serviceId}&vehicleClass=${suv}&addOns=${twoAddOns.join(',')}`,
        },
        true,
      ],
      [
        'POST /api/bookings/quote (SUV, two add-ons)',
        {
          url: `${api.url}/api/bookings/quote`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ service: serviceId, vehicleClass: suv, addOns: twoAddOns }),
        },
        true,
      ],
      ['GET /api/review/get (with stats)', { url: `${api.url}/api/review/get` }, true],
      // Server-rendered pages (decision 022), answered from the public cache after the first render, compressed
      // as browsers ask for them. HTML pages of some 60 KB: not compared with the ceiling's small JSON.
      ['GET / (rendered page, brotli)', { url: `${api.url}/`, headers: pageHeaders }, false],
      ['GET /services (rendered page, brotli)', { url: `${api.url}/services`, headers: pageHeaders }, false],
      [
        'POST /api/auth/login',
        {
          url: `${api.url}/api/auth/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: benchCustomerEmail(1), password: BENCH_CUSTOMER_PASSWORD }),
        },
        false,
      ],
      ['GET /api/bookings (admin, page 1)', { url: `${api.url}/api/bookings?page=1&limit=10`, headers: admin }, false],
      [
        `GET /api/bookings (admin, page ${deepPage})`,
        { url: `${api.url}/api/bookings?page=${deepPage}&limit=10`, headers: admin },
        false,
      ],
      // The owner's view, one owner at a time: the latency of one page load, not of a queue of sixteen.
      [
        'GET /api/admin/overview (12 months, 1 connection)',
        { url: `${api.url}/api/admin/overview?from=${yearAgo}&to=${today}`, headers: admin, connections: 1 },
        false,
      ],
      [
        'GET /api/admin/schedule (a day, 1 connection)',
        { url: `${api.url}/api/admin/schedule?date=${tenDaysAgo}`, headers: admin, connections: 1 },
        false,
      ],
      [
        'GET /api/bookings (status filter, page 1, 1 connection)',
        { url: `${api.url}/api/bookings?status=confirm&page=1&limit=10`, headers: admin, connections: 1 },
        false,
      ],
      [
        `GET /api/bookings (status filter, page ${deepFilteredPage}, 1 connection)`,
        {
          url: `${api.url}/api/bookings?status=confirm&page=${deepFilteredPage}&limit=10`,
          headers: admin,
          connections: 1,
        },
        false,
      ],
      [
        'GET /api/bookings (customer search, 1 connection)',
        {
          url: `${api.url}/api/bookings?search=${encodeURIComponent(searchTerm)}&page=1&limit=10`,
          headers: admin,
          connections: 1,
        },
        false,
      ],
    ];
    console.log(`  server RSS before the scenarios: ${memory()}`);
    for (const [scenario, options, publicRead] of args['rush-only'] ? [] : scenarios) {
      // A one-second warm-up first: JIT, connection pool and cache settle before anything is recorded.
      await measure(scenario, { ...options, seconds: 1 });
      const result = await measure(scenario, { seconds, ...options });
      if (publicRead)
        result.ratioToCeiling = Math.round((result.requestsPerSecond / ceiling.requestsPerSecond) * 100) / 100;
      result.serverPeakRssMiB = peakRssMiB(api.child.pid);
      results.push(result);
      console.log(
        `  ${scenario}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}`,
      );
    }
    // The export of about 100,000 bookings: the days back from ten days ago that hold that many.
    const perDay = Math.max(1, Math.round(shape.bookings / Math.floor(shape.days / 2)));
    const exportFrom = businessDate(timeZone, new Date(), -10 - Math.ceil(100_000 / perDay) + 1);
    const csvExport = args['rush-only']
      ? null
      : await measureExport(
          `${api.url}/api/bookings/export.csv?from=${exportFrom}&to=${tenDaysAgo}`,
          admin,
          api.child.pid ?? 0,
        );
    console.log('  CSV export:', csvExport, `server RSS ${memory()}`);
    const explained =
      databaseUrl && !args['rush-only']
        ? await explainOwnerQueries(databaseUrl, { timeZone, deepPage: deepFilteredPage, searchTerm })
        : [];
    // The floor and the rush in one run, one after the other: the machine's speed moves from day to day.
    console.log(`  server RSS before the floor and the rushes: ${memory()}`);
    const serverPid = api.child.pid;
    if (serverPid === undefined) throw new Error('the API server has no process id');
    const rushes = await rushRounds(api.url, adminToken, {
      report: (line) => console.log(`  ${line}`),
      meter: cpuMeter(serverPid, { database: databaseUrl !== undefined }),
    });
    const { floor, plain: contention, mixed: mixedContention } = rushes;
    console.log(`  server RSS after the floor and the rushes: ${memory()}`);
    console.log('  floor, a booking refused by validation (middle of the rounds):', floor);
    console.log('  rush, plain (middle of the rounds):', contention, `p99 ${rushes.p99ToFloor.plain} x the floor's`);
    console.log(
      '  rush, jobs of every length (middle of the rounds):',
      mixedContention,
      `p99 ${rushes.p99ToFloor.mixed} x the floor's`,
    );
    console.log(
      `  the first rushes since the server started: plain p99 ${rushes.first.plain.p99} ms ` +
        `(${rushes.first.p99ToFloor.plain} x), jobs of every length p99 ${rushes.first.mixed.p99} ms ` +
        `(${rushes.first.p99ToFloor.mixed} x); the first floor p99 ${rushes.first.floor.p99} ms`,
    );
    const peakRss = peakRssMiB(api.child.pid);
    const measuresPages = !args['skip-lighthouse'] && !args['rush-only'];
    if (measuresPages) {
      // Lighthouse measures the pages on a quiet machine, not beside what the rushes left the server to do.
      const quiet = await quietDown(serverPid, { database: databaseUrl !== undefined });
      console.log(
        `  waited ${quiet.waitedSeconds} s for the server and the database to go quiet before Lighthouse ` +
          `(${quiet.lastSecondMs} ms of CPU in the last second)`,
      );
    }
    const lighthouse = !measuresPages
      ? []
      : await lighthouseScores(api.url, ['/', '/services', `/service/${serviceId}`]).catch((error: unknown) => {
          // The other figures still count when no Chromium is installed (set CHROMIUM_PATH to point at one).
          console.warn(`Lighthouse did not run: ${error instanceof Error ? error.message : String(error)}`);
          return [];
        });
    const bundle = bundleReport();

    const report = {
      date: new Date().toISOString(),
      database: database.kind,
      dataset: { name: dataset, ...shape },
      secondsPerScenario: seconds,
      results,
      firstOverviewSeconds,
      fillHorizon: fillHorizonTiming,
      csvExport,
      explained: explained.map(({ scenario, sql, executionMs }) => ({ scenario, executionMs, sql })),
      floor,
      contention,
      mixedContention,
      rushP99ToFloor: rushes.p99ToFloor,
      rushRounds: rushes.rounds,
      firstRushes: rushes.first,
      serverIdleRssMiB: idleRss,
      serverPeakRssMiB: peakRss,
      bundle,
      lighthouse,
    };
    mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
    const reportFile = args['rush-only'] ? 'rush.json' : 'latest.json';
    writeFileSync(path.join(repoRoot, 'bench/results', reportFile), `${JSON.stringify(report, null, 2)}\n`);

    console.log(`\nCarCare bench: ${dataset} dataset on ${database.kind}, ${seconds} s a scenario\n`);
    console.table(
      results.map((r) => ({
        scenario: r.scenario,
        'req/s': r.requestsPerSecond,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        errors: r.errors,
        'x ceiling': r.ratioToCeiling ?? '',
        'peak MiB': r.serverPeakRssMiB ?? '',
      })),
    );
    console.log('CSV export:', csvExport);
    console.log('fillHorizon (20 services, 60 days):', fillHorizonTiming);
    if (explained.length > 0) {
      const plans = explained.map((query) => `-- ${query.scenario}\n${query.sql}\n${query.plan}\n`).join('\n');
      writeFileSync(path.join(repoRoot, 'bench/results/explain.txt'), plans);
      console.table(
        explained.map(({ scenario, executionMs, sql }) => ({ scenario, ms: executionMs, sql: sql.slice(0, 60) })),
      );
      console.log('query plans written to bench/results/explain.txt');
    }
    console.log('booking contention:', contention);
    console.log(`server RSS: idle ${idleRss} MiB, peak ${peakRss} MiB`);
    console.table(
      bundle.map((b) => ({
        route: b.route,
        'JS gzip KB': b.jsKb,
        'CSS gzip KB': b.cssKb,
        files: b.files,
        'admin modules': b.adminModules.length,
      })),
    );
    if (lighthouse.length > 0) console.table(lighthouse);
    console.log(`written to bench/results/${reportFile}`);
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
