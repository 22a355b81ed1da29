import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import type { WeeklyHours } from '@carcare/contracts/shop-settings';
import { SERVICE_HOURS_MESSAGES, SETTINGS_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { services } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let serviceId: string;

/** Tuesday to Saturday mornings. */
const MORNINGS: WeeklyHours = {
  monday: [],
  tuesday: [{ start: '08:00', end: '12:00' }],
  wednesday: [{ start: '08:00', end: '12:00' }],
  thursday: [{ start: '08:00', end: '12:00' }],
  friday: [{ start: '08:00', end: '12:00' }],
  saturday: [{ start: '08:00', end: '12:00' }],
  sunday: [],
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
  const [service] = await t.database.db
    .insert(services)
    .values({ name: 'Morning Detail', description: 'Only in the mornings', durationMinutes: 90, priceCents: 9900 })
    .returning();
  serviceId = service?.id ?? '';
});
afterAll(async () => {
  await t.close();
});

const setHours = (id: string, body: unknown, caller: TestUser = admin) =>
  t.app.inject(
    asUser(caller, { method: 'PUT', url: `/api/services/${id}/hours`, payload: body as InjectOptions['payload'] }),
  );
const storedHours = async () =>
  (await t.database.db.select({ hours: services.hours }).from(services).where(eq(services.id, serviceId)))[0]?.hours;

describe('PUT /api/services/:id/hours', () => {
  it('shows a new service following the shop’s hours', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/services/${serviceId}` });
    expect(response.json().data.hours).toBeNull();
  });

  it('sets the weekly hours a service is offered in, and every service read shows them', async () => {
    const response = await setHours(serviceId, { hours: MORNINGS });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: SERVICE_HOURS_MESSAGES.updated,
      data: { _id: serviceId, name: 'Morning Detail', hours: MORNINGS },
    });
    expect(await storedHours()).toEqual(MORNINGS);
    const one = await t.app.inject({ method: 'GET', url: `/api/services/${serviceId}` });
    expect(one.json().data.hours).toEqual(MORNINGS);
    const list = await t.app.inject({ method: 'GET', url: '/api/services?searchTerm=Morning' });
    expect(list.json().data[0].hours).toEqual(MORNINGS);
  });

  it('clears them: the service follows the shop’s hours again', async () => {
    const response = await setHours(serviceId, { hours: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(SERVICE_HOURS_MESSAGES.cleared);
    expect(response.json().data.hours).toBeNull();
    expect(await storedHours()).toBeNull();
  });

  it.each([
    ['no hours at all', {}, SETTINGS_MESSAGES.hoursInvalid],
    ['hours that are not a week', { hours: 'mornings' }, SETTINGS_MESSAGES.hoursInvalid],
    ['a week without Sunday', { hours: { ...MORNINGS, sunday: undefined } }, SETTINGS_MESSAGES.hoursInvalid],
    [
      'a range that ends before it starts',
      { hours: { ...MORNINGS, monday: [{ start: '12:00', end: '12:00' }] } },
      SETTINGS_MESSAGES.rangeOrder('Monday'),
    ],
    ['something besides the hours', { hours: null, days: 5 }, 'Unrecognized key: "days"'],
  ])('refuses %s and keeps the hours as they were', async (_case, body, message) => {
    await setHours(serviceId, { hours: MORNINGS });
    const response = await setHours(serviceId, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(await storedHours()).toEqual(MORNINGS);
  });

  it('answers 404 for a service that does not exist or was deleted', async () => {
    const unknown = await setHours(crypto.randomUUID(), { hours: MORNINGS });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SERVICE_MESSAGES.notFound);

    const [gone] = await t.database.db
      .insert(services)
      .values({ name: 'Gone', description: 'Deleted', durationMinutes: 30, priceCents: 1000, isDeleted: true })
      .returning();
    const deleted = await setHours(gone?.id ?? '', { hours: MORNINGS });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().message).toBe(SERVICE_MESSAGES.notFound);
    const [row] = await t.database.db
      .select()
      .from(services)
      .where(eq(services.id, gone?.id ?? ''));
    expect(row?.hours).toBeNull();
  });

  it('is for administrators only', async () => {
    expect((await setHours(serviceId, { hours: null }, customer)).statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${serviceId}/hours`,
      payload: { hours: null },
    });
    expect(visitor.statusCode).toBe(401);
    expect(await storedHours()).toEqual(MORNINGS);
  });
});
