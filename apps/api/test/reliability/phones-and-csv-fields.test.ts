import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { BOOKING_EXPORT_COLUMNS } from '@carcare/contracts/reports-constants';
import { USER_MESSAGES } from '@carcare/contracts/users-constants';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bays, services, users } from '../../src/db/schema';
import { normaliseStoredPhones } from '../../src/modules/users/normalise-stored-phones';
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
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

const register = (phone: unknown) => {
  const password = 'phone-test-password';
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register/customer',
    payload: {
      firstName: 'Phone',
      lastName: 'Owner',
      email: `phone.${randomUUID().slice(0, 8)}@example.com`,
      address: 'Dial Street 1',
      password,
      confirmPassword: password,
      phone,
    },
  });
};

const storedPhone = async (id: string) =>
  (await t.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, id)))[0]?.phone;

describe('a phone number', () => {
  it.each([
    ['+14155552671 ext. 1234', '+14155552671'],
    ['+1 (415) 555-2671', '+14155552671'],
    ['  +880 1711-000111 ', '+8801711000111'],
    ['+442079460958', '+442079460958'],
  ])('registered as %j is stored and answered as E.164, %s', async (typed, e164) => {
    const response = await register(typed);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.phone).toBe(e164);
    expect(await storedPhone(response.json().data._id)).toBe(e164);
  });

  it.each([
    ['01711000111', AUTH_MESSAGES.phoneInvalid],
    ['call +14155552671', AUTH_MESSAGES.phoneInvalid],
    ['+1 555 0000', AUTH_MESSAGES.phoneInvalid],
    ['', AUTH_MESSAGES.phoneRequired],
  ])('registered as %j is refused with 400 and SPEC’s message, storing nothing', async (typed, message) => {
    const before = await rowCounts(t.database);
    const response = await register(typed);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: [{ path: 'phone', message }] });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('changed on the profile is stored as E.164, refused when invalid, and cleared when empty', async () => {
    const customer = await signedInUser(t.app);
    const update = (phone: unknown) =>
      t.app.inject(asUser(customer, { method: 'PUT', url: '/api/user/update', payload: { phone } }));

    const changed = await update('+1 415-555-2671 x99');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.phone).toBe('+14155552671');
    expect(await storedPhone(customer.id)).toBe('+14155552671');

    const refused = await update('415 555 2671');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      message: USER_MESSAGES.phoneInvalid,
      errors: [{ path: 'phone', message: USER_MESSAGES.phoneInvalid }],
    });
    expect(await storedPhone(customer.id)).toBe('+14155552671');

    expect((await update('')).json().data.phone).toBeNull();
    expect(await storedPhone(customer.id)).toBeNull();
  });

  it('stored as typed by an earlier version is rewritten as E.164 at start, unless it is no valid number', async () => {
    const typed = {
      withExtension: '+14155552671 ext. 1234',
      spaced: '+880 1711 000 111',
      national: '01711000111',
      e164: '+8801911000303',
    };
    const ids: Record<string, string> = {};
    for (const [name, phone] of Object.entries(typed)) {
      const [row] = await t.database.db
        .insert(users)
        .values({
          firstName: 'Old',
          lastName: name,
          email: `old.${name.toLowerCase()}.${randomUUID()}@example.com`,
          passwordHash: 'x',
          phone,
        })
        .returning({ id: users.id });
      ids[name] = row?.id ?? '';
    }

    const log = t.app.log;
    expect(await normaliseStoredPhones(t.database.db, log)).toEqual({ normalised: 2, left: 1 });
    expect({
      withExtension: await storedPhone(ids.withExtension ?? ''),
      spaced: await storedPhone(ids.spaced ?? ''),
      national: await storedPhone(ids.national ?? ''),
      e164: await storedPhone(ids.e164 ?? ''),
    }).toEqual({
      withExtension: '+14155552671',
      spaced: '+8801711000111',
      national: '01711000111',
      e164: '+8801911000303',
    });
    // Once done, a start finds only what it cannot read.
    expect(await normaliseStoredPhones(t.database.db, log)).toEqual({ normalised: 0, left: 1 });
  });
});

type ExportColumn = (typeof BOOKING_EXPORT_COLUMNS)[number];

describe('the bookings CSV export', () => {
  it('neutralises every field a spreadsheet would read as a formula, whichever column it is in', async () => {
    const customer = await signedInUser(t.app);
    const { service, slots } = await serviceWithSlots(t.app, { name: '+Wash', slotCount: 1 });
    const booked = await t.app.inject(
      asUser(customer, { method: 'POST', url: '/api/bookings', payload: { service: service.id, slot: slots[0]?.id } }),
    );
    expect(booked.statusCode).toBe(201);
    const bayId: string = booked.json().data.booking.bay._id;
    // What an older version stored, or a script wrote: every text a customer or the shop typed.
    await t.database.db
      .update(users)
      .set({ firstName: '\tTabbed', lastName: 'Name', email: '@cmd@example.com', phone: '=1+2' })
      .where(eq(users.id, customer.id));
    await t.database.db.update(services).set({ name: '-2+3' }).where(eq(services.id, service.id));
    const [bay] = await t.database.db.select({ name: bays.name }).from(bays).where(eq(bays.id, bayId));
    await t.database.db.update(bays).set({ name: '\uFF1DSUM(A1)' }).where(eq(bays.id, bayId));

    try {
      const response = await t.app.inject(
        asUser(admin, {
          method: 'GET',
          url: `/api/bookings/export.csv?search=${encodeURIComponent('@cmd@example.com')}`,
        }),
      );
      expect(response.statusCode).toBe(200);
      const rows: string[][] = parse(response.body);
      expect(rows[0]).toEqual([...BOOKING_EXPORT_COLUMNS]);
      expect(rows.slice(1)).toHaveLength(1);
      const [row = []] = rows.slice(1);
      const field = (column: ExportColumn) => row[BOOKING_EXPORT_COLUMNS.indexOf(column)];
      expect({
        service: field('Service'),
        bay: field('Bay'),
        customer: field('Customer'),
        email: field('Email'),
        phone: field('Phone'),
      }).toEqual({
        service: "'-2+3",
        bay: "'\uFF1DSUM(A1)",
        customer: "'\tTabbed Name",
        email: "'@cmd@example.com",
        phone: "'=1+2",
      });
      // No other field of the row starts as a formula would.
      expect(row.filter((value) => /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value))).toEqual([]);

      // A phone stored as E.164 keeps its + as text.
      await t.database.db.update(users).set({ phone: '+14155552671' }).where(eq(users.id, customer.id));
      const e164 = await t.app.inject(
        asUser(admin, {
          method: 'GET',
          url: `/api/bookings/export.csv?search=${encodeURIComponent('@cmd@example.com')}`,
        }),
      );
      const [, again = []]: string[][] = parse(e164.body);
      expect(again[BOOKING_EXPORT_COLUMNS.indexOf('Phone')]).toBe("'+14155552671");
    } finally {
      await t.database.db
        .update(bays)
        .set({ name: bay?.name ?? 'Bay 1' })
        .where(eq(bays.id, bayId));
    }
  });
});
