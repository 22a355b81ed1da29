import type { CpuMeter, CpuTime } from './cpu-time';
import { BENCH_CUSTOMER_PASSWORD, benchCustomerEmail } from './dataset';

type Json = Record<string, unknown>;

async function call(url: string, init: RequestInit & { token?: string; from?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  // The server trusts this machine as its proxy (TRUST_PROXY), as it would nginx in front of it.
  if (init.from) headers['x-forwarded-for'] = init.from;
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  const text = await response.text();
  return { status: response.status, body: (text.startsWith('{') ? JSON.parse(text) : {}) as Json };
}

export async function logIn(base: string, email: string, password: string): Promise<string> {
  const { status, body } = await call(`${base}/api/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  if (status !== 200) throw new Error(`login of ${email} answered ${status}`);
  return String(body.accessToken);
}

export type ContentionResult = {
  customers: number;
  slots: number;
  /** Bays that may take the contended service: each slot goes to this many customers. */
  bays: number;
  created: number;
  refused: number;
  serverErrors: number;
  confirmed: number;
  p50: number;
  p99: number;
  /** The CPU each side used while the attempts were answered. */
  cpuMs: CpuTime;
  /**
   * The same attempts sent again once the winners have paid, every bay of every slot now taken: all refused,
   * what the rush costs without the bookings it makes.
   */
  allTaken: { refused: number; otherStatuses: number; p99: number; cpuMs: CpuTime };
};

/**
 * The address the `index`th customer of a rush books from: customers on their own phones come from addresses
 * of their own, so that each is held to the per-address limit of unpaid holds alone, as in a shop's real rush.
 */
const customerAddress = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The access tokens of the first `customers` bench customers, signed in twenty at a time. */
async function signInCustomers(base: string, customers: number): Promise<string[]> {
  const tokens = [];
  for (let n = 1; n <= customers; n += 20) {
    const batch = Array.from({ length: Math.min(20, customers - n + 1) }, (_, i) =>
      logIn(base, benchCustomerEmail(n + i), BENCH_CUSTOMER_PASSWORD),
    );
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

/**
 * Each signed-in customer sends `bodyOf(their index)` to `POST /api/bookings` at the same moment, from an address
 * of their own: every answer with the time it took, and the CPU each side used until the last answer.
 */
function rushBookings(base: string, tokens: string[], bodyOf: (index: number) => Json, meter: CpuMeter) {
  return meter(() =>
    Promise.all(
      tokens.map(async (token, index) => {
        const started = performance.now();
        const response = await call(`${base}/api/bookings`, {
          method: 'POST',
          token,
          from: customerAddress(index),
          body: JSON.stringify(bodyOf(index)),
        });
        return { ...response, ms: performance.now() - started };
      }),
    ),
  );
}

const sortedTimes = (attempts: Array<{ ms: number }>) => attempts.map((attempt) => attempt.ms).sort((a, b) => a - b);

export type FloorResult = {
  customers: number;
  refused: number;
  otherStatuses: number;
  p50: number;
  p99: number;
  cpuMs: CpuTime;
};

/**
 * The rush's floor: `customers` signed-in customers send, at the same moment, a booking that fails validation
 * (no slot), so that nothing reaches the database's booking statements. What the rush costs beyond this is what
 * booking itself costs under contention.
 */
export async function bookingFloor(base: string, meter: CpuMeter, { customers = 200 }: { customers?: number } = {}) {
  const tokens = await signInCustomers(base, customers);
  const { result: attempts, cpuMs } = await rushBookings(
    base,
    tokens,
    () => ({ service: '00000000-0000-4000-8000-000000000000' }),
    meter,
  );
  const latencies = sortedTimes(attempts);
  return {
    customers,
    refused: attempts.filter((attempt) => attempt.status === 400).length,
    otherStatuses: attempts.filter((attempt) => attempt.status !== 400).length,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    cpuMs,
  } satisfies FloorResult;
}

/**
 * The first `count` active bays in the shop's order, adding bays when the shop has fewer, and whether the
 * shop has more (then the contended service is limited to these).
 */
async function contendedBays(base: string, adminToken: string, count: number) {
  const listed = await call(`${base}/api/bays`, { token: adminToken });
  const active = (listed.body.data as Json[]).filter((bay) => bay.active).map((bay) => String(bay._id));
  for (let n = active.length + 1; n <= count; n++) {
    const added = await call(`${base}/api/bays`, {
      method: 'POST',
      token: adminToken,
      body: JSON.stringify({ name: `Contention Bay ${n}` }),
    });
    if (added.status !== 201) throw new Error(`adding a bay answered ${added.status}`);
    active.push(String((added.body.data as Json)._id));
  }
  return { ids: active.slice(0, count), limited: active.length > count };
}

/**
 * The jobs of a mixed rush on the service: its own prices for the two bigger classes, and the shop's add-ons
 * offered with it; then every class with no add-on, one, or two.
 */
async function mixedJobs(base: string, adminToken: string, serviceId: string): Promise<Json[]> {
  const classes = ((await call(`${base}/api/vehicle-classes`)).body.data as Json[]).map((row) => String(row._id));
  const [, , suv, van] = classes;
  const priced = await call(`${base}/api/services/${serviceId}/prices`, {
    method: 'PUT',
    token: adminToken,
    body: JSON.stringify({
      prices: [
        { vehicleClass: suv, price: 60, duration: 75 },
        { vehicleClass: van, price: 70, duration: 90 },
      ],
    }),
  });
  if (priced.status !== 200) throw new Error(`pricing the contended service answered ${priced.status}`);
  const addOns = (await call(`${base}/api/add-ons/all`, { token: adminToken })).body.data as Json[];
  for (const addOn of addOns) {
    const offered = await call(`${base}/api/add-ons/${addOn._id}`, {
      method: 'PUT',
      token: adminToken,
      body: JSON.stringify({ services: [...(addOn.services as string[]), serviceId] }),
    });
    if (offered.status !== 200) throw new Error(`offering an add-on answered ${offered.status}`);
  }
  const ids = addOns.map((addOn) => String(addOn._id));
  const choices = [[], ids.slice(0, 1), ids.slice(1, 3)];
  return classes.flatMap((vehicleClass) => choices.map((chosen) => ({ vehicleClass, addOns: chosen })));
}

/**
 * `customers` signed-in customers all try, at the same moment, to book one of `slots` fresh slots of a
 * service that `bays` bays may take; the winners pay on the sandbox checkout. Exactly `slots` × `bays`
 * bookings must be created and end confirmed, every other attempt refused with 409.
 */
export async function bookingContention(
  base: string,
  adminToken: string,
  meter: CpuMeter,
  {
    customers = 200,
    slots = 20,
    bays = 3,
    daysAhead = 2,
    mixed = false,
  }: {
    customers?: number;
    slots?: number;
    bays?: number;
    /** The day of the contended slots: each run takes a day of its own, since its bays are the same. */
    daysAhead?: number;
    /**
     * Jobs of every length: each customer names a vehicle class in turn (the bigger ones take 15 and 30 minutes
     * more) and none, one or two add-ons, so that a job often runs into the next slot.
     */
    mixed?: boolean;
  } = {},
): Promise<ContentionResult> {
  const bayIds = await contendedBays(base, adminToken, bays);
  const service = await call(`${base}/api/services`, {
    method: 'POST',
    token: adminToken,
    body: JSON.stringify({
      name: `Contention ${Date.now()}`,
      description: 'Twenty slots, many customers',
      duration: 60,
      price: 50,
      ...(bayIds.limited ? { bays: bayIds.ids } : {}),
    }),
  });
  const serviceId = String((service.body.data as Json)._id);
  const tomorrow = new Date(Date.now() + daysAhead * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const jobs = mixed ? await mixedJobs(base, adminToken, serviceId) : [{}];
  const created = await call(`${base}/api/services/slots`, {
    method: 'POST',
    token: adminToken,
    body: JSON.stringify({
      service: serviceId,
      date: tomorrow,
      startTime: '01:00',
      endTime: `${String(1 + slots).padStart(2, '0')}:00`,
    }),
  });
  const slotIds = (created.body.data as Json[]).map((slot) => String(slot._id));
  if (slotIds.length !== slots) throw new Error(`expected ${slots} slots, got ${slotIds.length}`);

  const tokens = await signInCustomers(base, customers);

  const bodyOf = (index: number) => ({
    service: serviceId,
    slot: slotIds[index % slots],
    ...jobs[index % jobs.length],
  });
  const { result: attempts, cpuMs } = await rushBookings(base, tokens, bodyOf, meter);
  const winners = attempts.filter((attempt) => attempt.status === 201);
  for (const winner of winners) {
    const paymentUrl = String((winner.body.data as Json).payment_url);
    await fetch(`${base}${new URL(paymentUrl).pathname}/pay`, { method: 'POST', redirect: 'manual' });
  }
  const again = await rushBookings(base, tokens, bodyOf, meter);
  const listed = await call(`${base}/api/bookings?limit=100`, { token: adminToken });
  const confirmed = (listed.body.data as Json[]).filter(
    (booking) => (booking.service as Json).name === (service.body.data as Json).name && booking.status === 'confirm',
  ).length;
  const latencies = sortedTimes(attempts);
  return {
    customers,
    slots,
    bays,
    created: winners.length,
    refused: attempts.filter((attempt) => attempt.status === 409).length,
    serverErrors: attempts.filter((attempt) => attempt.status >= 500).length,
    confirmed,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    cpuMs,
    allTaken: {
      refused: again.result.filter((attempt) => attempt.status === 409).length,
      otherStatuses: again.result.filter((attempt) => attempt.status !== 409).length,
      p99: Math.round(percentile(sortedTimes(again.result), 99)),
      cpuMs: again.cpuMs,
    },
  };
}

/** The run of a rush, or of the floor, whose p99 is the middle one. */
const medianRun = <Run extends { p99: number }>(runs: Run[]): Run => {
  const sorted = [...runs].sort((a, b) => a.p99 - b.p99);
  return sorted[Math.floor((sorted.length - 1) / 2)] as Run;
};

const cpuLine = (cpu: CpuTime) => `${cpu.server}/${cpu.database ?? '-'}/${cpu.client}`;
const cpuTotal = (cpu: CpuTime) => cpu.server + (cpu.database ?? 0) + cpu.client;

const ratio = (rush: { p99: number }, floor: { p99: number }) =>
  Math.round((rush.p99 / Math.max(1, floor.p99)) * 100) / 100;

export type RushRounds = {
  /**
   * The rushes as the server's first bookings since it started, plain then mixed, and the floor as its first
   * refusals by validation; the rushes' ratios are to the rounds' middle floor.
   */
  first: {
    floor: FloorResult;
    plain: ContentionResult;
    mixed: ContentionResult;
    p99ToFloor: { plain: number; mixed: number };
  };
  rounds: Array<{ floor: FloorResult; plain: ContentionResult; mixed: ContentionResult }>;
  /** Of each, the round with the middle p99. */
  floor: FloorResult;
  plain: ContentionResult;
  mixed: ContentionResult;
  /** The middle rush p99 over the middle floor p99. */
  p99ToFloor: { plain: number; mixed: number };
};

/**
 * The floor and the rushes in one run. First the rushes as the server's first bookings since it started: each
 * database connection then loads, once, what a booking runs on (the booking function and the plans of its
 * statements, the catalog entries of the tables it writes), which the floor's statements (the sign-in's own) have
 * loaded before they are timed. Then a floor as the server's first refusals by validation: the code that refuses
 * them gets fast only as it runs again and again (the JIT), and a first floor was up to twice as slow as a third
 * (decision 057). Both are reported apart. Then `rounds` rounds of the floor, the plain rush and the mixed one, one
 * after the other, each rush on a day of its own; the middle p99 of each is compared, since this machine's speed
 * moves between runs of a few hundred milliseconds as it does from day to day.
 */
export async function rushRounds(
  base: string,
  adminToken: string,
  { rounds = 3, report, meter }: { rounds?: number; report: (line: string) => void; meter: CpuMeter },
): Promise<RushRounds> {
  const firstPlain = await bookingContention(base, adminToken, meter, { daysAhead: 2 });
  const firstMixed = await bookingContention(base, adminToken, meter, { daysAhead: 3, mixed: true });
  const firstFloor = await bookingFloor(base, meter);
  const measured: RushRounds['rounds'] = [];
  for (let round = 1; round <= rounds; round++) {
    const floor = await bookingFloor(base, meter);
    const plain = await bookingContention(base, adminToken, meter, { daysAhead: 2 + 2 * round });
    const mixed = await bookingContention(base, adminToken, meter, { daysAhead: 3 + 2 * round, mixed: true });
    report(
      `round ${round}: floor p99 ${floor.p99} ms; plain rush p99 ${plain.p99} ms (${ratio(plain, floor)} x), ` +
        `${plain.created} made; mixed rush p99 ${mixed.p99} ms (${ratio(mixed, floor)} x), ${mixed.created} made`,
    );
    report(
      `round ${round}: CPU ms, server/database/bench: floor ${cpuLine(floor.cpuMs)} ` +
        `(${cpuTotal(floor.cpuMs)} in all); plain rush ${cpuLine(plain.cpuMs)} (${cpuTotal(plain.cpuMs)}); ` +
        `mixed rush ${cpuLine(mixed.cpuMs)} (${cpuTotal(mixed.cpuMs)})`,
    );
    report(
      `round ${round}: every bay taken, the same attempts again: plain p99 ${plain.allTaken.p99} ms ` +
        `(${ratio(plain.allTaken, floor)} x), CPU ${cpuLine(plain.allTaken.cpuMs)} (${cpuTotal(plain.allTaken.cpuMs)}), ` +
        `${plain.allTaken.refused} refused; mixed p99 ${mixed.allTaken.p99} ms (${ratio(mixed.allTaken, floor)} x), ` +
        `CPU ${cpuLine(mixed.allTaken.cpuMs)} (${cpuTotal(mixed.allTaken.cpuMs)}), ${mixed.allTaken.refused} refused`,
    );
    measured.push({ floor, plain, mixed });
  }
  const floor = medianRun(measured.map((round) => round.floor));
  const plain = medianRun(measured.map((round) => round.plain));
  const mixed = medianRun(measured.map((round) => round.mixed));
  return {
    first: {
      floor: firstFloor,
      plain: firstPlain,
      mixed: firstMixed,
      p99ToFloor: { plain: ratio(firstPlain, floor), mixed: ratio(firstMixed, floor) },
    },
    rounds: measured,
    floor,
    plain,
    mixed,
    p99ToFloor: { plain: ratio(plain, floor), mixed: ratio(mixed, floor) },
  };
}
