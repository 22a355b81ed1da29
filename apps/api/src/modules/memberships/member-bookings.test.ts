import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBookings } from '../../../test/booking-rows';
import {
  asUser,
  createTestApp,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../test/helper';
import { violates } from '../../db/errors';
import { bays, bookings, planAddOns, planServices, plans, redemptions, vehicleClasses } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let vehicle: string;
let serviceId: string;
let slotIds: string[];
let laterSlotIds: string[];
let laterServiceId: string;
let tyreShine: string;
let waxCoat: string;

const call = (caller: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject(caller ? asUser(caller, { method, url, ...(payload ? { payload } : {}) }) : { method, url, payload });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
  const [sedan] = await t.database.db
    .insert(vehicleClasses)
    .values({ name: 'Sedan', sortOrder: 1, isDefault: true })
    .returning({ id: vehicleClasses.id });
  const car = await call(customer, 'POST', '/api/vehicles', {
    vehicleClass: sedan?.id,
    make: 'Mazda',
    model: '3',
    plate: 'MEM001',
  });
  vehicle = car.json().data._id;
  // Two days of the same service, three slots each: one wash a day is the plan's.
  const today = await serviceWithSlots(t.app, { name: 'Express Wash', priceCents: 1_500, daysAhead: 3, slotCount: 5 });
  serviceId = today.service.id;
  slotIds = today.slots.map((slot) => slot.id);
  const later = await serviceWithSlots(t.app, { name: 'Express Wash (later)', priceCents: 1_500, daysAhead: 4 });
  laterSlotIds = later.slots.map((slot) => slot.id);
  laterServiceId = later.service.id;
  const addOn = async (name: string, price: number) => {
    const made = await call(admin, 'POST', '/api/add-ons', {
      name,
      price,
      minutes: 5,
      services: [serviceId, later.service.id],
    });
    expect(made.statusCode).toBe(201);
    return made.json().data._id as string;
  };
  tyreShine = await addOn('Tyre shine', 5);
  waxCoat = await addOn('Wax coat', 12);
  // Two washes a month, one a day, of the express wash (either day's service) with its tyre shine.
  const [plan] = await t.database.db
    .insert(plans)
    .values({ kind: 'membership', name: 'Two Wash Club', priceCents: 2_500, interval: 'month', washes: 2 })
    .returning({ id: plans.id });
  const planId = plan?.id ?? '';
  await t.database.db.insert(planServices).values([
    { planId, serviceId },
    { planId, serviceId: later.service.id },
  ]);
  await t.database.db.insert(planAddOns).values({ planId, addOnId: tyreShine });
  const joined = await call(customer, 'POST', '/api/memberships', { plan: planId, vehicles: [vehicle] });
  const session = String(joined.json().data.payment_url).split('/pay/club/')[1];
  await t.app.inject({
    method: 'POST',
    url: `/pay/club/${session}/subscribe`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'card=succeeds',
  });
});
afterAll(async () => {
  await t.close();
});

const book = (slot: string | undefined, addOns: string[] = [], service = serviceId) =>
  call(customer, 'POST', '/api/bookings', { service, slot, vehicle, ...(addOns.length ? { addOns } : {}) });
const washesLeft = async () => (await call(customer, 'GET', '/api/memberships/mine')).json().data[0].washesLeft;
const liveWashes = () => t.database.db.select().from(redemptions).where(isNull(redemptions.returnedAt));

describe("a member's booking", () => {
  it('is quoted at what the plan leaves to pay, naming the plan', async () => {
    const quote = await call(customer, 'POST', '/api/bookings/quote', {
      service: serviceId,
      vehicle,
      addOns: [tyreShine, waxCoat],
    });
    expect(quote.statusCode).toBe(200);
    expect(quote.json().data).toMatchObject({
      lines: [
        { kind: 'service', name: 'Express Wash', price: 0 },
        { kind: 'addOn', name: 'Tyre shine', price: 0 },
        { kind: 'addOn', name: 'Wax coat', price: 12 },
      ],
      total: 12,
      membership: { name: 'Two Wash Club' },
    });
    // Without the car, no plan pays.
    const plain = await call(customer, 'POST', '/api/bookings/quote', { service: serviceId });
    expect(plain.json().data).toMatchObject({ total: 15, membership: null });
  });

  it('costs nothing for what the plan covers: confirmed at once, its wash counted', async () => {
    const booked = await book(slotIds[0], [tyreShine]);
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data).toMatchObject({
      payment_url: '',
      booking: {
        status: 'confirm',
        payment: 'paid',
        total: 0,
        balanceDue: 0,
        membership: { name: 'Two Wash Club' },
        lines: [
          { name: 'Express Wash', price: 0 },
          { name: 'Tyre shine', price: 0 },
        ],
      },
    });
    expect(await liveWashes()).toEqual([
      expect.objectContaining({ bookingId: booked.json().data.booking._id, vehicleId: vehicle }),
    ]);
    expect(await washesLeft()).toBe(1);
  });

  it('is refused a second wash of the same day, storing nothing', async () => {
    const before = await t.database.db.select().from(bookings);
    const again = await book(slotIds[2]);
    expect([again.statusCode, again.json().message]).toEqual([409, MEMBERSHIP_MESSAGES.dayWashUsed]);
    expect(await t.database.db.select().from(bookings)).toHaveLength(before.length);
    expect(await washesLeft()).toBe(1);
  });

  it('pays what the plan does not cover, online as usual', async () => {
    const booked = await book(laterSlotIds[0], [waxCoat], laterServiceId);
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data.payment_url).toContain('/pay/');
    expect(booked.json().data.booking).toMatchObject({
      status: 'pending',
      total: 12,
      membership: { name: 'Two Wash Club' },
    });
    expect(await washesLeft()).toBe(0);
  });

  it('is paid as usual once the period’s washes are used, and a cancelled booking gives its wash back', async () => {
    // A third wash this period: the plan has none left, so the job is priced and paid as usual.
    const third = await book(laterSlotIds[2], [], laterServiceId);
    expect(third.statusCode).toBe(201);
    expect(third.json().data.booking).toMatchObject({ total: 15, membership: null, status: 'pending' });
    expect(await liveWashes()).toHaveLength(2);

    const [first] = await t.database.db
      .select({ bookingId: redemptions.bookingId })
      .from(redemptions)
      .where(isNull(redemptions.returnedAt))
      .limit(1);
    const cancelled = await call(customer, 'POST', `/api/bookings/${first?.bookingId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(await washesLeft()).toBe(1);
    const [returned] = await t.database.db
      .select()
      .from(redemptions)
      .where(and(eq(redemptions.bookingId, first?.bookingId ?? '')));
    expect(returned?.returnedAt).toBeInstanceOf(Date);
  });

  it("is in the membership's history, with its payments: the member's own and the shop's to read", async () => {
    const [membership] = (await call(customer, 'GET', '/api/memberships/mine')).json().data;
    const history = await call(customer, 'GET', `/api/memberships/${membership._id}/history`);
    expect(history.statusCode).toBe(200);
    const { washes, payments } = history.json().data;
    expect(washes).toHaveLength(2);
    expect(washes.map((wash: { returned: boolean }) => wash.returned).sort()).toEqual([false, true]);
    expect(washes[0]).toMatchObject({ vehicle: 'Mazda 3 (MEM001)' });
    expect(washes.every((wash: { service: string }) => wash.service.startsWith('Express Wash'))).toBe(true);
    expect(payments).toEqual([expect.objectContaining({ kind: 'subscription', method: 'online', amount: 25 })]);
    expect((await call(admin, 'GET', `/api/memberships/${membership._id}/history`)).statusCode).toBe(200);
    const stranger = await signedInUser(t.app);
    const hidden = await call(stranger, 'GET', `/api/memberships/${membership._id}/history`);
    expect([hidden.statusCode, hidden.json().message]).toEqual([404, MEMBERSHIP_MESSAGES.notFound]);
    expect((await call(null, 'GET', `/api/memberships/${membership._id}/history`)).statusCode).toBe(401);
  });

  it('is the only booking the database lets cost nothing', async () => {
    const [bay] = await t.database.db.select().from(bays).limit(1);
    const attempt = insertBookings(t.database.db, [
      {
        customerId: customer.id,
        serviceId,
        slotId: slotIds[2] ?? '',
        bayId: bay?.id ?? '',
        occupiedFrom: new Date(Date.now() + 86_400_000 * 40),
        occupiedUntil: new Date(Date.now() + 86_400_000 * 40 + 3_600_000),
        priceCents: 0,
        status: 'confirm',
        payment: 'paid',
      },
    ]);
    const refused = await attempt.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(violates(refused, 'bookings_free_is_covered')).toBe(true);
  });
});
