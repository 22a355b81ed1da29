import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@carcare/contracts/users';
import { count, eq, getTableName, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { vi } from 'vitest';
import { buildApp } from '../src/app/app';
import { type Config, loadConfig, type ResolvedConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import * as schema from '../src/db/schema';
import { services, slots } from '../src/db/schema';
import { businessDate, minutesToTime } from '../src/lib/business-time';
import { hashPassword } from '../src/modules/auth/auth.service';
import { splitIntoSlots } from '../src/modules/slots/slots.service';
import { createUser } from '../src/modules/users/users.service';

/** `pglite` unless the suite runs in its PostgreSQL project (see the root vitest.config.ts). */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server, and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL suite');
  const name = `carcare_test_${randomUUID().replaceAll('-', '')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

const migrationsDir = path.resolve(import.meta.dirname, '../src/db/migrations');
/** The function files the migrations include: a change to one makes another migrated database too. */
const functionsDir = path.resolve(import.meta.dirname, '../src/db/functions');

/** A name for the migrations as they stand: a snapshot made from other migrations is never used. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsDir);
  walk(functionsDir);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A freshly migrated embedded database as one file, made once for all the suites of a run and of later runs
 * (named by the migrations it holds): starting a database from it takes a fraction of creating and migrating
 * one. Written to a temporary name and renamed, so suites starting at once never read half a file.
 */
async function migratedSnapshot(): Promise<Blob> {
  const file = path.join(tmpdir(), `carcare-pglite-${migrationsFingerprint()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const fresh = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await fresh.migrate();
  const dump = await fresh.dump?.();
  await fresh.close();
  if (!dump) throw new Error('the embedded database gave no dump');
  const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

async function openTestDatabase(): Promise<{ database: DatabaseHandle; url?: string }> {
  if (testDatabaseKind === 'pglite') {
    return { database: await openDatabase({ kind: 'pglite', dataDir: undefined, snapshot: await migratedSnapshot() }) };
  }
  // Each test file gets a database of its own, dropped when it closes.
  const { url, drop } = await createPostgresDatabase();
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  const database = {
    ...handle,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
  return { database, url };
}

/** Resolves once `count` other sessions of the client's database wait for a lock (PostgreSQL suites). */
export async function waitForLockWaits(client: pg.Client, count: number) {
  for (let attempt = 0; attempt < 200; attempt++) {
    // Inside a transaction the activity view is read once and kept: drop that copy to see the present.
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ waiting: number }>(
      "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} sessions ever waited for a lock`);
}

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The PostgreSQL database's address, for suites that open connections of their own. */
  databaseUrl?: string;
  config: ResolvedConfig;
  close: () => Promise<void>;
};

/** Where the older web client is deployed in the suites that call the API as it does. */
export const OLDER_CLIENT_ORIGIN = 'https://old.example.com';

export type TestConfigOverrides = Partial<Omit<Config, 'payment' | 'lifecycle' | 'texts' | 'waitlist'>> & {
  payment?: Partial<Config['payment']>;
  lifecycle?: Partial<Config['lifecycle']>;
  texts?: Partial<Config['texts']>;
  waitlist?: Partial<Config['waitlist']>;
};

export async function createTestApp(overrides: TestConfigOverrides = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carcare-test-'));
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const config: Config = {
    ...base,
    // Suites sign in far more than ten times a minute; the rate-limit test sets its own.
    rateLimit: { global: 10_000, auth: 10_000 },
    // Suites write straight to the database too; the cache suite turns caching on for itself.
    publicCacheMs: 0,
    ...overrides,
    // Tests run the expiry sweeper themselves, with a clock of their choosing; suites book far more than
    // twice per customer, all from one address, and fill days with unpaid holds: the hoarding suites set
    // their own limits.
    payment: {
      ...base.payment,
      sweepIntervalMs: 0,
      maxPendingHolds: 1000,
      maxPendingHoldsPerAddress: 1000,
      maxUnpaidDayPercent: 100,
      ...overrides.payment,
    },
    // Tests run the reminder and availability jobs themselves, with a clock of their choosing.
    lifecycle: { ...base.lifecycle, reminderIntervalMs: 0, availabilityIntervalMs: 0, ...overrides.lifecycle },
    // Tests run the text sender themselves, with a clock of their choosing.
    texts: { ...base.texts, sendIntervalMs: 0, ...overrides.texts },
    // Tests match the waitlist themselves, with a clock of their choosing.
    waitlist: { ...base.waitlist, matchIntervalMs: 0, ...overrides.waitlist },
  };
  const { database, url: databaseUrl } = await openTestDatabase();
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    config: app.config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestUser = { id: string; email: string; password: string; accessToken: string };

let userCounter = 0;

/** Creates a customer straight in the database, who never signs in. */
export async function storedCustomer(
  app: FastifyInstance,
  person: { firstName: string; lastName: string; email: string },
) {
  const user = await createUser(app.db, { ...person, passwordHash: await hashPassword(randomUUID()) });
  if (!user) throw new Error(`test user ${person.email} was not created`);
  return user;
}

/** Creates a user straight in the database and signs it in through the API. */
export async function signedInUser(app: FastifyInstance, role: Role = 'user'): Promise<TestUser> {
  userCounter += 1;
  const email = `${role}${userCounter}.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct horse battery';
  const user = await createUser(app.db, {
    firstName: 'Test',
    lastName: `${role} ${userCounter}`,
    email,
    passwordHash: await hashPassword(password),
    role,
  });
  if (!user) throw new Error('test user was not created');
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return { id: user.id, email, password, accessToken: response.json().accessToken };
}

/**
 * Moves the clock past the refresh-token reuse grace, as if that much time had passed since the last
 * rotation. Only `Date` is faked (timers, the database and the session check run as usual); the caller
 * puts it back with `vi.useRealTimers()`.
 */
export function movePastRefreshGrace(config: Config) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + config.refreshReuseGraceMs + 1000 });
}

export function asUser(user: { accessToken: string }, options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...options.headers, authorization: `Bearer ${user.accessToken}` } };
}

/** A multipart form whose field `file` holds `bytes`, as a browser sends a file input: inject's headers and payload. */
export function fileForm(bytes: Buffer, filename = 'me.png', contentType = 'image/png') {
  const boundary = '----carcare-test-boundary';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** `PUT /api/user/update-profile-image` with `bytes` as the form's file, by `caller` (a visitor when null). */
export function uploadProfileImage(
  app: FastifyInstance,
  caller: { accessToken: string } | null,
  bytes: Buffer,
  filename?: string,
  contentType?: string,
) {
  const options = {
    method: 'PUT' as const,
    url: '/api/user/update-profile-image',
    ...fileForm(bytes, filename, contentType),
  };
  return app.inject(caller ? asUser(caller, options) : options);
}

/** The value of a Set-Cookie header's cookie and its attributes, for asserting cookie flags. */
export function setCookie(response: { cookies: Array<Record<string, unknown>> }, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}

let slotDayCounter = 0;

/**
 * A service and some future slots of it, straight in the database. Each call takes a day of its own
 * (unless `daysAhead` is given), so that services made by different tests never compete for the shop's
 * one bay.
 */
export async function serviceWithSlots(
  app: FastifyInstance,
  options: {
    name?: string;
    priceCents?: number;
    durationMinutes?: number;
    slotCount?: number;
    daysAhead?: number;
    /** The day of the slots, YYYY-MM-DD: another service's day, to make them compete for bays. */
    date?: string;
    /** The shop's time zone, in which the slots' day and times are given (UTC unless the suite's shop is elsewhere). */
    timeZone?: string;
  } = {},
) {
  slotDayCounter += 1;
  const {
    name = 'Foam Wash',
    priceCents = 4550,
    durationMinutes = 60,
    slotCount = 3,
    daysAhead = 2 + slotDayCounter,
    timeZone = 'UTC',
  } = options;
  const [service] = await app.db
    .insert(services)
    .values({ name, description: `${name} description`, durationMinutes, priceCents })
    .returning();
  if (!service) throw new Error('service was not created');
  const date = options.date ?? businessDate(timeZone, new Date(), daysAhead);
  const rows = splitIntoSlots(
    {
      serviceId: service.id,
      durationMinutes,
      date,
      startTime: '08:00',
      endTime: minutesToTime(8 * 60 + durationMinutes * slotCount),
    },
    timeZone,
    new Date(),
  );
  const created = await app.db.insert(slots).values(rows).returning();
  return { service, slots: created };
}

/**
 * Days ahead, 2, 3, 4…, counted by the suite that calls it: for `serviceWithSlots`' `daysAhead` where a suite
 * needs its days inside the shop's booking horizon, whatever the suites before it in this process counted.
 */
export function daysOfOwn(): () => number {
  let taken = 1;
  return () => {
    taken += 1;
    return taken;
  };
}

/** A service's slots of one day as customers see them: isBooked, capacity and remaining bays. */
export async function availabilityOf(
  app: FastifyInstance,
  serviceId: string,
  date: string,
): Promise<Array<{ _id: string; isBooked: string; capacity: number; remaining: number }>> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/slots/availability?service=${serviceId}&date=${date}`,
  });
  return response.json().data;
}

/** Every table a request could write to. */
const TABLES = [
  schema.users,
  schema.sessions,
  schema.refreshTokens,
  schema.passwordResetTokens,
  schema.services,
  schema.bays,
  schema.bayServices,
  schema.serviceBays,
  schema.slots,
  schema.bookings,
  schema.payments,
  schema.reviews,
  schema.images,
  schema.profileImageUploads,
  schema.shopSettings,
  schema.settingChanges,
  schema.closures,
  schema.vehicleClasses,
  schema.serviceClassPrices,
  schema.addOns,
  schema.addOnServices,
  schema.addOnClassPrices,
  schema.vehicles,
  schema.bookingLines,
  schema.roleChanges,
  schema.bookingNotes,
  schema.bookingMoves,
  schema.plans,
  schema.planServices,
  schema.planAddOns,
  schema.memberships,
  schema.membershipVehicles,
  schema.redemptions,
  schema.membershipEvents,
  schema.membershipPayments,
  schema.sandboxSubscriptions,
  schema.renewalReminders,
  schema.bookingMessages,
  schema.textOptOuts,
  schema.textKeywordEvents,
  schema.waitlistEntries,
  schema.waitlistWindows,
  schema.waitlistOffers,
];

/** Row counts of every table, to show that a refused request stored nothing. */
export async function rowCounts(database: DatabaseHandle) {
  // One statement for every table: suites count before and after each of hundreds of requests.
  const counted = sql.join(
    TABLES.map((table, index) => sql`(select count(*)::int from ${table}) as ${sql.identifier(`t${index}`)}`),
    sql`, `,
  );
  const result = (await database.db.execute(sql`select ${counted}`)) as unknown as {
    rows: Array<Record<string, number>>;
  };
  const [row] = result.rows;
  return TABLES.map((table, index) => {
    const counted = row?.[`t${index}`];
    if (typeof counted !== 'number') throw new Error(`no count for ${getTableName(table)}`);
    return counted;
  });
}

/** The mails written to the outbox for `email`, oldest first. */
export function mailsTo(dataDir: string, email: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    // Mails are .eml files; texts have a folder of their own beside them.
    files = readdirSync(outbox)
      .filter((file) => file.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((mail) => mail.includes(`To: ${email}`));
}

/** The token of the reset link in a mail (quoted-printable wraps lines with '=' and writes '=' as '=3D'). */
export function resetTokenIn(mail: string): string {
  const match = mail
    .replace(/=\r?\n/g, '')
    .replaceAll('=3D', '=')
    .match(/reset-password\?token=([\w-]+)/);
  return match?.[1] ?? '';
}

/** A slot's stored status and how many bookings its service has, to show that a refused booking left both alone. */
export async function slotAndBookings(database: DatabaseHandle, serviceId: string, slotId: string) {
  const [slot] = await database.db.select().from(schema.slots).where(eq(schema.slots.id, slotId));
  const [booked] = await database.db
    .select({ value: count() })
    .from(schema.bookings)
    .where(eq(schema.bookings.serviceId, serviceId));
  return { slotStatus: slot?.status, bookings: booked?.value };
}

/** The customer's booking of the slot, paid at the sandbox checkout: confirmed, with its confirmation mail on its way. */
export async function paidBooking(app: FastifyInstance, customer: TestUser, serviceId: string, slotId: string) {
  const created = await app.inject(
    asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: serviceId, slot: slotId } }),
  );
  if (created.statusCode !== 201) throw new Error(`booking failed: ${created.statusCode} ${created.body}`);
  const session = String(created.json().data.payment_url).split('/pay/')[1];
  const paid = await app.inject({ method: 'POST', url: `/pay/${session}/pay` });
  if (paid.headers.location !== `/payment/success?booking=${created.json().data.booking._id}`) {
    throw new Error(`payment failed: ${paid.headers.location}`);
  }
  return { id: created.json().data.booking._id as string, session: session ?? '' };
}

/**
 * A slot row of the service over [startsAt, endsAt), its day and times written as a shop on UTC writes
 * them: for suites that need a slot at an exact instant (so many hours from now) rather than on a day's grid.
 * A slot that runs past midnight is written as ending at 24:00 of its day; its instants stay exact.
 */
export function utcSlotRow(serviceId: string, startsAt: Date, endsAt: Date) {
  const time = (instant: Date) => minutesToTime(instant.getUTCHours() * 60 + instant.getUTCMinutes());
  const date = businessDate('UTC', startsAt);
  return {
    serviceId,
    date,
    startTime: time(startsAt),
    endTime: businessDate('UTC', endsAt) === date ? time(endsAt) : '24:00',
    startsAt,
    endsAt,
  };
}
