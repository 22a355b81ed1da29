import { dateOutOfRangeMessage, EARLIEST_DATE, latestDate } from '@carcare/contracts/dates-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDay } from '../../src/lib/business-time';
import {
  asUser,
  createTestApp,
  rowCounts,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../helper';

let t: TestApp;
let admin: TestUser;
let serviceId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  serviceId = (await serviceWithSlots(t.app, { name: 'Dated Wash' })).service.id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject(asUser(admin, { method: 'GET', url }));
const latest = latestDate();
const dayAfterLatest = shiftDay(latest, 1);
const dayBeforeEarliest = shiftDay(EARLIEST_DATE, -1);

describe('one date range for the whole API', () => {
  it('runs from 2000-01-01 to the end of the year ten years from now', () => {
    expect(EARLIEST_DATE).toBe('2000-01-01');
    expect(latest).toBe(`${new Date().getUTCFullYear() + 10}-12-31`);
  });

  // Each of these answered 500 before: year 0 and 9999 overflowed the database's or the calendar's arithmetic.
  it.each([
    ['availability', () => `/api/slots/availability?service=${serviceId}&date=0000-01-01`, 'Date'],
    ['availability', () => `/api/slots/availability?service=${serviceId}&date=9999-12-31`, 'Date'],
    ['the day board', () => '/api/admin/schedule?date=9999-12-31', 'date'],
    ['the day board', () => '/api/admin/schedule?date=0000-01-01', 'date'],
    ['the bookings list', () => '/api/bookings?to=9999-12-31', 'to'],
    ['the bookings list', () => '/api/bookings?from=0000-01-01', 'from'],
    ['the overview', () => '/api/admin/overview?from=9999-12-01&to=9999-12-31', 'from'],
    ['the overview', () => `/api/admin/overview?from=${EARLIEST_DATE}&to=9999-12-31`, 'to'],
    ['the CSV export', () => '/api/bookings/export.csv?from=9999-12-31', 'from'],
    ['the CSV export', () => '/api/bookings/export.csv?to=0000-01-01', 'to'],
  ])('%s refuses a day outside it with 400 naming the range (%#)', async (_name, url, field) => {
    const response = await get(url());
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const message = `${field} must be between 2000-01-01 and ${latest}`;
    expect(message).toBe(dateOutOfRangeMessage(field));
    expect(response.json()).toMatchObject({ success: false, message });
  });

  it('takes both of its ends and refuses the day beyond each', async () => {
    for (const date of [EARLIEST_DATE, latest]) {
      expect((await get(`/api/admin/schedule?date=${date}`)).statusCode).toBe(200);
      expect((await get(`/api/slots/availability?service=${serviceId}&date=${date}`)).statusCode).toBe(200);
    }
    expect(
      (await get(`/api/bookings/export.csv?from=${EARLIEST_DATE}&to=${shiftDay(EARLIEST_DATE, 30)}`)).statusCode,
    ).toBe(200);
    for (const date of [dayBeforeEarliest, dayAfterLatest]) {
      const response = await get(`/api/admin/schedule?date=${date}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(dateOutOfRangeMessage('date'));
    }
  });

  it('refuses a slot dated outside it and stores nothing', async () => {
    const before = await rowCounts(t.database);
    for (const date of ['9999-12-31', dayAfterLatest]) {
      const response = await t.app.inject(
        asUser(admin, {
          method: 'POST',
          url: '/api/services/slots',
          payload: { service: serviceId, date, startTime: '09:00', endTime: '10:00' },
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: dateOutOfRangeMessage('Date') });
    }
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it("keeps SPEC.md's message for a missing date and the format messages for malformed ones", async () => {
    const create = (date: string) =>
      t.app.inject(
        asUser(admin, {
          method: 'POST',
          url: '/api/services/slots',
          payload: { service: serviceId, date, startTime: '09:00', endTime: '10:00' },
        }),
      );
    expect((await create('')).json().message).toBe(SLOT_MESSAGES.dateRequired);
    expect((await create('10000-01-01')).json().message).toBe(SLOT_MESSAGES.dateInvalid);
    expect((await get('/api/admin/schedule?date=2026-02-30')).json().message).toBe(REPORT_MESSAGES.dateInvalid);
  });
});

describe('the CSV export', () => {
  it('answers a failure in the error envelope, never as a broken CSV', async () => {
    // The bookings cannot be read: every export query fails before its first row.
    await t.database.db.execute(sql`alter table bookings rename to bookings_away`);
    try {
      const response = await get('/api/bookings/export.csv');
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.internal });
    } finally {
      await t.database.db.execute(sql`alter table bookings_away rename to bookings`);
    }
    const csv = await get('/api/bookings/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  });
});
