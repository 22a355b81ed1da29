import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries } from '../src/db/schema';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from './helper';
import { everyDay, setShopWeek } from './shop-hours';

/**
 * A Saturday at the counter, end to end through the API under a stopped clock: the administrator makes a
 * staff member; a walk-in is paid in cash; a phone customer pays a deposit by the link they were sent and
 * the balance is taken from their saved card once the job is done; another customer does not come, and
 * the fee charged to their card is waived and refunded; the overview adds up with the ledger.
 */

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let serviceId: string;
let day: string;
/** The real day the suite runs: the ledger's rows are written by the database's own clock. */
let realToday: string;

const at = (time: string) => new Date(`${day}T${time}:00.000Z`);
const clockAt = (time: string) => vi.setSystemTime(at(time));

/**
 * Calls as the user, signed in afresh at the clock's time: an access token lives 15 minutes, and the clock
 * jumps hours between the day's moments.
 */
async function call(user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  const signedIn = { accessToken: login.json().accessToken as string };
  return t.app.inject(asUser(signedIn, { method, url, ...(payload ? { payload } : {}) }));
}

/** The sandbox checkout behind a payment link, paid as the customer pays it. */
const payAtTheLink = (paymentUrl: string) =>
  t.app.inject({ method: 'POST', url: `/pay/${paymentUrl.split('/pay/')[1]}/pay` });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  await setShopWeek(t.app, { hours: everyDay([['08:00', '18:00']]), minimumNoticeMinutes: 0 });
  realToday = new Date().toISOString().slice(0, 10);
  day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  vi.useFakeTimers({ toFake: ['Date'], now: at('08:30') });
  // The shop's terms: the default 20% deposit (at least $10), and a $20 no-show fee.
  const terms = await call(admin, 'PUT', '/api/settings', {
    paymentPolicy: {
      deposit: { kind: 'percent', amount: 20, minimum: 10 },
      noShowFee: { kind: 'fixed', amount: 20 },
      lateCancellation: { kind: 'refuse', fee: { kind: 'none', amount: 0 } },
    },
  });
  expect(terms.statusCode).toBe(200);
  const service = await call(admin, 'POST', '/api/services', {
    name: 'Full Detail',
    description: 'Inside and out, by hand',
    duration: 60,
    price: 120,
    paymentMode: 'deposit',
  });
  serviceId = service.json().data._id;
  // A registered person made staff by the administrator.
  staff = await signedInUser(t.app);
  const promoted = await call(admin, 'PUT', `/api/auth/update-role/${staff.id}`, { role: 'staff' });
  expect(promoted.statusCode).toBe(200);
});

afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

/** The version of the shop's terms now (GET /api/config), as a customer accepts it. */
const termsVersion = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data.policyVersion as number;

/** The id of the service's free time starting at `time` on the day. */
async function timeAt(time: string) {
  const free = await t.app.inject({ method: 'GET', url: `/api/slots/availability?service=${serviceId}&date=${day}` });
  const slot = free.json().data.find((each: { startTime: string }) => each.startTime === time);
  if (!slot) throw new Error(`no free time at ${time}: ${free.body}`);
  return slot._id as string;
}

describe('a day at the front desk', () => {
  const ledger: Record<string, string> = {};

  it('books a walk-in for now and takes cash at the counter', async () => {
    clockAt('09:00');
    const added = await call(staff, 'POST', '/api/customers', {
      firstName: 'Walk',
      lastName: 'In',
      phone: '+14155550101',
    });
    expect(added.statusCode).toBe(201);
    const walkIn = await call(staff, 'POST', '/api/bookings', {
      service: serviceId,
      customer: added.json().data._id,
      walkIn: true,
      payWith: 'counter',
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const booking = walkIn.json().data.booking;
    expect(booking).toMatchObject({ status: 'confirm', balanceDue: 120, slot: { startTime: '09:01' } });
    const cash = await call(staff, 'POST', `/api/bookings/${booking._id}/payments`, { method: 'cash', amount: 120 });
    expect(cash.json()).toMatchObject({
      message: FRONT_DESK_MESSAGES.paymentRecorded,
      data: { payment: 'paid', amountPaid: 120, balanceDue: 0 },
    });
    ledger.walkIn = booking._id;
  });

  it('takes a phone customer’s deposit by link, then the balance from their saved card once the job is done', async () => {
    const phoneCustomer = await signedInUser(t.app);
    const booked = await call(staff, 'POST', '/api/bookings', {
      service: serviceId,
      slot: await timeAt('11:00'),
      customer: phoneCustomer.id,
      payWith: 'link',
      acceptPolicy: await termsVersion(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { booking, payment_url: link } = booked.json().data;
    expect((await payAtTheLink(link)).statusCode).toBe(303);
    const deposited = await call(staff, 'GET', `/api/bookings/${booking._id}`);
    expect(deposited.json().data).toMatchObject({ status: 'confirm', payment: 'paid', amountPaid: 24, balanceDue: 96 });

    clockAt('12:05');
    expect((await call(staff, 'POST', `/api/bookings/${booking._id}/complete`)).statusCode).toBe(200);
    const charged = await call(staff, 'POST', `/api/bookings/${booking._id}/charge-card`, {});
    expect(charged.json()).toMatchObject({
      message: FRONT_DESK_MESSAGES.cardCharged,
      data: { status: 'completed', amountPaid: 120, balanceDue: 0 },
    });
    expect(
      charged.json().data.payments.map((line: { kind: string; method: string }) => [line.kind, line.method]),
    ).toEqual([
      ['deposit', 'online'],
      ['balance', 'card_on_file'],
    ]);
    ledger.phone = booking._id;
  });

  it('charges a no-show the fee on their card, then waives and refunds it', async () => {
    clockAt('12:10');
    const absent = await signedInUser(t.app);
    const booked = await call(absent, 'POST', '/api/bookings', {
      service: serviceId,
      slot: await timeAt('14:00'),
      acceptPolicy: await termsVersion(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { booking, payment_url: link } = booked.json().data;
    await payAtTheLink(link);

    clockAt('14:30');
    const missed = await call(staff, 'POST', `/api/bookings/${booking._id}/no-show`);
    expect(missed.json()).toMatchObject({
      message: FRONT_DESK_MESSAGES.noShowFeeCharged,
      data: { status: 'no_show', amountPaid: 44, fees: [{ kind: 'no_show', amount: 20, status: 'charged' }] },
    });
    const [fee] = missed.json().data.fees;
    const waived = await call(staff, 'POST', `/api/bookings/${booking._id}/fees/${fee._id}/waive`, {
      reason: 'Called: stuck in traffic',
    });
    expect(waived.json()).toMatchObject({
      message: FRONT_DESK_MESSAGES.feeWaived,
      data: { amountPaid: 24, fees: [{ status: 'waived', waiveReason: 'Called: stuck in traffic' }] },
    });
    ledger.absent = booking._id;
  });

  it('the overview adds up with the ledger', async () => {
    const overview = await call(admin, 'GET', `/api/admin/overview?from=${realToday}&to=${day}`);
    expect(overview.statusCode).toBe(200);
    const { money } = overview.json().data.current;
    // The ledger's own sums, by the database alone.
    const rows = await t.database.db
      .select({ method: ledgerEntries.method, cents: sql<string>`sum(${ledgerEntries.amountCents})::text` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.method);
    const byMethod = Object.fromEntries(rows.map((row) => [row.method, Number(row.cents) / 100]));
    expect(byMethod).toEqual({ cash: 120, online: 48, card_on_file: 96 });
    expect(money).toMatchObject({
      collected: 264,
      byMethod: { cash: 120, online: 48, card_on_file: 96, card: 0 },
      refunded: 20,
      feesCharged: 20,
      feesWaived: 20,
    });
  });
});
