import { CLOSURE_MESSAGES, SETTING_LIMITS } from '@carcare/contracts/shop-settings-constants';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../test/helper';
import { bookings, closures, settingChanges, shopSettings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { businessDate, shiftDay } from '../../lib/business-time';
import { createClosure } from './closures.service';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
/** The shop's today (its time zone is UTC in the suites). */
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
  today = businessDate('UTC');
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, caller: TestUser = admin) =>
  t.app.inject(
    asUser(caller, { method, url, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) }),
  );
const closureCount = async () => (await t.database.db.select({ value: count() }).from(closures))[0]?.value;
const auditCount = async () => (await t.database.db.select({ value: count() }).from(settingChanges))[0]?.value;

describe('POST /api/closures', () => {
  const refusals: Array<[string, () => unknown, string]> = [
    ['no reason', () => ({ startDate: today, endDate: today, reason: '  ' }), CLOSURE_MESSAGES.reasonRequired],
    [
      'a reason too long',
      () => ({ startDate: today, endDate: today, reason: 'x'.repeat(SETTING_LIMITS.closureReason + 1) }),
      CLOSURE_MESSAGES.reasonTooLong,
    ],
    ['no first day', () => ({ endDate: today, reason: 'Christmas' }), 'Start date is required'],
    [
      'a day that does not exist',
      () => ({ startDate: '2030-02-30', endDate: '2030-03-01', reason: 'Christmas' }),
      'Start date must be a real day written YYYY-MM-DD',
    ],
    [
      'a last day before the first',
      () => ({ startDate: shiftDay(today, 3), endDate: shiftDay(today, 2), reason: 'Christmas' }),
      CLOSURE_MESSAGES.endBeforeStart,
    ],
    [
      'a span longer than the limit',
      () => ({ startDate: today, endDate: shiftDay(today, SETTING_LIMITS.closureDays), reason: 'Refit' }),
      CLOSURE_MESSAGES.tooLong,
    ],
    [
      'a closure that ended',
      () => ({ startDate: shiftDay(today, -3), endDate: shiftDay(today, -2), reason: 'Flooded bay' }),
      CLOSURE_MESSAGES.inPast,
    ],
  ];

  it.each(refusals)('refuses %s with its message, storing nothing', async (_case, body, message) => {
    const [closuresBefore, auditsBefore] = [await closureCount(), await auditCount()];
    const response = await call('POST', '/api/closures', body());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(await closureCount()).toBe(closuresBefore);
    expect(await auditCount()).toBe(auditsBefore);
  });

  it('keeps a closure of the longest span, starting today', async () => {
    const response = await call('POST', '/api/closures', {
      startDate: today,
      endDate: shiftDay(today, SETTING_LIMITS.closureDays - 1),
      reason: 'Refit',
    });
    expect(response.statusCode).toBe(201);
    await call('DELETE', `/api/closures/${response.json().data.closure._id}`);
  });

  it('keeps a closure over live bookings, lists them, cancels none, and keeps an audit row', async () => {
    const { service, slots } = await serviceWithSlots(t.app, { name: 'Closed Wash', daysAhead: 10 });
    const booked = await paidBooking(t.app, customer, service.id, slots[0]?.id ?? '');
    const day = shiftDay(today, 10);

    const response = await call('POST', '/api/closures', {
      startDate: shiftDay(day, -1),
      endDate: shiftDay(day, 1),
      reason: '  Flooded bay ',
    });
    expect(response.statusCode).toBe(201);
    const { closure, affectedBookings } = response.json().data;
    expect(response.json().message).toBe(CLOSURE_MESSAGES.created);
    expect(closure).toEqual({
      _id: expect.any(String),
      startDate: shiftDay(day, -1),
      endDate: shiftDay(day, 1),
      reason: 'Flooded bay',
      createdAt: expect.any(String),
    });
    expect(affectedBookings).toEqual([
      {
        _id: booked.id,
        date: day,
        startTime: '08:00',
        endTime: '09:00',
        status: 'confirm',
        service: { _id: service.id, name: 'Closed Wash' },
        customer: { _id: customer.id, name: expect.stringMatching(/^Test user/), email: customer.email, phone: null },
      },
    ]);

    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(booking).toMatchObject({ status: 'confirm', payment: 'paid' });
    const [row] = await t.database.db.select().from(closures).where(eq(closures.id, closure._id));
    expect(row).toMatchObject({ reason: 'Flooded bay', createdBy: admin.id });
    const audits = await t.database.db.select().from(settingChanges).where(eq(settingChanges.setting, 'closure'));
    const audit = audits.find((change) => (change.after as { _id?: string } | null)?._id === closure._id);
    expect(audit).toMatchObject({
      before: null,
      after: { _id: closure._id, startDate: shiftDay(day, -1), endDate: shiftDay(day, 1), reason: 'Flooded bay' },
      changedBy: admin.id,
    });

    // Every visitor knows of it at once.
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data;
    expect(config.closures).toContainEqual({
      _id: closure._id,
      startDate: shiftDay(day, -1),
      endDate: shiftDay(day, 1),
      reason: 'Flooded bay',
    });
  });

  it("measures the past by the shop's today in its time zone", async () => {
    const db = t.app.db;
    // 23:30 on the 1st in UTC is already the 2nd in Kiritimati (UTC+14), still the 1st in Honolulu (UTC-10).
    const now = new Date('2030-01-01T23:30:00Z');
    await db.update(shopSettings).set({ timeZone: 'Pacific/Kiritimati' });
    try {
      const refused = createClosure(
        db,
        { startDate: '2030-01-01', endDate: '2030-01-01', reason: 'Storm' },
        admin.id,
        now,
      );
      await expect(refused).rejects.toEqual(new AppError(400, CLOSURE_MESSAGES.inPast));
      const kept = await createClosure(
        db,
        { startDate: '2030-01-02', endDate: '2030-01-02', reason: 'Storm' },
        admin.id,
        now,
      );
      expect(kept.endDate).toBe('2030-01-02');
      await db.update(shopSettings).set({ timeZone: 'Pacific/Honolulu' });
      const alsoKept = await createClosure(
        db,
        { startDate: '2030-01-01', endDate: '2030-01-01', reason: 'Storm' },
        admin.id,
        now,
      );
      expect(alsoKept.endDate).toBe('2030-01-01');
      await db.delete(closures).where(eq(closures.reason, 'Storm'));
    } finally {
      await db.update(shopSettings).set({ timeZone: 'UTC' });
    }
  });
});

describe('GET /api/closures and /api/closures/affected', () => {
  it('lists the closures not yet over, soonest first', async () => {
    await t.database.db.insert(closures).values([
      { startDate: shiftDay(today, -10), endDate: shiftDay(today, -1), reason: 'Over' },
      { startDate: shiftDay(today, -1), endDate: today, reason: 'Ends today' },
      { startDate: shiftDay(today, 40), endDate: shiftDay(today, 41), reason: 'Later' },
    ]);
    const response = await call('GET', '/api/closures');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(CLOSURE_MESSAGES.retrieved);
    expect(response.json().data.map((closure: { reason: string }) => closure.reason)).toEqual([
      'Ends today',
      'Flooded bay',
      'Later',
    ]);
    // The instance reads its copy again; GET /api/config tells the same closures, none that ended yesterday.
    await t.app.shop.reload();
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data;
    expect(config.closures.map((closure: { reason: string }) => closure.reason)).toEqual([
      'Ends today',
      'Flooded bay',
      'Later',
    ]);
  });

  it('lists the live bookings of a range of days before a closure is saved', async () => {
    const day = shiftDay(today, 10);
    const response = await call('GET', `/api/closures/affected?startDate=${day}&endDate=${day}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(CLOSURE_MESSAGES.affectedRetrieved);
    expect(response.json().data.map((booking: { date: string }) => booking.date)).toEqual([day]);
    const empty = await call('GET', `/api/closures/affected?startDate=${shiftDay(day, 1)}&endDate=${shiftDay(day, 5)}`);
    expect(empty.json().data).toEqual([]);
  });

  it('refuses a range it cannot read', async () => {
    const missing = await call('GET', `/api/closures/affected?endDate=${today}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Start date is required');
    const reversed = await call('GET', `/api/closures/affected?startDate=${shiftDay(today, 1)}&endDate=${today}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe(CLOSURE_MESSAGES.endBeforeStart);
  });
});

describe('DELETE /api/closures/:id', () => {
  it('removes a closure with an audit row of what it was, and then knows it no more', async () => {
    const [later] = await t.database.db.select().from(closures).where(eq(closures.reason, 'Later'));
    const response = await call('DELETE', `/api/closures/${later?.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: CLOSURE_MESSAGES.deleted,
      data: { _id: later?.id, reason: 'Later' },
    });
    expect(await t.database.db.select().from(closures).where(eq(closures.reason, 'Later'))).toEqual([]);
    const rows = await t.database.db.select().from(settingChanges).orderBy(settingChanges.id);
    expect(rows.at(-1)).toMatchObject({
      setting: 'closure',
      before: { _id: later?.id, reason: 'Later', startDate: shiftDay(today, 40), endDate: shiftDay(today, 41) },
      after: null,
      changedBy: admin.id,
    });
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data;
    expect(config.closures.map((closure: { reason: string }) => closure.reason)).not.toContain('Later');

    const again = await call('DELETE', `/api/closures/${later?.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CLOSURE_MESSAGES.notFound);
    const malformed = await call('DELETE', '/api/closures/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid id');
  });

  it('is for administrators only', async () => {
    const [kept] = await t.database.db.select().from(closures).where(eq(closures.reason, 'Ends today'));
    expect((await call('DELETE', `/api/closures/${kept?.id}`, undefined, customer)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/closures', { startDate: today, endDate: today, reason: 'x' }, customer)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/closures', undefined, customer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/closures' })).statusCode).toBe(401);
    expect(await t.database.db.select().from(closures).where(eq(closures.reason, 'Ends today'))).toHaveLength(1);
  });
});
