import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { REVIEW_MESSAGES } from '@carcare/contracts/reviews-constants';
import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import { USER_MESSAGES } from '@carcare/contracts/users-constants';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookings, payments, refreshTokens, services, sessions, slots, users } from '../src/db/schema';
import { businessDate } from '../src/lib/business-time';
import { hashToken } from '../src/modules/auth/tokens';
import {
  createTestApp,
  fileForm,
  mailsTo,
  movePastRefreshGrace,
  OLDER_CLIENT_ORIGIN,
  resetTokenIn,
  rowCounts,
  serviceWithSlots,
  setCookie,
  signedInUser,
  type TestApp,
  type TestUser,
} from './helper';
import { everyDay, setShopWeek } from './shop-hours';

/**
 * SPEC.md section 7, call by call, as the older web client sends it from its own origin: exact paths,
 * query strings and bodies, its bearer header, and the response fields it reads. Every answer must carry
 * the allow headers, or the browser would hide it from that client.
 */

let t: TestApp;
let admin: TestUser;

/** Where the shop itself is: the address PUBLIC_URL names. */
const SHOP_URL = 'https://shop.example.com';
/** Another site allowed to call the API, whose client refreshes as our web app does (rotating). */
const PARTNER_ORIGIN = 'https://partner.example.com';

beforeAll(async () => {
  t = await createTestApp({
    corsOrigins: [OLDER_CLIENT_ORIGIN, PARTNER_ORIGIN],
    nonRotatingRefreshOrigins: [OLDER_CLIENT_ORIGIN],
    publicUrl: SHOP_URL,
    publicUrlConfigured: true,
  });
  admin = await signedInUser(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type Call = { token?: string; body?: InjectOptions['payload']; headers?: Record<string, string> };

/** One call of the older client: from its origin, with its bearer token when it has one. */
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, { token, body, headers }: Call = {}) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: { origin: OLDER_CLIENT_ORIGIN, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body }),
  });
  expect(response.headers['access-control-allow-origin'], `${method} ${url}`).toBe(OLDER_CLIENT_ORIGIN);
  expect(response.headers['access-control-allow-credentials'], `${method} ${url}`).toBe('true');
  return response;
}

const USER_FIELDS = {
  _id: expect.any(String),
  firstName: expect.any(String),
  lastName: expect.any(String),
  email: expect.any(String),
  auth: { role: expect.stringMatching(/^(admin|user)$/) },
  createdAt: expect.any(String),
};

let accountCounter = 0;
const registration = () => {
  accountCounter += 1;
  return {
    firstName: 'Rafi',
    lastName: 'Hasan',
    email: `older.client${accountCounter}@example.com`,
    address: '12 Banani Road, Dhaka',
    password: 'an old secret',
    confirmPassword: 'an old secret',
    phone: '+8801712345678',
  };
};

/** A customer registered through the older client; returns its session as the client keeps it. */
async function registeredCustomer() {
  const payload = registration();
  const response = await call('POST', '/auth/register/customer', { body: payload });
  expect(response.statusCode).toBe(201);
  const { data, accessToken, refreshToken } = response.json();
  return { id: String(data._id), email: payload.email, password: payload.password, accessToken, refreshToken };
}

describe('the preflight of every documented call', () => {
  it('is answered for each method and path, without a token', async () => {
    const id = crypto.randomUUID();
    const calls = [
      ['POST', '/auth/register/customer'],
      ['POST', '/auth/login'],
      ['PUT', `/auth/update-role/${id}`],
      ['PUT', '/auth/reset-password'],
      ['GET', '/auth/auth-state'],
      ['POST', '/auth/refreshToken'],
      ['GET', '/user/all?searchTerm=&page=1&limit=10'],
      ['PUT', '/user/update'],
      ['PUT', '/user/update-profile-image'],
      ['GET', '/services?searchTerm=&min=&max=&sort=&page=1&limit=10'],
      ['GET', '/services/g/names'],
      ['GET', `/services/${id}`],
      ['POST', '/services'],
      ['PUT', `/services/${id}`],
      ['DELETE', `/services/${id}`],
      ['GET', `/slots/availability?service=${id}&date=2030-01-01`],
      ['GET', `/slots/availability/${id}`],
      ['POST', '/services/slots'],
      ['GET', '/services/get/all?page=1&limit=10'],
      ['PUT', `/slots/toggle-status/${id}`],
      ['POST', '/bookings'],
      ['GET', '/bookings?page=1&limit=10'],
      ['GET', '/my-bookings?payment=paid&status=confirm'],
      ['POST', '/review/create'],
      ['GET', '/review/get?limit=2&page=1'],
    ] as const;
    for (const [method, url] of calls) {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url: `/api${url}`,
        headers: {
          origin: OLDER_CLIENT_ORIGIN,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(OLDER_CLIENT_ORIGIN);
      expect(response.headers['access-control-allow-methods']).toContain(method);
    }
  });
});

describe('Auth', () => {
  it('POST /auth/register/customer answers success, message, data (the user), accessToken and refreshToken', async () => {
    const payload = registration();
    const response = await call('POST', '/auth/register/customer', { body: payload });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: AUTH_MESSAGES.registered,
      data: {
        ...USER_FIELDS,
        address: payload.address,
        phone: payload.phone,
        image: null,
        role: 'user',
        textsAccepted: false,
        reviewRequestsOff: false,
      },
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    const [stored] = await t.database.db.select().from(users).where(eq(users.email, payload.email));
    expect(stored).toMatchObject({ firstName: 'Rafi', lastName: 'Hasan', role: 'user', phone: payload.phone });
  });

  it('POST /auth/login answers data (the user), accessToken and refreshToken; 401 and 404 as SPEC names them', async () => {
    const customer = await registeredCustomer();
    const response = await call('POST', '/auth/login', {
      body: { email: customer.email, password: customer.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: AUTH_MESSAGES.loggedIn,
      data: { ...USER_FIELDS, email: customer.email },
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    const wrong = await call('POST', '/auth/login', { body: { email: customer.email, password: 'not it at all' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: AUTH_MESSAGES.wrongPassword });
    const unknown = await call('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'whatever' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('GET /auth/auth-state with the token as bearer answers data, the user', async () => {
    const customer = await registeredCustomer();
    const response = await call('GET', '/auth/auth-state', { token: customer.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ ...USER_FIELDS, _id: customer.id, email: customer.email });
    const visitor = await call('GET', '/auth/auth-state');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.unauthorized });
  });

  it('POST /auth/refreshToken takes the refresh token as bearer without a cookie; data.accessToken works and data is the user', async () => {
    const customer = await registeredCustomer();
    const response = await call('POST', '/auth/refreshToken', { token: customer.refreshToken });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    // The client stores `data` as the user and `data.accessToken` as its token.
    expect(data).toMatchObject({ ...USER_FIELDS, _id: customer.id, email: customer.email, role: 'user' });
    expect(data.user).toMatchObject({ _id: customer.id });
    const state = await call('GET', '/auth/auth-state', { token: data.accessToken });
    expect(state.statusCode).toBe(200);
    // The browser keeps the rotated token in our cookie and sends it with the next refresh, beside the
    // bearer the client kept from its sign-in: the cookie is the one read, whenever that refresh comes.
    const cookie = setCookie(response, 'refreshToken');
    expect(cookie?.value).toBe(data.refreshToken);
    movePastRefreshGrace(t.config);
    const later = await call('POST', '/auth/refreshToken', {
      token: customer.refreshToken,
      headers: { cookie: `refreshToken=${cookie?.value}` },
    });
    expect(later.statusCode).toBe(200);
    expect(later.json().data.email).toBe(customer.email);
  });

  it('POST /auth/refreshToken refuses a bearer access token or nothing with 401', async () => {
    const customer = await registeredCustomer();
    const withAccessToken = await call('POST', '/auth/refreshToken', { token: customer.accessToken });
    expect(withAccessToken.statusCode).toBe(401);
    expect(withAccessToken.json()).toEqual({ success: false, message: AUTH_MESSAGES.sessionExpired });
    expect((await call('POST', '/auth/refreshToken')).statusCode).toBe(401);
  });

  it('PUT /auth/update-role/{id} with {role} changes the role, for administrators only', async () => {
    const customer = await registeredCustomer();
    const refused = await call('PUT', `/auth/update-role/${customer.id}`, {
      token: customer.accessToken,
      body: { role: 'admin' },
    });
    expect(refused.statusCode).toBe(403);
    const response = await call('PUT', `/auth/update-role/${customer.id}`, {
      token: admin.accessToken,
      body: { role: 'admin' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Successfully updated user role to admin',
      data: { _id: customer.id, role: 'admin', auth: { role: 'admin' } },
    });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(stored?.role).toBe('admin');
  });

  it("PUT /auth/update-role/{id} makes a user staff in SPEC's shape, and back again", async () => {
    const customer = await registeredCustomer();
    const toStaff = await call('PUT', `/auth/update-role/${customer.id}`, {
      token: admin.accessToken,
      body: { role: 'staff' },
    });
    expect(toStaff.statusCode).toBe(200);
    expect(toStaff.json()).toMatchObject({
      success: true,
      message: 'Successfully updated user role to staff',
      data: { _id: customer.id, role: 'staff', auth: { role: 'staff' } },
    });
    const back = await call('PUT', `/auth/update-role/${customer.id}`, {
      token: admin.accessToken,
      body: { role: 'user' },
    });
    expect(back.json()).toMatchObject({
      message: 'Successfully updated user role to user',
      data: { _id: customer.id, role: 'user', auth: { role: 'user' } },
    });
  });

  it('PUT /auth/reset-password takes a reset link token and a new password, signed in or not', async () => {
    const customer = await registeredCustomer();
    const forgot = await call('POST', '/auth/forgot-password', { body: { email: customer.email } });
    expect(forgot.statusCode).toBe(200);
    await t.app.backgroundTasks.settled();
    const token = resetTokenIn(mailsTo(t.config.dataDir, customer.email).at(-1) ?? '');
    expect(token).not.toBe('');

    const response = await call('PUT', '/auth/reset-password', { body: { token, newPassword: 'a fresh secret' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordRecovered });
    const login = (password: string) => call('POST', '/auth/login', { body: { email: customer.email, password } });
    expect((await login(customer.password)).statusCode).toBe(401);
    expect((await login('a fresh secret')).statusCode).toBe(200);
    // A reset signs the account out everywhere, and its link works once.
    expect((await call('GET', '/auth/auth-state', { token: customer.accessToken })).statusCode).toBe(401);
    const again = await call('PUT', '/auth/reset-password', { body: { token, newPassword: 'another secret' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, message: AUTH_MESSAGES.resetTokenInvalid });
  });

  it('PUT /auth/reset-password still changes a signed-in password given the current one, and refuses a visitor', async () => {
    const customer = await registeredCustomer();
    const before = await rowCounts(t.database);
    const visitor = await call('PUT', '/auth/reset-password', {
      body: { oldPassword: customer.password, newPassword: 'a fresh secret' },
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.unauthorized });
    expect(await rowCounts(t.database)).toEqual(before);
    const [unchanged] = await t.database.db.select().from(users).where(eq(users.id, customer.id));

    const noOldPassword = await call('PUT', '/auth/reset-password', {
      token: customer.accessToken,
      body: { newPassword: 'a fresh secret' },
    });
    expect(noOldPassword.statusCode).toBe(400);
    expect(noOldPassword.json()).toEqual({
      success: false,
      message: AUTH_MESSAGES.oldPasswordRequired,
      errors: [{ path: 'oldPassword', message: AUTH_MESSAGES.oldPasswordRequired }],
    });
    const noNewPassword = await call('PUT', '/auth/reset-password', { body: { token: 'abc' } });
    expect(noNewPassword.json()).toMatchObject({
      message: AUTH_MESSAGES.newPasswordRequired,
      errors: [{ path: 'newPassword', message: AUTH_MESSAGES.newPasswordRequired }],
    });

    const response = await call('PUT', '/auth/reset-password', {
      token: customer.accessToken,
      body: { oldPassword: customer.password, newPassword: 'a fresh secret' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordChanged });
    const [changed] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(changed?.passwordHash).not.toBe(unchanged?.passwordHash);
    // The session that asked goes on.
    expect((await call('GET', '/auth/auth-state', { token: customer.accessToken })).statusCode).toBe(200);
  });
});

describe('Users', () => {
  it('GET /user/all?searchTerm=&page=&limit= answers data, totalDoc and success', async () => {
    const customer = await registeredCustomer();
    const all = await call('GET', '/user/all?searchTerm=&page=1&limit=10', { token: admin.accessToken });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ success: true, totalDoc: expect.any(Number) });
    expect(all.json().data[0]).toMatchObject(USER_FIELDS);
    const found = await call('GET', `/user/all?searchTerm=${encodeURIComponent(customer.email)}&page=1&limit=10`, {
      token: admin.accessToken,
    });
    expect(found.json().totalDoc).toBe(1);
    expect(found.json().data[0]._id).toBe(customer.id);
  });

  it('PUT /user/update takes only the changed fields', async () => {
    const customer = await registeredCustomer();
    const response = await call('PUT', '/user/update', { token: customer.accessToken, body: { firstName: 'Rafiq' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: USER_MESSAGES.updated,
      data: { firstName: 'Rafiq', lastName: 'Hasan' },
    });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(stored).toMatchObject({ firstName: 'Rafiq', lastName: 'Hasan', address: '12 Banani Road, Dhaka' });
  });

  it('PUT /user/update-profile-image takes a multipart form with the field file', async () => {
    const customer = await registeredCustomer();
    const image = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();
    const form = fileForm(image);
    const response = await call('PUT', '/user/update-profile-image', {
      token: customer.accessToken,
      body: form.payload,
      headers: form.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: USER_MESSAGES.imageUpdated });
    // Stored as our own path, answered as an address the client's page can load from its own site.
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(stored?.image).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(response.json().data.image).toBe(`${SHOP_URL}${stored?.image}`);
  });
});

describe('Services', () => {
  let serviceIds: string[] = [];
  beforeAll(async () => {
    const created = await Promise.all(
      [18, 45, 90].map((price) => serviceWithSlots(t.app, { name: `Older ${price}`, priceCents: price * 100 })),
    );
    serviceIds = created.map(({ service }) => service.id);
  });

  it('GET /services?searchTerm=&min=&max=&sort=&page=&limit= answers data, totalDoc and success, in each sort', async () => {
    const first = await call('GET', '/services?searchTerm=&min=&max=&sort=&page=1&limit=10');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ success: true, totalDoc: expect.any(Number) });
    expect(body.data[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      description: expect.any(String),
      duration: expect.any(Number),
      price: expect.any(Number),
      // Additions since SPEC.md: the client reads the fields above and ignores these.
      bufferMinutes: 0,
      bays: [],
      isDeleted: false,
      createdAt: expect.any(String),
      hours: null,
      paymentMode: 'full',
      priceFrom: expect.any(Number),
    });
    const prices = async (sort: string) =>
      (await call('GET', `/services?searchTerm=Older&min=0&max=0&sort=${sort}&page=1&limit=10`))
        .json()
        .data.map((service: { price: number }) => service.price);
    expect(await prices('price')).toEqual([18, 45, 90]);
    expect(await prices('-price')).toEqual([90, 45, 18]);
    expect(await prices('createdAt')).toHaveLength(3);
    expect(await prices('-createdAt')).toHaveLength(3);
    const budget = await call('GET', '/services?searchTerm=Older&min=20&max=100&sort=price&page=1&limit=10');
    expect(budget.json().data.map((service: { price: number }) => service.price)).toEqual([45, 90]);
  });

  it('GET /services/g/names answers the id and name of each service', async () => {
    const response = await call('GET', '/services/g/names');
    expect(response.statusCode).toBe(200);
    const names = response.json().data;
    expect(names).toEqual(expect.arrayContaining([{ _id: serviceIds[0], name: 'Older 18' }]));
  });

  it('GET /services/{id} answers name, description, duration and price', async () => {
    const response = await call('GET', `/services/${serviceIds[1]}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      _id: serviceIds[1],
      name: 'Older 45',
      description: 'Older 45 description',
      duration: 60,
      price: 45,
    });
  });

  it('POST /services with isDeleted false, PUT /services/{id} and DELETE /services/{id} answer the success flag', async () => {
    const created = await call('POST', '/services', {
      token: admin.accessToken,
      body: {
        name: 'Ceramic Coat',
        description: 'Two layers of ceramic',
        price: 149.99,
        duration: 120,
        isDeleted: false,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ success: true, message: SERVICE_MESSAGES.created });
    const id = created.json().data._id;
    const [stored] = await t.database.db.select().from(services).where(eq(services.id, id));
    expect(stored).toMatchObject({ name: 'Ceramic Coat', priceCents: 14999, durationMinutes: 120, isDeleted: false });

    const updated = await call('PUT', `/services/${id}`, {
      token: admin.accessToken,
      body: { name: 'Ceramic Coat Plus', description: 'Three layers', price: 179, duration: 150 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ success: true, data: { name: 'Ceramic Coat Plus', price: 179 } });

    const deleted = await call('DELETE', `/services/${id}`, { token: admin.accessToken });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true, message: SERVICE_MESSAGES.deleted });
    const [gone] = await t.database.db.select().from(services).where(eq(services.id, id));
    expect(gone?.isDeleted).toBe(true);
  });
});

describe('Slots', () => {
  it('POST /services/slots, GET /slots/availability, GET /slots/availability/{id}, GET /services/get/all and PUT /slots/toggle-status/{id}', async () => {
    const service = {
      id: (
        await call('POST', '/services', {
          token: admin.accessToken,
          body: { name: 'Slot Wash', description: 'Hourly slots', price: 30, duration: 60, isDeleted: false },
        })
      ).json().data._id,
    };
    const date = businessDate('UTC', new Date(), 5);
    const created = await call('POST', '/services/slots', {
      token: admin.accessToken,
      body: { startTime: '09:00', endTime: '11:00', service: service.id, date },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ success: true, message: SLOT_MESSAGES.created(2) });

    const available = await call('GET', `/slots/availability?service=${service.id}&date=${date}`);
    expect(available.statusCode).toBe(200);
    const list = available.json().data;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      _id: expect.any(String),
      date,
      startTime: '09:00',
      endTime: '10:00',
      isBooked: 'available',
      service: { _id: service.id, name: 'Slot Wash' },
    });

    const detail = await call('GET', `/slots/availability/${list[0]._id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      service: { price: 30, name: 'Slot Wash', duration: 60 },
      date,
      startTime: '09:00',
      endTime: '10:00',
    });

    const all = await call('GET', '/services/get/all?page=1&limit=10', { token: admin.accessToken });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ success: true, totalDoc: expect.any(Number) });
    expect(all.json().data.length).toBeLessThanOrEqual(10);

    const toggled = await call('PUT', `/slots/toggle-status/${list[1]._id}`, { token: admin.accessToken });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json()).toMatchObject({ success: true, data: { isBooked: 'cancel' } });
    const [stored] = await t.database.db.select().from(slots).where(eq(slots.id, list[1]._id));
    expect(stored?.status).toBe('cancel');
    const back = await call('PUT', `/slots/toggle-status/${list[1]._id}`, { token: admin.accessToken });
    expect(back.json().data.isBooked).toBe('available');
  });
});

describe('Bookings', () => {
  it('POST /bookings with {service, slot, customer}, GET /bookings?page=&limit= and GET /my-bookings?payment=paid&status=confirm', async () => {
    const customer = await registeredCustomer();
    const { service, slots: open } = await serviceWithSlots(t.app, { name: 'Booked Wash', slotCount: 2 });
    const book = (slotId: string | undefined) =>
      call('POST', '/bookings', {
        token: customer.accessToken,
        body: { service: service.id, slot: slotId, customer: customer.id },
      });
    const paid = await book(open[0]?.id);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      success: true,
      message: BOOKING_MESSAGES.created,
      data: { payment_url: expect.stringContaining('/pay/') },
    });
    const session = String(paid.json().data.payment_url).split('/pay/')[1];
    expect((await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` })).statusCode).toBeLessThan(400);
    const unpaid = await book(open[1]?.id);
    expect(unpaid.statusCode).toBe(201);
    const stored = await t.database.db.select().from(bookings).where(eq(bookings.serviceId, service.id));
    expect(stored.map((row) => row.customerId)).toEqual([customer.id, customer.id]);

    const mine = await call('GET', '/my-bookings?payment=paid&status=confirm', { token: customer.accessToken });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toHaveLength(1);
    expect(mine.json().data[0]).toMatchObject({
      _id: paid.json().data.booking._id,
      payment: 'paid',
      status: 'confirm',
      service: { name: 'Booked Wash' },
      slot: { date: open[0]?.date, startTime: open[0]?.startTime, endTime: open[0]?.endTime },
    });

    const all = await call('GET', '/bookings?page=1&limit=10', { token: admin.accessToken });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ success: true, totalDoc: expect.any(Number) });
    const listed = all.json().data.find((booking: { _id: string }) => booking._id === paid.json().data.booking._id);
    expect(listed).toMatchObject({
      customer: { firstName: 'Rafi', email: customer.email, phone: '+8801712345678' },
      service: { name: 'Booked Wash' },
      slot: { date: open[0]?.date, startTime: open[0]?.startTime, endTime: open[0]?.endTime },
      payment: 'paid',
      status: 'confirm',
    });
  });
});

describe('Generated times', () => {
  it("GET /slots/availability and POST /bookings book a time the shop's hours made as they book a hand-made one", async () => {
    await setShopWeek(t.app, { timeZone: 'UTC', hours: everyDay([['10:00', '12:00']]), slotStepMinutes: 60 });
    try {
      const customer = await registeredCustomer();
      const service = (
        await call('POST', '/services', {
          token: admin.accessToken,
          body: { name: 'Hours Wash', description: 'From the hours', price: 40, duration: 60, isDeleted: false },
        })
      ).json().data._id;
      const date = businessDate('UTC', new Date(), 4);
      const available = await call('GET', `/slots/availability?service=${service}&date=${date}`);
      expect(available.statusCode).toBe(200);
      const list = available.json().data;
      expect(list.map((slot: { startTime: string; endTime: string }) => `${slot.startTime}-${slot.endTime}`)).toEqual([
        '10:00-11:00',
        '11:00-12:00',
      ]);
      expect(list[0]).toMatchObject({
        _id: expect.any(String),
        date,
        isBooked: 'available',
        service: { _id: service, name: 'Hours Wash' },
      });
      const detail = await call('GET', `/slots/availability/${list[0]._id}`);
      expect(detail.json().data).toMatchObject({ service: { price: 40, duration: 60 }, startTime: '10:00' });

      const booked = await call('POST', '/bookings', {
        token: customer.accessToken,
        body: { service, slot: list[0]._id, customer: customer.id },
      });
      expect(booked.statusCode).toBe(201);
      expect(booked.json()).toMatchObject({
        success: true,
        message: BOOKING_MESSAGES.created,
        data: { payment_url: expect.stringContaining('/pay/'), booking: { slot: { _id: list[0]._id } } },
      });
      const session = String(booked.json().data.payment_url).split('/pay/')[1];
      expect((await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` })).statusCode).toBeLessThan(400);
      const mine = await call('GET', '/my-bookings?payment=paid&status=confirm', { token: customer.accessToken });
      expect(mine.json().data).toHaveLength(1);
      expect(mine.json().data[0]).toMatchObject({
        slot: { date, startTime: '10:00', endTime: '11:00' },
        service: { name: 'Hours Wash' },
      });
      // The same id is offered again, now booked.
      const again = (await call('GET', `/slots/availability?service=${service}&date=${date}`)).json().data;
      expect(again[0]).toMatchObject({ _id: list[0]._id, isBooked: 'booked' });
    } finally {
      await setShopWeek(t.app, { hours: everyDay([]) });
    }
  });
});

describe('Reviews', () => {
  it('POST /review/create with {rating, comment}; GET /review/get answers data and totalDoc, two by default', async () => {
    const customer = await registeredCustomer();
    for (const rating of [5, 4, 3]) {
      const created = await call('POST', '/review/create', {
        token: customer.accessToken,
        body: { rating, comment: `A ${rating}-star wash, quick and careful` },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ success: true, message: REVIEW_MESSAGES.created });
    }
    const firstTwo = await call('GET', '/review/get');
    expect(firstTwo.statusCode).toBe(200);
    expect(firstTwo.json()).toMatchObject({ success: true, totalDoc: 3 });
    expect(firstTwo.json().data).toHaveLength(2);
    expect(firstTwo.json().data[0]).toMatchObject({
      _id: expect.any(String),
      rating: 3,
      comment: 'A 3-star wash, quick and careful',
      createdAt: expect.any(String),
      user: { firstName: 'Rafi', lastName: 'Hasan' },
    });
    // The home page asks for everything; the testimonials page sends its paging without the '&'.
    expect((await call('GET', '/review/get?limit=99999')).json().data).toHaveLength(3);
    expect((await call('GET', '/review/get?limit=99999page=1')).json().data).toHaveLength(3);
    expect((await call('GET', '/review/get?limit=10page=1')).json().data).toHaveLength(3);
    expect((await call('GET', '/review/get?limit=10&page=1')).json().data).toHaveLength(3);
  });
});

describe('a session of the older client', () => {
  it('survives the refreshes its pages send at once, and its refresh token is stored only hashed', async () => {
    const customer = await registeredCustomer();
    const answers = await Promise.all(
      [1, 2].map(() => call('POST', '/auth/refreshToken', { token: customer.refreshToken })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[1]?.json().data.refreshToken).toBe(answers[0]?.json().data.refreshToken);
    const [row] = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(customer.refreshToken)));
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, row?.familyId ?? ''));
    expect(session?.revokedAt).toBeNull();
  });
});

/**
 * What the older client ran into once it was pointed at the API from its own site, replayed as it sends it:
 * bearer tokens only (the browser sends it no cookie of ours), from its Origin.
 */
describe('what the older client ran into', () => {
  const MINUTE = 60_000;
  const DAY = 24 * 60 * MINUTE;

  /** The refresh the client sends on a 401: its sign-in's refresh token as the bearer, no cookie. */
  const refresh = (refreshToken: string) => call('POST', '/auth/refreshToken', { token: refreshToken });

  const sessionOf = async (refreshToken: string) => {
    const [row] = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, row?.familyId ?? ''));
    return session;
  };

  it('keeps one refresh token working for its 30 days: at 0, 15 and 30 minutes and at 29 days, then no more', async () => {
    const start = new Date('2030-03-01T09:00:00Z').getTime();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const customer = await registeredCustomer();
    expect(await sessionOf(customer.refreshToken)).toMatchObject({ rotates: false, revokedAt: null });

    for (const elapsed of [0, 15 * MINUTE, 30 * MINUTE, 29 * DAY]) {
      vi.setSystemTime(start + elapsed);
      const response = await refresh(customer.refreshToken);
      expect(response.statusCode, `refresh after ${elapsed / MINUTE} minutes`).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({ _id: customer.id, email: customer.email, refreshToken: customer.refreshToken });
      const state = await call('GET', '/auth/auth-state', { token: data.accessToken });
      expect(state.statusCode, `signed in after ${elapsed / MINUTE} minutes`).toBe(200);
      customer.accessToken = data.accessToken;
    }
    // Never replaced: the session has had one refresh token all along.
    const session = await sessionOf(customer.refreshToken);
    const tokens = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, session?.id ?? ''));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.expiresAt.getTime()).toBe(start + 30 * DAY);

    vi.setSystemTime(start + 30 * DAY + MINUTE);
    const late = await refresh(customer.refreshToken);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ success: false, message: AUTH_MESSAGES.sessionExpired });
  });

  it('keeps it for a sign-in too, and the refreshes its pages send at once all get it', async () => {
    const customer = await registeredCustomer();
    const login = await call('POST', '/auth/login', { body: { email: customer.email, password: customer.password } });
    const { refreshToken } = login.json();
    const answers = await Promise.all([1, 2, 3].map(() => refresh(refreshToken)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.json().data.refreshToken)).toEqual([
      refreshToken,
      refreshToken,
      refreshToken,
    ]);
    movePastRefreshGrace(t.config);
    expect((await refresh(refreshToken)).statusCode).toBe(200);
    expect(await sessionOf(refreshToken)).toMatchObject({ rotates: false, revokedAt: null });
  });

  it('refuses the kept token after a logout', async () => {
    const customer = await registeredCustomer();
    expect((await refresh(customer.refreshToken)).statusCode).toBe(200);
    const logout = await call('POST', '/auth/logout', { token: customer.accessToken });
    expect(logout.statusCode).toBe(200);
    const after = await refresh(customer.refreshToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, message: AUTH_MESSAGES.sessionExpired });
    expect((await sessionOf(customer.refreshToken))?.revokedAt).toBeInstanceOf(Date);
  });

  it('refuses the kept token after the password is changed on another device, and after a reset', async () => {
    const customer = await registeredCustomer();
    // Signed in on our own web app as well (no Origin of another site), where the password is changed.
    const ours = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: customer.email, password: customer.password },
    });
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/reset-password',
      headers: { authorization: `Bearer ${ours.json().accessToken}` },
      payload: { oldPassword: customer.password, newPassword: 'a brand new secret' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await refresh(customer.refreshToken)).statusCode).toBe(401);

    // A new sign-in on the older client, then a reset by an emailed link.
    const again = await call('POST', '/auth/login', {
      body: { email: customer.email, password: 'a brand new secret' },
    });
    const kept = again.json().refreshToken;
    expect((await refresh(kept)).statusCode).toBe(200);
    await call('POST', '/auth/forgot-password', { body: { email: customer.email } });
    await t.app.backgroundTasks.settled();
    const token = resetTokenIn(mailsTo(t.config.dataDir, customer.email).at(-1) ?? '');
    const reset = await call('PUT', '/auth/reset-password', { body: { token, newPassword: 'yet another secret' } });
    expect(reset.statusCode).toBe(200);
    expect((await refresh(kept)).statusCode).toBe(401);
  });

  it('still rotates, and still ends a session whose rotated token comes back late, for every other sign-in', async () => {
    for (const headers of [{}, { origin: PARTNER_ORIGIN }]) {
      const customer = await registeredCustomer();
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { email: customer.email, password: customer.password },
      });
      const first = login.json().refreshToken;
      expect(await sessionOf(first)).toMatchObject({ rotates: true });
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refreshToken',
        headers: { ...headers, authorization: `Bearer ${first}` },
      });
      const second = refreshed.json().data.refreshToken;
      expect(second).not.toBe(first);
      movePastRefreshGrace(t.config);
      const reused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refreshToken',
        headers: { ...headers, authorization: `Bearer ${first}` },
      });
      expect(reused.statusCode, JSON.stringify(headers)).toBe(401);
      expect((await sessionOf(second))?.revokedAt).toBeInstanceOf(Date);
      vi.useRealTimers();
    }
  });

  it('gets an uploaded avatar as an address it can load from its own site', async () => {
    const customer = await registeredCustomer();
    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    const form = fileForm(image);
    const uploaded = await call('PUT', '/user/update-profile-image', {
      token: customer.accessToken,
      body: form.payload,
      headers: form.headers,
    });
    expect(uploaded.statusCode).toBe(200);
    const url: string = uploaded.json().data.image;
    expect(url).toMatch(new RegExp(`^${SHOP_URL}/uploads/[0-9a-f]{64}\\.webp$`));
    // Every answer that carries the user carries the same address.
    expect((await call('GET', '/auth/auth-state', { token: customer.accessToken })).json().data.image).toBe(url);
    expect((await refresh(customer.refreshToken)).json().data.image).toBe(url);
    const listed = await call('GET', `/user/all?searchTerm=${encodeURIComponent(customer.email)}&page=1&limit=10`, {
      token: admin.accessToken,
    });
    expect(listed.json().data[0].image).toBe(url);

    // An <img> on the client's page: no Origin, no credentials; the browser shows it only if the resource
    // policy lets another site embed it.
    const shown = await t.app.inject({
      method: 'GET',
      url: new URL(url).pathname,
      headers: { referer: `${OLDER_CLIENT_ORIGIN}/dashboard/user` },
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(shown.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Other answers than the API's and the images keep the same-origin policy.
    expect((await t.app.inject({ method: 'GET', url: '/no-such-page' })).headers['cross-origin-resource-policy']).toBe(
      'same-origin',
    );
  });

  it('lists every service when its cleared budget minimum (or maximum) is sent as NaN', async () => {
    for (const price of [18, 45, 90])
      await serviceWithSlots(t.app, { name: `Budget ${price}`, priceCents: price * 100 });
    const names = async (query: string) => {
      const response = await call('GET', `/services?searchTerm=Budget&${query}&sort=price&page=1&limit=10`);
      expect(response.statusCode, query).toBe(200);
      return response.json().data.map((service: { price: number }) => service.price);
    };
    expect(await names('min=&max=')).toEqual([18, 45, 90]);
    expect(await names('min=NaN&max=')).toEqual([18, 45, 90]);
    expect(await names('min=NaN&max=NaN')).toEqual([18, 45, 90]);
    expect(await names('min=NaN&max=50')).toEqual([18, 45]);
    expect(await names('min=20&max=NaN')).toEqual([45, 90]);
    expect((await call('GET', '/services?min=abc')).statusCode).toBe(400);
  });

  it('reads its paging without the "&": the home page counts every review, testimonials page 2 is page 2', async () => {
    // Twelve more reviews, by two customers (each may write a few a day).
    for (const author of [await registeredCustomer(), await registeredCustomer()]) {
      for (const rating of [5, 4, 4, 2, 5, 1]) {
        const created = await call('POST', '/review/create', {
          token: author.accessToken,
          body: { rating, comment: `Rated ${rating}: the car came back spotless` },
        });
        expect(created.statusCode).toBe(201);
      }
    }
    const home = (await call('GET', '/review/get?limit=99999page=1')).json();
    expect(home.totalDoc).toBeGreaterThanOrEqual(12);
    expect(home.data).toHaveLength(home.totalDoc);
    // What the home page computes from `data`: the average to two decimals, and the count per star.
    const ratings: number[] = home.data.map((review: { rating: number }) => review.rating);
    const average = Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 100) / 100;
    expect(average).toBe(home.stats.average);
    for (const star of [1, 2, 3, 4, 5]) {
      expect(ratings.filter((rating) => rating === star).length).toBe(home.stats.perRating[star]);
    }

    const pageOne = (await call('GET', '/review/get?limit=10page=1')).json();
    const pageTwo = (await call('GET', '/review/get?limit=10page=2')).json();
    expect(pageOne.data).toHaveLength(10);
    expect(pageTwo.data).toHaveLength(home.totalDoc - 10);
    expect(pageOne).toEqual((await call('GET', '/review/get?limit=10&page=1')).json());
    expect(pageTwo).toEqual((await call('GET', '/review/get?limit=10&page=2')).json());
    expect(pageTwo.data[0]).toEqual(home.data[10]);
  });

  describe('after paying', () => {
    /** Books a slot as the older client does, then pays or cancels on the sandbox's page. */
    async function bookAndPay(
      action: 'pay' | 'cancel',
      headers: Record<string, string> = { origin: OLDER_CLIENT_ORIGIN },
    ) {
      const customer = await registeredCustomer();
      const { service, slots: open } = await serviceWithSlots(t.app, { name: `Return ${action}`, priceCents: 4500 });
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { ...headers, authorization: `Bearer ${customer.accessToken}` },
        payload: { service: service.id, slot: open[0]?.id, customer: customer.id },
      });
      expect(booked.statusCode).toBe(201);
      const paymentUrl = new URL(booked.json().data.payment_url);
      expect(paymentUrl.origin).toBe(SHOP_URL);
      const session = paymentUrl.pathname.split('/pay/')[1] ?? '';
      expect((await t.app.inject({ method: 'GET', url: paymentUrl.pathname })).statusCode).toBe(200);
      const paid = await t.app.inject({ method: 'POST', url: `/pay/${session}/${action}` });
      expect(paid.statusCode).toBe(303);
      const [checkout] = await t.database.db.select().from(payments).where(eq(payments.sessionId, session));
      return {
        session,
        bookingId: booked.json().data.booking._id as string,
        location: paid.headers.location,
        checkout,
      };
    }

    it('a booking made on its site ends on a result page that leads back there', async () => {
      const { session, location, checkout } = await bookAndPay('pay');
      expect(checkout?.returnOrigin).toBe(OLDER_CLIENT_ORIGIN);
      expect(location).toBe(`/pay/${session}/result`);
      const page = await t.app.inject({ method: 'GET', url: location ?? '' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<h1>Payment received</h1>');
      expect(page.body).toContain('Return pay');
      expect(page.body).toContain('$45.00');
      expect(page.body).toContain(`href="${OLDER_CLIENT_ORIGIN}/dashboard/user/my-bookings">Back to My Bookings</a>`);
      expect(page.body).toContain('You return to old.example.com.');
      // The sandbox's page, opened again, leads back there too.
      const closed = await t.app.inject({ method: 'GET', url: `/pay/${session}` });
      expect(closed.body).toContain(`href="${OLDER_CLIENT_ORIGIN}/dashboard/user/my-bookings"`);
    });

    it('a cancelled payment says so, and offers to book again on its site', async () => {
      const { location } = await bookAndPay('cancel');
      const page = await t.app.inject({ method: 'GET', url: location ?? '' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Payment not completed</h1>');
      expect(page.body).toContain(`href="${OLDER_CLIENT_ORIGIN}/services">Book again</a>`);
      expect(page.body).toContain(`href="${OLDER_CLIENT_ORIGIN}/dashboard/user/my-bookings">Back to My Bookings</a>`);
    });

    it('a booking made on our own web app keeps its own result pages', async () => {
      const { session, bookingId, location, checkout } = await bookAndPay('pay', {});
      expect(checkout?.returnOrigin).toBeNull();
      expect(location).toBe(`/payment/success?booking=${bookingId}`);
      const result = await t.app.inject({ method: 'GET', url: `/pay/${session}/result` });
      expect(result.statusCode).toBe(303);
      expect(result.headers.location).toBe(`/payment/success?booking=${bookingId}`);
      const closed = await t.app.inject({ method: 'GET', url: `/pay/${session}` });
      expect(closed.body).toContain('href="/dashboard/user/my-bookings"');
      expect((await t.app.inject({ method: 'GET', url: '/pay/sbx_unknown/result' })).statusCode).toBe(404);
    });
  });
});
