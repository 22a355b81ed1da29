import { latestDate } from '@carcare/contracts/dates-constants';
import { BOOKING_EXPORT_COLUMNS, REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import { parse } from 'csv-parse/sync';
import { and, eq, gte, lt, sql, sum as sqlSum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBookings } from '../../../test/booking-rows';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { loadConfig } from '../../config';
import {
  bays,
  bookings,
  ledgerEntries,
  payments,
  refunds,
  reviews,
  serviceBays,
  services,
  slots,
  users,
} from '../../db/schema';
import { businessInstant } from '../../lib/business-time';

/**
 * A shop in Dhaka (UTC+6, so a business day starts at 18:00 UTC the evening before) with two bays, two
 * services and a known week of bookings: every figure below is worked out by hand from these rows.
 */
const TIME_ZONE = 'Asia/Dhaka';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
const ids: Record<string, string> = {};

const at = (date: string, time: string) => businessInstant(date, time, TIME_ZONE);

async function slot(name: string, serviceId: string, date: string, start: string, end: string, open = true) {
  const endDate = end === '24:00' ? new Date(at(date, '00:00').getTime() + 86_400_000) : at(date, end);
  const [row] = await t.app.db
    .insert(slots)
    .values({
      serviceId,
      date,
      startTime: start,
      endTime: end,
      startsAt: at(date, start),
      endsAt: endDate,
      status: open ? 'available' : 'cancel',
    })
    .returning();
  if (!row) throw new Error(`slot ${name} was not created`);
  ids[name] = row.id;
  return row;
}

async function booking(
  name: string,
  slotName: string,
  bayName: string,
  customerName: string,
  status: 'pending' | 'confirm' | 'cancel' | 'completed' | 'no_show',
  payment: 'unpaid' | 'paid' | 'failed',
) {
  const [row] = await t.app.db.select().from(slots).where(eqId(slots.id, ids[slotName]));
  if (!row) throw new Error(`slot ${slotName} is missing`);
  const [service] = await t.app.db.select().from(services).where(eqId(services.id, row.serviceId));
  const [created] = await insertBookings(t.app.db, [
    {
      customerId: ids[customerName] ?? '',
      serviceId: row.serviceId,
      slotId: row.id,
      bayId: ids[bayName] ?? '',
      occupiedFrom: row.startsAt,
      occupiedUntil: row.endsAt,
      priceCents: service?.priceCents ?? 0,
      status,
      payment,
    },
  ]);
  if (!created) throw new Error(`booking ${name} was not created`);
  ids[name] = created.id;
}

type LedgerRow = {
  kind: 'deposit' | 'full' | 'balance' | 'fee' | 'refund';
  method: 'online' | 'card_on_file' | 'cash' | 'card';
  cents: number;
  at: Date;
};

/**
 * The booking's money in the ledger, each row at a known instant: a row paid online comes with its checkout,
 * marked paid once its row is written (the database's own row for it then finds it there and writes nothing).
 */
async function ledger(name: string, rows: LedgerRow[]) {
  const bookingId = ids[name] ?? '';
  for (const [index, row] of rows.entries()) {
    let checkoutId: string | null = null;
    if (row.method === 'online' && row.kind !== 'refund') {
      const [checkout] = await t.app.db
        .insert(payments)
        .values({
          bookingId,
          provider: 'sandbox',
          sessionId: `${name}-${index}`,
          amountCents: row.cents,
          currency: 'USD',
          purpose: row.kind,
        })
        .returning();
      checkoutId = checkout?.id ?? null;
    }
    await t.app.db.insert(ledgerEntries).values({
      bookingId,
      kind: row.kind,
      method: row.method,
      amountCents: row.cents,
      provider: row.method === 'online' ? 'sandbox' : null,
      checkoutId,
      refundId: row.kind === 'refund' ? (ids[`${name}Refund`] ?? null) : null,
      createdAt: row.at,
    });
    if (checkoutId) await t.app.db.update(payments).set({ status: 'paid' }).where(eq(payments.id, checkoutId));
  }
}

const eqId = (column: typeof slots.id | typeof services.id, id: string | undefined) => eq(column, id ?? '');

beforeAll(async () => {
  const base = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(64) });
  t = await createTestApp({ business: { ...base.business, timeZone: TIME_ZONE } });
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
  const db = t.app.db;
  const [bay1] = await db.select().from(bays);
  const [bay2] = await db.insert(bays).values({ name: 'Bay 2', sortOrder: 2 }).returning();
  await db.insert(bays).values({ name: 'Old bay', sortOrder: 3, active: false });
  const [wash, ceramic] = await db
    .insert(services)
    .values([
      { name: 'Foam Wash', description: 'An hour', durationMinutes: 60, priceCents: 5000 },
      { name: 'Ceramic Coat', description: 'An hour', durationMinutes: 60, priceCents: 8000 },
    ])
    .returning();
  if (!bay1 || !bay2 || !wash || !ceramic) throw new Error('the shop was not set up');
  Object.assign(ids, { bay1: bay1.id, bay2: bay2.id, wash: wash.id, ceramic: ceramic.id });
  // The ceramic coat needs Bay 2; the wash may use either bay.
  await db.insert(serviceBays).values({ serviceId: ceramic.id, bayId: bay2.id });

  const people = await db
    .insert(users)
    .values([
      {
        // Joined at 00:30 on Monday 2 March in Dhaka: still Sunday 1 March in UTC.
        firstName: 'Ana "Speedy"',
        lastName: 'Smith, Jr.\nthe 2nd',
        email: 'ana@example.com',
        passwordHash: 'x',
        phone: '+8801711000111',
        createdAt: at('2026-03-02', '00:30'),
      },
      {
        firstName: '=HYPERLINK("http://evil")',
        lastName: 'Bo',
        email: 'bo_100%@example.com',
        passwordHash: 'x',
        phone: '+8801822000222',
        createdAt: at('2026-02-25', '12:00'),
      },
    ])
    .returning();
  Object.assign(ids, { ana: people[0]?.id, bo: people[1]?.id });

  await slot('mon0000', wash.id, '2026-03-02', '00:00', '01:00');
  await slot('mon0900wash', wash.id, '2026-03-02', '09:00', '10:00');
  await slot('mon0900ceramic', ceramic.id, '2026-03-02', '09:00', '10:00');
  await slot('tueClosed', wash.id, '2026-03-03', '10:00', '11:00', false);
  await slot('sun2300', wash.id, '2026-03-08', '23:00', '24:00');
  await slot('nextMon0000', wash.id, '2026-03-09', '00:00', '01:00');
  await slot('prevSun1000', wash.id, '2026-03-01', '10:00', '11:00');

  // In creation order, so positions (newest first in lists) follow this order.
  await booking('b1', 'mon0000', 'bay1', 'ana', 'completed', 'paid');
  await booking('b2', 'mon0900wash', 'bay1', 'bo', 'no_show', 'paid');
  await booking('b3', 'mon0900ceramic', 'bay2', 'ana', 'confirm', 'paid');
  await booking('b4', 'sun2300', 'bay1', 'bo', 'cancel', 'paid');
  await booking('b5', 'sun2300', 'bay2', 'ana', 'completed', 'paid');
  await booking('b6', 'nextMon0000', 'bay1', 'bo', 'confirm', 'paid');
  await booking('b7', 'prevSun1000', 'bay1', 'ana', 'completed', 'paid');
  await booking('b8', 'mon0000', 'bay2', 'bo', 'cancel', 'failed');
  // What the ledger holds of them, written when the money moved (Dhaka time). b1 paid a deposit online and
  // the balance in cash; b2 paid online and was charged a no-show fee on the saved card; b3 paid a deposit
  // online and the balance by card at the counter; b6 (next Monday) has paid its deposit only.
  await ledger('b1', [
    { kind: 'deposit', method: 'online', cents: 1000, at: at('2026-03-02', '00:00') },
    { kind: 'balance', method: 'cash', cents: 4000, at: at('2026-03-02', '00:30') },
  ]);
  await ledger('b2', [
    { kind: 'full', method: 'online', cents: 5000, at: at('2026-03-02', '09:00') },
    { kind: 'fee', method: 'card_on_file', cents: 1500, at: at('2026-03-02', '10:30') },
  ]);
  await ledger('b3', [
    { kind: 'deposit', method: 'online', cents: 2000, at: at('2026-03-02', '09:00') },
    { kind: 'balance', method: 'card', cents: 6000, at: at('2026-03-02', '10:00') },
  ]);
  await ledger('b4', [{ kind: 'full', method: 'online', cents: 5000, at: at('2026-03-08', '23:00') }]);
  await ledger('b5', [{ kind: 'full', method: 'online', cents: 5000, at: at('2026-03-08', '23:00') }]);
  await ledger('b6', [{ kind: 'deposit', method: 'online', cents: 1000, at: at('2026-03-09', '00:00') }]);
  await ledger('b7', [{ kind: 'full', method: 'online', cents: 5000, at: at('2026-03-01', '10:00') }]);
  // b4 was refunded in full at 23:30: its ledger row is written by hand at that instant, in place of the one
  // the database writes when a refund is stored as given back. A refund still pending elsewhere is not money
  // given back yet.
  await db.execute(sql`alter table refunds disable trigger refunds_ledger`);
  const [b4Refund] = await db
    .insert(refunds)
    .values({ bookingId: ids.b4 ?? '', provider: 'sandbox', amountCents: 5000, status: 'refunded' })
    .returning();
  await db.execute(sql`alter table refunds enable trigger refunds_ledger`);
  ids.b4Refund = b4Refund?.id ?? '';
  await ledger('b4', [{ kind: 'refund', method: 'online', cents: -5000, at: at('2026-03-08', '23:30') }]);
  await db
    .insert(refunds)
    .values({ bookingId: ids.b5 ?? '', provider: 'sandbox', amountCents: 5000, status: 'failed' });
  await db.insert(reviews).values([
    { userId: ids.ana ?? '', rating: 4, comment: 'A clean car, thank you.', createdAt: at('2026-03-03', '12:00') },
    { userId: ids.bo ?? '', rating: 5, comment: 'Spotless and quick.', createdAt: at('2026-03-04', '12:00') },
  ]);
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, who: TestUser = admin) => t.app.inject(asUser(who, { method: 'GET', url }));

describe('GET /api/admin/overview', () => {
  it('adds up a week in the business time zone and compares it with the week before', async () => {
    const response = await get('/api/admin/overview?from=2026-03-02&to=2026-03-08');
    expect(response.statusCode).toBe(200);
    const { success, message, data } = response.json();
    expect({ success, message }).toEqual({ success: true, message: REPORT_MESSAGES.overviewRetrieved });
    expect(data.timeZone).toBe(TIME_ZONE);
    expect(data.current).toEqual({
      from: '2026-03-02',
      to: '2026-03-08',
      // b1, b2, b3, b4, b5 paid (50 + 50 + 80 + 50 + 50); b4's 50 refunded; b6 is the next Monday.
      revenue: 230,
      paid: 280,
      refunded: 50,
      bookings: { pending: 0, confirm: 1, cancel: 2, completed: 2, no_show: 1, total: 6 },
      // Bay 1 offers the wash's three open hours; Bay 2 the same hours, the ceramic hour sharing 09:00.
      occupancy: { bookedMinutes: 240, openMinutes: 360, rate: 0.6667 },
      noShowRate: 0.3333,
      newCustomers: 1,
      reviews: 2,
      averageRating: 4.5,
      // The ledger's rows written that week: b1 10 online + 40 cash, b2 50 online + a 15 fee on the saved card,
      // b3 20 online + 60 by card, b4 50 online then 50 refunded, b5 50 online. Everything paid: nothing owed.
      money: {
        collected: 245,
        byMethod: { online: 130, card_on_file: 15, cash: 40, card: 60 },
        refunded: 50,
        depositsHeld: 0,
        balancesOutstanding: 0,
        feesCharged: 15,
        feesWaived: 0,
      },
      // No member in the wash club.
      club: {
        recurringRevenue: 0,
        activeMembers: 0,
        newMembers: 0,
        cancelledMembers: 0,
        failedPayments: 0,
        washesUsed: 0,
        collected: 0,
      },
      // Nothing won back from the waitlist.
      waitlist: { bookingsWonBack: 0, revenueWonBack: 0 },
    });
    expect(data.previous).toEqual({
      from: '2026-02-23',
      to: '2026-03-01',
      revenue: 50,
      paid: 50,
      refunded: 0,
      bookings: { pending: 0, confirm: 0, cancel: 0, completed: 1, no_show: 0, total: 1 },
      occupancy: { bookedMinutes: 60, openMinutes: 120, rate: 0.5 },
      noShowRate: 0,
      newCustomers: 1,
      reviews: 0,
      averageRating: null,
      // b7, paid online on Sunday 1 March.
      money: {
        collected: 50,
        byMethod: { online: 50, card_on_file: 0, cash: 0, card: 0 },
        refunded: 0,
        depositsHeld: 0,
        balancesOutstanding: 0,
        feesCharged: 0,
        feesWaived: 0,
      },
      // No member in the wash club.
      club: {
        recurringRevenue: 0,
        activeMembers: 0,
        newMembers: 0,
        cancelledMembers: 0,
        failedPayments: 0,
        washesUsed: 0,
        collected: 0,
      },
      // Nothing won back from the waitlist.
      waitlist: { bookingsWonBack: 0, revenueWonBack: 0 },
    });
  });

  it('gives every day of the range, the services most booked first and the demand by weekday and hour', async () => {
    const { data } = (await get('/api/admin/overview?from=2026-03-02&to=2026-03-08')).json();
    expect(data.revenuePerDay).toEqual([
      { date: '2026-03-02', revenue: 180, bookings: 3 },
      { date: '2026-03-03', revenue: 0, bookings: 0 },
      { date: '2026-03-04', revenue: 0, bookings: 0 },
      { date: '2026-03-05', revenue: 0, bookings: 0 },
      { date: '2026-03-06', revenue: 0, bookings: 0 },
      { date: '2026-03-07', revenue: 0, bookings: 0 },
      { date: '2026-03-08', revenue: 50, bookings: 1 },
    ]);
    expect(data.bookingsPerService).toEqual([
      { service: { _id: ids.wash, name: 'Foam Wash' }, bookings: 3 },
      { service: { _id: ids.ceramic, name: 'Ceramic Coat' }, bookings: 1 },
    ]);
    expect(data.demand).toEqual([
      { weekday: 1, hour: 0, bookings: 1 },
      { weekday: 1, hour: 9, bookings: 2 },
      { weekday: 7, hour: 23, bookings: 1 },
    ]);
  });

  it('shows zeros for a range with nothing in it', async () => {
    const { data } = (await get('/api/admin/overview?from=2025-01-01&to=2025-01-01')).json();
    expect(data.current).toEqual({
      from: '2025-01-01',
      to: '2025-01-01',
      revenue: 0,
      paid: 0,
      refunded: 0,
      bookings: { pending: 0, confirm: 0, cancel: 0, completed: 0, no_show: 0, total: 0 },
      occupancy: { bookedMinutes: 0, openMinutes: 0, rate: null },
      noShowRate: null,
      newCustomers: 0,
      reviews: 0,
      averageRating: null,
      money: {
        collected: 0,
        byMethod: { online: 0, card_on_file: 0, cash: 0, card: 0 },
        refunded: 0,
        depositsHeld: 0,
        balancesOutstanding: 0,
        feesCharged: 0,
        feesWaived: 0,
      },
      // No member in the wash club.
      club: {
        recurringRevenue: 0,
        activeMembers: 0,
        newMembers: 0,
        cancelledMembers: 0,
        failedPayments: 0,
        washesUsed: 0,
        collected: 0,
      },
      // Nothing won back from the waitlist.
      waitlist: { bookingsWonBack: 0, revenueWonBack: 0 },
    });
    expect(data.revenuePerDay).toEqual([{ date: '2025-01-01', revenue: 0, bookings: 0 }]);
    expect(data.bookingsPerService).toEqual([]);
    expect(data.demand).toEqual([]);
  });

  it("counts the deposits held and the balances owed, and adds up with the ledger's own rows", async () => {
    const response = await get('/api/admin/overview?from=2026-03-02&to=2026-03-09');
    const { money } = response.json().data.current;
    // b6 (next Monday, confirmed) paid its 10 deposit online: 40 is still owed, and its deposit is held.
    expect(money).toEqual({
      collected: 255,
      byMethod: { online: 140, card_on_file: 15, cash: 40, card: 60 },
      refunded: 50,
      depositsHeld: 10,
      balancesOutstanding: 40,
      feesCharged: 15,
      feesWaived: 0,
    });

    // The ledger's rows of the period, summed by the database alone.
    const start = at('2026-03-02', '00:00');
    const end = at('2026-03-10', '00:00');
    const rows = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(gte(ledgerEntries.createdAt, start), lt(ledgerEntries.createdAt, end)));
    const sum = (pick: (row: (typeof rows)[number]) => boolean) =>
      rows.filter(pick).reduce((total, row) => total + row.amountCents, 0) / 100;
    expect(money.collected).toBe(sum(() => true));
    for (const method of ['online', 'card_on_file', 'cash', 'card'] as const) {
      expect(money.byMethod[method], method).toBe(sum((row) => row.method === method));
    }
    expect(money.refunded).toBe(-sum((row) => row.kind === 'refund'));
    expect(money.feesCharged).toBe(sum((row) => row.kind === 'fee'));
    // Every row before and after the period is outside it.
    const [all] = await t.app.db.select({ cents: sqlSum(ledgerEntries.amountCents) }).from(ledgerEntries);
    expect(Number(all?.cents) / 100).toBe(money.collected + 50);

    // What is owed is what each booking of the period answers as its balance.
    const owed = await Promise.all(
      ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b8'].map(
        async (name) => (await get(`/api/bookings/${ids[name]}`)).json().data,
      ),
    );
    const live = owed.filter((booking) => booking.status === 'confirm' || booking.status === 'completed');
    expect(money.balancesOutstanding).toBe(live.reduce((total, booking) => total + booking.balanceDue, 0));
    expect(owed.map((booking) => [booking.status, booking.amountPaid, booking.balanceDue])).toEqual([
      ['completed', 50, 0],
      ['no_show', 65, 0],
      ['confirm', 80, 0],
      ['cancel', 0, 0],
      ['completed', 50, 0],
      ['confirm', 10, 40],
      ['cancel', 0, 0],
    ]);
  });

  it('refuses a reversed range, one over two years and a malformed date, naming the field', async () => {
    const cases: Array<[string, string, string]> = [
      ['from=2026-03-08&to=2026-03-02', 'from', REPORT_MESSAGES.rangeReversed],
      ['from=2024-01-01&to=2026-01-02', 'to', REPORT_MESSAGES.rangeTooLong],
      ['from=2026-02-30&to=2026-03-02', 'from', REPORT_MESSAGES.fromInvalid],
      ['from=2026-03-01&to=yesterday', 'to', REPORT_MESSAGES.toInvalid],
      // A bound given alone is checked against the other's default: to is today.
      ['from=2020-01-01', 'to', REPORT_MESSAGES.rangeTooLong],
      [`from=${latestDate()}`, 'from', REPORT_MESSAGES.rangeReversed],
    ];
    for (const [query, path, message] of cases) {
      const response = await get(`/api/admin/overview?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ success: false, message, errors: [{ path, message }] });
    }
  });

  it('takes the 30 days ending today when no range is given', async () => {
    const { data } = (await get('/api/admin/overview')).json();
    expect(data.revenuePerDay).toHaveLength(30);
    expect(data.current.to).toBe(data.revenuePerDay[29].date);
    expect(data.previous.to).toBe(
      new Date(Date.parse(`${data.current.from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
    );
  });

  it('is for administrators only', async () => {
    expect((await get('/api/admin/overview', customer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/overview' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/schedule', () => {
  it("gives the day's active bays and the bookings that take them, by start", async () => {
    const response = await get('/api/admin/schedule?date=2026-03-02');
    expect(response.statusCode).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe(REPORT_MESSAGES.scheduleRetrieved);
    expect(data.date).toBe('2026-03-02');
    expect(data.bays).toEqual([
      { _id: ids.bay1, name: 'Bay 1', active: true },
      { _id: ids.bay2, name: 'Bay 2', active: true },
    ]);
    expect({ opensAt: data.opensAt, closesAt: data.closesAt }).toEqual({ opensAt: '00:00', closesAt: '10:00' });
    // b8 was cancelled: it takes no bay.
    expect(
      data.bookings.map((b: { _id: string; bay: { name: string }; slot: { startTime: string } }) => [
        b._id,
        b.bay.name,
        b.slot.startTime,
      ]),
    ).toEqual([
      [ids.b1, 'Bay 1', '00:00'],
      [ids.b2, 'Bay 1', '09:00'],
      [ids.b3, 'Bay 2', '09:00'],
    ]);
    // Each car shows what was paid and what is still to be paid, from the ledger.
    expect(data.bookings.map((b: { amountPaid: number; balanceDue: number }) => [b.amountPaid, b.balanceDue])).toEqual([
      [50, 0],
      [65, 0],
      [80, 0],
    ]);
    const monday = (await get('/api/admin/schedule?date=2026-03-09')).json().data;
    expect(monday.bookings).toEqual([
      expect.objectContaining({ _id: ids.b6, amountPaid: 10, balanceDue: 40, payWith: 'online' }),
    ]);
  });

  it('shows an inactive bay that still has a booking that day', async () => {
    await t.app.db
      .update(bays)
      .set({ active: false })
      .where(eq(bays.id, ids.bay2 ?? ''));
    try {
      const { data } = (await get('/api/admin/schedule?date=2026-03-08')).json();
      expect(data.bays).toEqual([
        { _id: ids.bay1, name: 'Bay 1', active: true },
        { _id: ids.bay2, name: 'Bay 2', active: false },
      ]);
      expect(data.bookings.map((b: { _id: string }) => b._id)).toEqual([ids.b5]);
      const empty = (await get('/api/admin/schedule?date=2026-03-04')).json().data;
      expect(empty.bays).toEqual([{ _id: ids.bay1, name: 'Bay 1', active: true }]);
      expect({ opensAt: empty.opensAt, closesAt: empty.closesAt, bookings: empty.bookings }).toEqual({
        opensAt: null,
        closesAt: null,
        bookings: [],
      });
    } finally {
      await t.app.db
        .update(bays)
        .set({ active: true })
        .where(eq(bays.id, ids.bay2 ?? ''));
    }
  });

  it('refuses a malformed date and anyone but an administrator', async () => {
    const response = await get('/api/admin/schedule?date=2026-13-01');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(REPORT_MESSAGES.dateInvalid);
    expect((await get('/api/admin/schedule', customer)).statusCode).toBe(403);
  });
});

describe('GET /api/bookings with filters', () => {
  const list = async (query: string) => {
    const response = await get(`/api/bookings?${query}`);
    expect(response.statusCode, query).toBe(200);
    const body = response.json();
    return { ids: body.data.map((b: { _id: string }) => b._id), total: body.totalDoc };
  };
  const named = (...names: string[]) => names.map((name) => ids[name]);

  it('filters one by one, newest first, with the total of matches', async () => {
    expect(await list('status=completed')).toEqual({ ids: named('b7', 'b5', 'b1'), total: 3 });
    expect(await list('payment=failed')).toEqual({ ids: named('b8'), total: 1 });
    expect(await list(`service=${ids.ceramic}`)).toEqual({ ids: named('b3'), total: 1 });
    expect(await list(`bay=${ids.bay2}`)).toEqual({ ids: named('b8', 'b5', 'b3'), total: 3 });
    // Slot days in Dhaka: Monday 00:00 is Sunday 18:00 UTC, and the next Monday 00:00 is outside.
    expect(await list('from=2026-03-02&to=2026-03-02')).toEqual({ ids: named('b8', 'b3', 'b2', 'b1'), total: 4 });
    expect(await list('from=2026-03-08')).toEqual({ ids: named('b6', 'b5', 'b4'), total: 3 });
    expect(await list('to=2026-03-01')).toEqual({ ids: named('b7'), total: 1 });
  });

  it("searches the customer's name, email and phone literally, whatever the case", async () => {
    expect((await list(`search=${encodeURIComponent('SMITH, jr')}`)).ids).toEqual(named('b7', 'b5', 'b3', 'b1'));
    expect((await list(`search=${encodeURIComponent('ana "speedy" smith')}`)).ids).toEqual(
      named('b7', 'b5', 'b3', 'b1'),
    );
    expect((await list('search=BO_100%25@')).ids).toEqual(named('b8', 'b6', 'b4', 'b2'));
    // % and _ are letters here, not wildcards.
    expect((await list('search=bo_1%25%25')).total).toBe(0);
    expect((await list('search=a_a')).total).toBe(0);
    expect((await list('search=%2B8801822')).ids).toEqual(named('b8', 'b6', 'b4', 'b2'));
    // A phone typed as it is shown matches its digits.
    expect((await list(`search=${encodeURIComponent('+880 1822-000222')}`)).ids).toEqual(named('b8', 'b6', 'b4', 'b2'));
    expect((await list('search=nobody')).total).toBe(0);
  });

  it('combines filters, and pages through the matches', async () => {
    expect(await list(`status=completed&bay=${ids.bay2}`)).toEqual({ ids: named('b5'), total: 1 });
    expect(await list(`payment=paid&search=ana&from=2026-03-02&to=2026-03-08`)).toEqual({
      ids: named('b5', 'b3', 'b1'),
      total: 3,
    });
    expect(await list('payment=paid&limit=2&page=1')).toEqual({ ids: named('b7', 'b6'), total: 7 });
    expect(await list('payment=paid&limit=2&page=4')).toEqual({ ids: named('b1'), total: 7 });
    expect(await list('payment=paid&limit=2&page=5')).toEqual({ ids: [], total: 7 });
    // No filter: SPEC.md's list, every booking.
    expect((await list('limit=100')).total).toBe(8);
  });

  it('refuses bad filters with the field and its message', async () => {
    const cases: Array<[string, string, string]> = [
      ['status=done', 'status', 'status must be one of pending, confirm, cancel, completed, no_show'],
      ['payment=free', 'payment', 'payment must be one of unpaid, paid, failed'],
      ['from=2026-03-09&to=2026-03-02', 'from', REPORT_MESSAGES.rangeReversed],
      ['from=03/02/2026', 'from', REPORT_MESSAGES.fromInvalid],
      ['service=wash', 'service', REPORT_MESSAGES.serviceInvalid],
      ['bay=1', 'bay', REPORT_MESSAGES.bayInvalid],
      [`search=${'x'.repeat(101)}`, 'search', REPORT_MESSAGES.searchTooLong],
    ];
    for (const [query, path, message] of cases) {
      const response = await get(`/api/bookings?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ success: false, message, errors: [{ path, message }] });
    }
  });
});

describe('GET /api/bookings/export.csv', () => {
  it('streams the matching bookings as RFC 4180 CSV with a header row', async () => {
    const response = await get(`/api/bookings/export.csv?bay=${ids.bay2}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = response.body;
    expect(text.split('\r\n')[0]).toBe(BOOKING_EXPORT_COLUMNS.join(','));
    // The columns spreadsheets already read keep their places; the currency is added at the end.
    expect(text.split('\r\n')[0]).toBe(
      'Booking ID,Booked at,Date,Start,End,Service,Bay,Customer,Email,Phone,Status,Payment,Price,Refunded,Currency,Vehicle,Plate,Class,Add-ons,Paid,Balance,Fees,Paid with,Booked by,Customer note,Cancel reason',
    );
    // A name with a quote, a comma and a line break is quoted, its quotes doubled.
    expect(text).toContain('"Ana ""Speedy"" Smith, Jr.\nthe 2nd"');
    const rows: string[][] = parse(text, { relaxQuotes: false });
    expect(rows).toHaveLength(4);
    expect(rows.slice(1).map((row) => row[0])).toEqual([ids.b8, ids.b5, ids.b3]);
    const b5 = rows[2];
    expect(b5).toEqual([
      ids.b5,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      '2026-03-08',
      '23:00',
      '24:00',
      'Foam Wash',
      'Bay 2',
      'Ana "Speedy" Smith, Jr.\nthe 2nd',
      'ana@example.com',
      // Its + kept as text: a spreadsheet would read +8801711000111 as a number.
      "'+8801711000111",
      'Completed',
      'Paid',
      '50.00',
      '',
      'USD',
      // A booking that named no vehicle, class or add-on leaves the car's columns empty.
      '',
      '',
      '',
      '',
      // Paid in full online by the customer: nothing owed, no fee, no note.
      '50.00',
      '0.00',
      '0.00',
      'Online',
      'Customer',
      '',
      '',
    ]);
    // Cancelled unpaid, its payment failed: the words of the screens, not the API's values.
    expect(rows[1]?.slice(10, 15)).toEqual(['Cancelled', 'Payment failed', '50.00', '', 'USD']);
  });

  it('neutralises text a spreadsheet would run as a formula, and keeps refunds', async () => {
    // b4 was booked by the shop, to be paid at the counter, with the customer's note; its reason is written.
    await t.app.db
      .update(bookings)
      .set({
        bookedByShop: true,
        payWith: 'counter',
        customerNote: 'Dog hair in the boot, please',
        cancelReason: '=Rain, all day',
      })
      .where(eq(bookings.id, ids.b4 ?? ''));
    const rows: string[][] = parse((await get('/api/bookings/export.csv?status=cancel&payment=paid')).body);
    expect(rows.slice(1)).toHaveLength(1);
    const [b4] = rows.slice(1);
    expect(b4?.[0]).toBe(ids.b4);
    expect(b4?.[7]).toBe(`'=HYPERLINK("http://evil") Bo`);
    // Cancelled and refunded reads so, not 'paid'.
    expect(b4?.slice(10, 15)).toEqual(['Cancelled', 'Refunded', '50.00', '50.00', 'USD']);
    // Paid 50 and given back 50: nothing kept, nothing owed; the reason's = is kept as text.
    expect(b4?.slice(19)).toEqual([
      '0.00',
      '0.00',
      '0.00',
      'At the counter',
      'Shop',
      'Dog hair in the boot, please',
      "'=Rain, all day",
    ]);
  });

  it('has only its header when nothing matches, and refuses bad filters and non-administrators', async () => {
    const empty = await get('/api/bookings/export.csv?search=nobody');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe(`${BOOKING_EXPORT_COLUMNS.join(',')}\r\n`);
    const bad = await get('/api/bookings/export.csv?status=done');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('status must be one of pending, confirm, cancel, completed, no_show');
    expect((await get('/api/bookings/export.csv', customer)).statusCode).toBe(403);
  });
});

describe('the daily figures behind the overview', () => {
  const week = async () => (await get('/api/admin/overview?from=2026-03-02&to=2026-03-08')).json().data.current;

  it('follow every change to bookings, refunds, slots and bay restrictions by the next read', async () => {
    expect((await week()).revenue).toBe(230);
    // b3 (the ceramic coat, paid 80) is cancelled and refunded in full.
    await t.app.db
      .update(bookings)
      .set({ status: 'cancel' })
      .where(eq(bookings.id, ids.b3 ?? ''));
    await t.app.db
      .insert(refunds)
      .values({ bookingId: ids.b3 ?? '', provider: 'sandbox', amountCents: 8000, status: 'refunded' });
    const afterRefund = await week();
    expect(afterRefund.revenue).toBe(150);
    expect(afterRefund.bookings).toEqual({ pending: 0, confirm: 0, cancel: 3, completed: 2, no_show: 1, total: 6 });
    expect(afterRefund.occupancy).toEqual({ bookedMinutes: 180, openMinutes: 360, rate: 0.5 });

    // The admin closes Sunday's 23:00 slot: both bays lose that hour, and the booked hour is capped.
    await t.app.db
      .update(slots)
      .set({ status: 'cancel' })
      .where(eq(slots.id, ids.sun2300 ?? ''));
    expect((await week()).occupancy).toEqual({ bookedMinutes: 180, openMinutes: 240, rate: 0.75 });

    // The wash is limited to Bay 1: Bay 2 offers only the ceramic hour now, on every day.
    await t.app.db.insert(serviceBays).values({ serviceId: ids.wash ?? '', bayId: ids.bay1 ?? '' });
    expect((await week()).occupancy).toEqual({ bookedMinutes: 180, openMinutes: 180, rate: 1 });
    const before = (await get('/api/admin/overview?from=2026-02-23&to=2026-03-01')).json().data.current;
    expect(before.occupancy).toEqual({ bookedMinutes: 60, openMinutes: 60, rate: 1 });
  });
});
