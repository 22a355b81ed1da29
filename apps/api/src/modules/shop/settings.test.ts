import { DEFAULT_LOCALE } from '@carcare/contracts/display-format';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import type { WeeklyHours } from '@carcare/contracts/shop-settings';
import { SETTING_LABELS, SETTING_LIMITS, SETTINGS_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  mailsTo,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  storedCustomer,
  type TestApp,
  type TestUser,
} from '../../../test/helper';
import { bookings, settingChanges, shopSettings, users } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

/** What the environment seeds: the helper's test configuration, with a shop of its own. */
const SEEDED = {
  name: 'Seeded Suds',
  timeZone: 'Europe/Berlin',
  currency: 'EUR',
  contact: { address: 'Seedstraße 1, Berlin', phone: '+49 30 1234567', email: 'seed@suds.example' },
};

const WEEK: WeeklyHours = {
  monday: [
    { start: '08:00', end: '12:00' },
    { start: '13:00', end: '18:00' },
  ],
  tuesday: [{ start: '08:00', end: '18:00' }],
  wednesday: [{ start: '08:00', end: '18:00' }],
  thursday: [{ start: '08:00', end: '18:00' }],
  friday: [{ start: '08:00', end: '18:00' }],
  saturday: [{ start: '09:00', end: '24:00' }],
  sunday: [],
};

beforeAll(async () => {
  t = await createTestApp({
    business: { ...SEEDED, locale: DEFAULT_LOCALE },
    lifecycle: { cancellationCutoffHours: 12, reminderHoursBefore: 6 },
    payment: { holdMinutes: 20 },
  });
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const put = (body: unknown, caller: TestUser = admin) =>
  t.app.inject(asUser(caller, { method: 'PUT', url: '/api/settings', payload: body as InjectOptions['payload'] }));
const get = (url: string, caller: TestUser = admin) => t.app.inject(asUser(caller, { method: 'GET', url }));
const stored = async () => (await t.database.db.select().from(shopSettings))[0];
const auditCount = async () => (await t.database.db.select({ value: count() }).from(settingChanges))[0]?.value;

describe('GET /api/settings', () => {
  it('answers the settings the environment seeded on the first start, the new ones at their defaults', async () => {
    const response = await get('/api/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: SETTINGS_MESSAGES.retrieved,
      data: {
        businessName: 'Seeded Suds',
        address: 'Seedstraße 1, Berlin',
        phone: '+49 30 1234567',
        email: 'seed@suds.example',
        timeZone: 'Europe/Berlin',
        currency: 'EUR',
        cancellationCutoffHours: 12,
        paymentHoldMinutes: 20,
        reminderHoursBefore: 6,
        bookingHorizonDays: 60,
        minimumNoticeMinutes: 120,
        slotStepMinutes: 30,
        hours: { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] },
        // A new shop takes deposits only where a service asks for one, charges no fees and refuses late cancellations.
        paymentPolicy: {
          deposit: { kind: 'percent', amount: 20, minimum: 10 },
          noShowFee: { kind: 'none', amount: 0 },
          lateCancellation: { kind: 'refuse', fee: { kind: 'none', amount: 0 } },
        },
        policyVersion: 1,
        updatedAt: expect.any(String),
      },
    });
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    const asCustomer = await get('/api/settings', customer);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().message).toBe(GENERIC_ERROR_MESSAGES.forbidden);
    expect((await put({ businessName: 'Taken Over' }, customer)).statusCode).toBe(403);
    expect((await get('/api/settings/changes', customer)).statusCode).toBe(403);
    expect((await stored())?.businessName).toBe('Seeded Suds');
  });
});

describe('PUT /api/settings', () => {
  const number = (name: keyof typeof SETTING_LIMITS & keyof typeof SETTING_LABELS) => {
    const { min, max } = SETTING_LIMITS[name] as { min: number; max: number };
    return SETTINGS_MESSAGES.wholeNumber(SETTING_LABELS[name], min, max);
  };
  const refusals: Array<[string, unknown, string]> = [
    ['an empty business name', { businessName: '   ' }, SETTINGS_MESSAGES.businessNameRequired],
    ['a business name that is not text', { businessName: 7 }, SETTINGS_MESSAGES.businessNameRequired],
    ['an empty address', { address: '' }, SETTINGS_MESSAGES.addressRequired],
    ['a phone that is no number', { phone: 'call us' }, SETTINGS_MESSAGES.phoneInvalid],
    ['an email without a domain', { email: 'hello@' }, SETTINGS_MESSAGES.emailInvalid],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, SETTINGS_MESSAGES.timeZoneInvalid],
    ['a currency in lower case', { currency: 'usd' }, SETTINGS_MESSAGES.currencyInvalid],
    ['a cut-off above its bound', { cancellationCutoffHours: 721 }, number('cancellationCutoffHours')],
    ['a payment hold below its bound', { paymentHoldMinutes: 4 }, number('paymentHoldMinutes')],
    ['a reminder lead time of zero', { reminderHoursBefore: 0 }, number('reminderHoursBefore')],
    ['a horizon of a fraction', { bookingHorizonDays: 30.5 }, number('bookingHorizonDays')],
    ['a negative minimum notice', { minimumNoticeMinutes: -1 }, number('minimumNoticeMinutes')],
    ['a step as text', { slotStepMinutes: '30' }, number('slotStepMinutes')],
    ['a step that does not divide a day', { slotStepMinutes: 7 }, SETTINGS_MESSAGES.slotStepDividesDay],
    ['hours without every weekday', { hours: { monday: [] } }, SETTINGS_MESSAGES.hoursInvalid],
    [
      'a range written without leading zeros',
      { hours: { ...WEEK, monday: [{ start: '8:00', end: '12:00' }] } },
      SETTINGS_MESSAGES.hoursInvalid,
    ],
    [
      'a range that ends before it starts',
      { hours: { ...WEEK, tuesday: [{ start: '12:00', end: '08:00' }] } },
      SETTINGS_MESSAGES.rangeOrder('Tuesday'),
    ],
    [
      'overlapping ranges',
      {
        hours: {
          ...WEEK,
          friday: [
            { start: '08:00', end: '12:00' },
            { start: '11:00', end: '14:00' },
          ],
        },
      },
      SETTINGS_MESSAGES.rangesOverlap('Friday'),
    ],
    [
      'too many ranges in a day',
      {
        hours: {
          ...WEEK,
          sunday: ['01', '03', '05', '07', '09', '11', '13'].map((hour) => ({
            start: `${hour}:00`,
            end: `${hour}:30`,
          })),
        },
      },
      SETTINGS_MESSAGES.tooManyRanges('Sunday', SETTING_LIMITS.rangesPerDay),
    ],
  ];

  it.each(refusals)('refuses %s with its message and stores nothing', async (_case, body, message) => {
    const before = await stored();
    const audits = await auditCount();
    const response = await put(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(await stored()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses a setting it does not know', async () => {
    const response = await put({ businessName: 'Fine', logo: 'x.png' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unrecognized key: "logo"');
    expect((await stored())?.businessName).toBe('Seeded Suds');
  });

  it('answers that nothing changed when every value given is the stored one, and keeps no audit row', async () => {
    const before = await stored();
    const response = await put({
      businessName: '  Seeded Suds  ',
      email: 'SEED@suds.example',
      currency: 'EUR',
      hours: { sunday: [], saturday: [], friday: [], thursday: [], wednesday: [], tuesday: [], monday: [] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(SETTINGS_MESSAGES.unchanged);
    expect(response.json().data.businessName).toBe('Seeded Suds');
    expect(await stored()).toEqual(before);
    expect(await auditCount()).toBe(0);
    expect((await put({})).json().message).toBe(SETTINGS_MESSAGES.unchanged);
  });

  it('saves what changed, trimmed, with one audit row per changed setting naming who, and GET /api/config says it at once', async () => {
    const response = await put({
      businessName: '  Shine Brothers ',
      phone: '+49 30 1234567',
      slotStepMinutes: 15,
      bookingHorizonDays: 90,
      hours: WEEK,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(SETTINGS_MESSAGES.updated);
    expect(response.json().data).toMatchObject({
      businessName: 'Shine Brothers',
      phone: '+49 30 1234567',
      slotStepMinutes: 15,
      bookingHorizonDays: 90,
      hours: WEEK,
    });
    expect(await stored()).toMatchObject({ businessName: 'Shine Brothers', slotStepMinutes: 15, hours: WEEK });

    const rows = await t.database.db.select().from(settingChanges).orderBy(settingChanges.id);
    expect(rows.map(({ setting, before, after, changedBy }) => ({ setting, before, after, changedBy }))).toEqual([
      { setting: 'businessName', before: 'Seeded Suds', after: 'Shine Brothers', changedBy: admin.id },
      { setting: 'bookingHorizonDays', before: 60, after: 90, changedBy: admin.id },
      { setting: 'slotStepMinutes', before: 30, after: 15, changedBy: admin.id },
      {
        setting: 'hours',
        before: { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] },
        after: WEEK,
        changedBy: admin.id,
      },
    ]);

    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data;
    expect(config).toMatchObject({ businessName: 'Shine Brothers', slotStepMinutes: 15, bookingHorizonDays: 90 });
    expect(config.hours).toEqual(WEEK);
  });

  it('is used at once where the shop is named: the sender of the next mail', async () => {
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: customer.email },
    });
    expect(reset.statusCode).toBe(200);
    let mails: string[] = [];
    for (let attempt = 0; attempt < 100 && mails.length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      mails = mailsTo(t.config.dataDir, customer.email);
    }
    expect(mails.at(-1)).toContain('From: Shine Brothers <no-reply@');
    expect(mails.at(-1)).toContain('Reset your Shine Brothers password');
  });

  it('changes the time zone while no live booking lies ahead', async () => {
    const response = await put({ timeZone: 'America/New_York' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.timeZone).toBe('America/New_York');
    const [row] = await t.database.db.select().from(settingChanges).where(eq(settingChanges.setting, 'timeZone'));
    expect(row).toMatchObject({ before: 'Europe/Berlin', after: 'America/New_York', changedBy: admin.id });
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().data.timeZone).toBe('America/New_York');
  });

  it('changes the currency before any payment', async () => {
    const response = await put({ currency: 'USD' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.currency).toBe('USD');
  });

  it('refuses to change the time zone while a live booking lies ahead, or the currency once a payment exists', async () => {
    const { service, slots } = await serviceWithSlots(t.app, { timeZone: 'America/New_York' });
    await paidBooking(t.app, customer, service.id, slots[0]?.id ?? '');
    const before = await stored();
    const audits = await auditCount();

    const zone = await put({ timeZone: 'Asia/Dhaka' });
    expect(zone.statusCode).toBe(409);
    expect(zone.json()).toEqual({
      success: false,
      message: SETTINGS_MESSAGES.timeZoneLocked(1),
      errors: [{ path: 'timeZone', message: SETTINGS_MESSAGES.timeZoneLocked(1) }],
    });
    const money = await put({ currency: 'GBP', businessName: 'Renamed Meanwhile' });
    expect(money.statusCode).toBe(409);
    expect(money.json()).toEqual({
      success: false,
      message: SETTINGS_MESSAGES.currencyLocked,
      errors: [{ path: 'currency', message: SETTINGS_MESSAGES.currencyLocked }],
    });
    // A refusal saves nothing of the request, not even the settings that could change.
    expect(await stored()).toEqual(before);
    expect(await auditCount()).toBe(audits);

    // Two live bookings ahead are counted as such; the same time zone again is no change at all.
    await paidBooking(t.app, customer, service.id, slots[1]?.id ?? '');
    expect((await put({ timeZone: 'Asia/Dhaka' })).json().message).toBe(SETTINGS_MESSAGES.timeZoneLocked(2));
    expect((await put({ timeZone: 'America/New_York' })).json().message).toBe(SETTINGS_MESSAGES.unchanged);

    // Once they are over (here: cancelled), the time zone may change; the payments keep the currency fixed.
    await t.database.db.update(bookings).set({ status: 'cancel' }).where(eq(bookings.serviceId, service.id));
    expect((await put({ timeZone: 'Asia/Dhaka' })).statusCode).toBe(200);
    expect((await put({ currency: 'GBP' })).json().message).toBe(SETTINGS_MESSAGES.currencyLocked);
  });
});

describe('GET /api/settings/changes', () => {
  it('pages the audit trail newest first, naming who changed each setting, or nobody once they are gone', async () => {
    const gone = await storedCustomer(t.app, { firstName: 'Former', lastName: 'Manager', email: 'former@x.example' });
    await t.database.db.insert(settingChanges).values({
      setting: 'address',
      before: 'Old Road 1',
      after: 'New Road 2',
      changedBy: gone.id,
      changedAt: new Date(Date.now() + 60_000),
    });
    await t.database.db.delete(users).where(eq(users.id, gone.id));

    const total = await auditCount();
    const first = await get('/api/settings/changes?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: SETTINGS_MESSAGES.auditRetrieved, totalDoc: total });
    const [newest, next] = first.json().data;
    expect(newest).toEqual({
      _id: expect.any(String),
      setting: 'address',
      before: 'Old Road 1',
      after: 'New Road 2',
      changedAt: expect.any(String),
      changedBy: null,
    });
    expect(next).toMatchObject({
      setting: 'timeZone',
      before: 'America/New_York',
      after: 'Asia/Dhaka',
      changedBy: { _id: admin.id, name: expect.stringMatching(/^Test admin/), email: admin.email },
    });

    const all = await get(`/api/settings/changes?limit=${total}`);
    const times = all.json().data.map((change: { changedAt: string }) => Date.parse(change.changedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await get('/api/settings/changes?limit=2&page=2');
    expect(second.json().data[0]).toEqual(all.json().data[2]);

    const bad = await get('/api/settings/changes?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('page must be a whole number of at least 1');
  });
});
