import { ADD_ON_MESSAGES } from '@carcare/contracts/add-ons-constants';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { QUOTE_MESSAGES } from '@carcare/contracts/quotes-constants';
import { VEHICLE_CLASS_MESSAGES, VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  asUser,
  availabilityOf,
  createTestApp,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../../test/helper';
import { everyDay, setShopWeek } from '../../../../test/shop-hours';
import { databaseErrorOf } from '../../../db/errors';
import {
  addOnClassPrices,
  addOnServices,
  addOns,
  bays,
  bookingLines,
  bookings,
  payments,
  serviceBays,
  serviceClassPrices,
  services,
  slots,
  vehicleClasses,
  vehicles,
} from '../../../db/schema';
import { businessDate } from '../../../lib/business-time';
import { ANY_OWNER, priceJob } from './price-job';

let t: TestApp;
let customer: TestUser;
let other: TestUser;
const classes = { sedan: '', suv: '', van: '' };
const offered = { petHair: '', engineBay: '', ceramic: '', retired: '' };
const garage = { suv: '', sold: '', othersVan: '' };

beforeAll(async () => {
  t = await createTestApp();
  customer = await signedInUser(t.app);
  other = await signedInUser(t.app);
  const db = t.app.db;
  const made = await db
    .insert(vehicleClasses)
    .values([
      { name: 'Sedan', sortOrder: 1, isDefault: true },
      { name: 'SUV', sortOrder: 2 },
      { name: 'Van', sortOrder: 3, active: false },
    ])
    .returning();
  [classes.sedan, classes.suv, classes.van] = made.map((row) => row.id) as [string, string, string];
  const extras = await db
    .insert(addOns)
    .values([
      { name: 'Pet hair removal', priceCents: 2500, extraMinutes: 20, sortOrder: 1 },
      { name: 'Engine bay', priceCents: 1500, extraMinutes: 15, sortOrder: 2 },
      { name: 'Ceramic top-up', priceCents: 4000, extraMinutes: 30, sortOrder: 3 },
      { name: 'Retired wax', priceCents: 1000, extraMinutes: 10, sortOrder: 4, active: false },
    ])
    .returning();
  [offered.petHair, offered.engineBay, offered.ceramic, offered.retired] = extras.map((row) => row.id) as [
    string,
    string,
    string,
    string,
  ];
  await db
    .insert(addOnClassPrices)
    .values({ addOnId: offered.petHair, vehicleClassId: classes.suv, priceCents: 3000, extraMinutes: 30 });
  const cars = await db
    .insert(vehicles)
    .values([
      {
        customerId: customer.id,
        vehicleClassId: classes.suv,
        make: 'Toyota',
        model: 'RAV4',
        year: 2021,
        plate: 'SUV123',
      },
      { customerId: customer.id, vehicleClassId: classes.sedan, make: 'Honda', model: 'Civic', archivedAt: new Date() },
      { customerId: other.id, vehicleClassId: classes.sedan, make: 'Ford', model: 'Transit', plate: 'VAN999' },
    ])
    .returning();
  [garage.suv, garage.sold, garage.othersVan] = cars.map((row) => row.id) as [string, string, string];
});
afterAll(async () => {
  await t.close();
});

let bayCounter = 0;
/**
 * A 60-minute, 45.50 service with hourly slots from 08:00 on a day of its own, on one bay of its own: its SUV
 * price is 65.00 for 90 minutes; pet hair, the engine bay and the retired wax are offered with it.
 */
async function detail(slotCount = 6) {
  bayCounter += 1;
  const made = await serviceWithSlots(t.app, { name: `Detail ${bayCounter}`, slotCount });
  const [bay] = await t.app.db
    .insert(bays)
    .values({ name: `Detail bay ${bayCounter}`, sortOrder: 100 + bayCounter })
    .returning();
  if (!bay) throw new Error('bay was not created');
  await t.app.db.insert(serviceBays).values({ serviceId: made.service.id, bayId: bay.id });
  await t.app.db
    .insert(serviceClassPrices)
    .values({ serviceId: made.service.id, vehicleClassId: classes.suv, priceCents: 6500, durationMinutes: 90 });
  await t.app.db
    .insert(addOnServices)
    .values(
      [offered.petHair, offered.engineBay, offered.retired].map((addOnId) => ({ addOnId, serviceId: made.service.id })),
    );
  return { service: made.service.id, slots: made.slots.map((slot) => slot.id), date: made.slots[0]?.date ?? '' };
}

const quote = (payload: Record<string, unknown>, caller?: TestUser) => {
  const request = { method: 'POST' as const, url: '/api/bookings/quote', payload };
  return t.app.inject(caller ? asUser(caller, request) : request);
};

const book = (caller: TestUser, payload: Record<string, unknown>) =>
  t.app.inject(asUser(caller, { method: 'POST', url: '/api/bookings', payload }));

describe('POST /api/bookings/quote', () => {
  it("prices SPEC.md's booking at the service's base price and duration", async () => {
    const { service } = await detail();
    const response = await quote({ service });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: QUOTE_MESSAGES.quoted,
      data: {
        lines: [{ kind: 'service', addOn: null, name: expect.stringMatching(/^Detail/), price: 45.5, minutes: 60 }],
        total: 45.5,
        duration: 60,
        vehicleClass: null,
        membership: null,
        currency: 'USD',
      },
    });
  });

  it("prices a class by its own price and duration, and each add-on at the class's price, in the order chosen", async () => {
    const { service } = await detail();
    const response = await quote({ service, vehicleClass: classes.suv, addOns: [offered.engineBay, offered.petHair] });
    expect(response.statusCode).toBe(200);
    const { lines, total, duration, vehicleClass } = response.json().data;
    expect(
      lines.map((line: { name: string; price: number; minutes: number }) => [line.name, line.price, line.minutes]),
    ).toEqual([
      [expect.stringMatching(/^Detail/), 65, 90],
      ['Engine bay', 15, 15],
      ['Pet hair removal', 30, 30],
    ]);
    expect({ total, duration, vehicleClass }).toEqual({
      total: 110,
      duration: 135,
      vehicleClass: { _id: classes.suv, name: 'SUV' },
    });
    // A class without a price of its own pays the service's base price and the add-on's.
    const sedan = (await quote({ service, vehicleClass: classes.sedan, addOns: [offered.petHair] })).json().data;
    expect([sedan.total, sedan.duration]).toEqual([70.5, 80]);
  });

  it("prices a signed-in customer's vehicle by its class, and asks a visitor to sign in for one", async () => {
    const { service } = await detail();
    const mine = await quote({ service, vehicle: garage.suv }, customer);
    expect(mine.statusCode).toBe(200);
    expect([mine.json().data.total, mine.json().data.vehicleClass.name]).toEqual([65, 'SUV']);
    const visitor = await quote({ service, vehicle: garage.suv });
    expect([visitor.statusCode, visitor.json().message]).toEqual([401, QUOTE_MESSAGES.signInForVehicle]);
  });

  it('refuses, each with its status and message, what cannot be booked', async () => {
    const { service } = await detail();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ service, vehicle: garage.othersVan }, 404, VEHICLE_MESSAGES.notFound],
      [{ service, vehicle: garage.sold }, 409, VEHICLE_MESSAGES.archivedCannotBook],
      [{ service, vehicleClass: classes.van }, 409, VEHICLE_CLASS_MESSAGES.notOffered],
      [{ service, vehicleClass: crypto.randomUUID() }, 409, VEHICLE_CLASS_MESSAGES.notOffered],
      [{ service, addOns: [offered.ceramic] }, 409, ADD_ON_MESSAGES.notOffered],
      [{ service, addOns: [crypto.randomUUID()] }, 409, ADD_ON_MESSAGES.notOffered],
      [{ service, addOns: [offered.retired] }, 409, ADD_ON_MESSAGES.inactive],
      [{ service: crypto.randomUUID(), vehicleClass: classes.suv }, 404, BOOKING_MESSAGES.serviceUnknown],
      [{ service, vehicle: garage.suv, vehicleClass: classes.suv }, 400, QUOTE_MESSAGES.vehicleOrClass],
      [{ service, addOns: [offered.petHair, offered.petHair] }, 400, ADD_ON_MESSAGES.listRepeated],
      [{ service, addOns: 'pet hair' }, 400, ADD_ON_MESSAGES.listInvalid],
    ];
    for (const [payload, status, message] of cases) {
      const response = await quote(payload, customer);
      expect([response.statusCode, response.json().message], JSON.stringify(payload)).toEqual([status, message]);
    }
  });
});

describe('GET /api/bookings/quote', () => {
  it('gives the same quote as a public read, for a class and add-ons, and sends a vehicle to the POST', async () => {
    const { service } = await detail();
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/quote?service=${service}&vehicleClass=${classes.suv}&addOns=${offered.engineBay},${offered.petHair}`,
    });
    expect(read.statusCode).toBe(200);
    const posted = await quote({ service, vehicleClass: classes.suv, addOns: [offered.engineBay, offered.petHair] });
    expect(read.json()).toEqual(posted.json());
    expect(read.json().data.total).toBe(110);
    const cases: Array<[string, number, string]> = [
      [`vehicle=${garage.suv}`, 400, QUOTE_MESSAGES.vehicleByPost],
      [`addOns=${offered.ceramic}`, 409, ADD_ON_MESSAGES.notOffered],
      [`vehicleClass=${classes.van}`, 409, VEHICLE_CLASS_MESSAGES.notOffered],
      ['addOns=pet-hair', 400, ADD_ON_MESSAGES.listInvalid],
    ];
    for (const [query, status, message] of cases) {
      const response = await t.app.inject({ method: 'GET', url: `/api/bookings/quote?service=${service}&${query}` });
      expect([response.statusCode, response.json().message], query).toEqual([status, message]);
    }
  });
});

describe('POST /api/bookings with a vehicle and add-ons', () => {
  it('prices the booking itself, stores its lines and the vehicle as it was, and holds the bay for the whole job', async () => {
    const { service, slots: times } = await detail();
    const response = await book(customer, {
      service,
      slot: times[0],
      vehicle: garage.suv,
      addOns: [offered.petHair, offered.engineBay],
    });
    expect(response.statusCode).toBe(201);
    const { booking } = response.json().data;
    expect(booking).toMatchObject({
      total: 110,
      duration: 135,
      service: { price: 110 },
      vehicleClass: { _id: classes.suv, name: 'SUV' },
      vehicle: {
        _id: garage.suv,
        make: 'Toyota',
        model: 'RAV4',
        year: 2021,
        plate: 'SUV123',
        colour: '',
        nickname: '',
      },
    });
    expect(booking.lines.map((line: { kind: string; price: number }) => [line.kind, line.price])).toEqual([
      ['service', 65],
      ['addOn', 30],
      ['addOn', 15],
    ]);
    const [stored] = await t.app.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(stored).toMatchObject({ priceCents: 11000, vehicleClassName: 'SUV', vehiclePlate: 'SUV123' });
    expect((stored?.occupiedUntil.getTime() ?? 0) - (stored?.occupiedFrom.getTime() ?? 0)).toBe(135 * 60_000);
    expect(booking.bayHeld).toEqual({
      from: stored?.occupiedFrom.toISOString(),
      until: stored?.occupiedUntil.toISOString(),
    });
    const lines = await t.app.db
      .select({
        position: bookingLines.position,
        addOnId: bookingLines.addOnId,
        priceCents: bookingLines.priceCents,
        minutes: bookingLines.minutes,
      })
      .from(bookingLines)
      .where(eq(bookingLines.bookingId, booking._id))
      .orderBy(asc(bookingLines.position));
    expect(lines).toEqual([
      { position: 0, addOnId: null, priceCents: 6500, minutes: 90 },
      { position: 1, addOnId: offered.petHair, priceCents: 3000, minutes: 30 },
      { position: 2, addOnId: offered.engineBay, priceCents: 1500, minutes: 15 },
    ]);
    // The checkout asks for the whole price.
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.bookingId, booking._id));
    expect(payment?.amountCents).toBe(11000);
  });

  it('keeps the bay from the times the longer job covers, and offers a class only where its whole job fits', async () => {
    const { service, slots: times, date } = await detail();
    // 08:00 + 90 minutes of SUV + 30 of pet hair: the bay is held until 10:00.
    const booked = await book(customer, {
      service,
      slot: times[0],
      vehicleClass: classes.suv,
      addOns: [offered.petHair],
    });
    expect(booked.statusCode).toBe(201);
    expect((await availabilityOf(t.app, service, date)).map((slot) => slot.remaining)).toEqual([0, 0, 1, 1, 1, 1]);
    const base = await book(other, { service, slot: times[1] });
    expect([base.statusCode, base.json().message]).toEqual([409, BOOKING_MESSAGES.slotFull]);
    // A 90-minute SUV job at 10:00 or later fits; with the engine bay's 15 minutes more, the same.
    const suv = await t.app.inject({
      method: 'GET',
      url: `/api/slots/availability?service=${service}&date=${date}&vehicleClass=${classes.suv}&addOns=${offered.engineBay}`,
    });
    expect(suv.statusCode).toBe(200);
    expect(
      suv.json().data.map((slot: { startTime: string; remaining: number }) => [slot.startTime, slot.remaining]),
    ).toEqual([
      ['08:00', 0],
      ['09:00', 0],
      ['10:00', 1],
      ['11:00', 1],
      ['12:00', 1],
      ['13:00', 1],
    ]);
    // Booked at 12:00, the SUV job (12:00–13:45) keeps 13:00 from a base booking, not 11:00 from an SUV one.
    expect(
      (await book(customer, { service, slot: times[4], vehicleClass: classes.suv, addOns: [offered.engineBay] }))
        .statusCode,
    ).toBe(201);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/slots/availability?service=${service}&date=${date}&vehicleClass=${classes.suv}`,
    });
    expect(after.json().data.map((slot: { remaining: number }) => slot.remaining)).toEqual([0, 0, 1, 0, 0, 0]);
  });

  it('books exactly as before when nothing more is named: one line at the base price for the slot', async () => {
    const { service, slots: times } = await detail();
    const response = await book(customer, { service, slot: times[0] });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.booking).toMatchObject({
      total: 45.5,
      duration: 60,
      vehicle: null,
      vehicleClass: null,
      service: { price: 45.5, duration: 60 },
    });
    expect(response.json().data.booking.lines).toHaveLength(1);
  });

  it("refuses an archived vehicle, another customer's, and an add-on not offered, storing nothing", async () => {
    const { service, slots: times } = await detail();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ vehicle: garage.othersVan }, 404, VEHICLE_MESSAGES.notFound],
      [{ vehicle: garage.sold }, 409, VEHICLE_MESSAGES.archivedCannotBook],
      [{ vehicleClass: classes.suv, addOns: [offered.ceramic] }, 409, ADD_ON_MESSAGES.notOffered],
      [{ addOns: [offered.retired] }, 409, ADD_ON_MESSAGES.inactive],
    ];
    for (const [job, status, message] of cases) {
      const response = await book(customer, { service, slot: times[0], ...job });
      expect([response.statusCode, response.json().message]).toEqual([status, message]);
    }
    const [stored] = await t.app.db
      .select({ value: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.serviceId, service));
    expect(stored?.value).toBe(0);
  });
});

describe('rescheduling a job', () => {
  it('moves the vehicle, the class and the add-ons with it, and needs a time the whole job fits', async () => {
    const { service, slots: times } = await detail();
    const booked = await book(customer, { service, slot: times[0], vehicle: garage.suv, addOns: [offered.petHair] });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().data.booking._id;
    const session = String(booked.json().data.payment_url).split('/pay/')[1];
    await t.app.inject({ method: 'POST', url: `/pay/${session}/pay` });
    // Another customer's plain hour at 13:00: the SUV job (120 minutes) does not fit at 12:00 any more.
    expect((await book(other, { service, slot: times[5] })).statusCode).toBe(201);
    const move = (slot: string | undefined) =>
      t.app.inject(asUser(customer, { method: 'POST', url: `/api/bookings/${id}/reschedule`, payload: { slot } }));
    const refused = await move(times[4]);
    expect([refused.statusCode, refused.json().message]).toEqual([409, BOOKING_MESSAGES.slotFull]);
    const moved = await move(times[2]);
    expect(moved.statusCode).toBe(200);
    const [stored] = await t.app.db.select().from(bookings).where(eq(bookings.id, id));
    expect(stored).toMatchObject({
      vehicleId: garage.suv,
      vehicleClassName: 'SUV',
      priceCents: 9500,
      slotId: times[2],
    });
    expect((stored?.occupiedUntil.getTime() ?? 0) - (stored?.occupiedFrom.getTime() ?? 0)).toBe(120 * 60_000);
    expect(moved.json().data.lines.map((line: { name: string }) => line.name)).toEqual([
      expect.stringMatching(/^Detail/),
      'Pet hair removal',
    ]);
  });
});

describe('generated times and a longer job', () => {
  it('offers and books a start only where the job and its buffer end by closing time', async () => {
    await setShopWeek(t.app, {
      timeZone: 'UTC',
      hours: everyDay([['08:00', '12:00']]),
      minimumNoticeMinutes: 0,
      slotStepMinutes: 60,
    });
    const [service] = await t.app.db
      .insert(services)
      .values({ name: 'Closing detail', description: 'An hour', durationMinutes: 60, priceCents: 5000 })
      .returning();
    if (!service) throw new Error('service was not created');
    await t.app.db
      .insert(serviceClassPrices)
      .values({ serviceId: service.id, vehicleClassId: classes.suv, priceCents: 9000, durationMinutes: 180 });
    const date = businessDate('UTC', new Date(), 3);
    const times = (query: string) =>
      t.app
        .inject({ method: 'GET', url: `/api/slots/availability?service=${service.id}&date=${date}${query}` })
        .then((response) => response.json().data.map((slot: { startTime: string }) => slot.startTime));
    expect(await times('')).toEqual(['08:00', '09:00', '10:00', '11:00']);
    expect(await times(`&vehicleClass=${classes.suv}`)).toEqual(['08:00', '09:00']);
    const [late] = await t.app.db
      .select({ id: slots.id })
      .from(slots)
      .where(sql`${slots.serviceId} = ${service.id} and ${slots.date} = ${date} and ${slots.startTime} = '10:00'`);
    const refused = await book(customer, { service: service.id, slot: late?.id, vehicleClass: classes.suv });
    expect([refused.statusCode, refused.json().message]).toEqual([409, QUOTE_MESSAGES.runsPastClosing]);
    const calendar = await t.app.inject({
      method: 'GET',
      url: `/api/slots/calendar?service=${service.id}&from=${date}&to=${date}&vehicleClass=${classes.suv}`,
    });
    expect(calendar.json().data.days).toEqual([{ date, state: 'open', free: 2 }]);
  });
});

describe('the database', () => {
  /** A booking of the customer's SUV with pet hair, made through the API. */
  async function bookedJob() {
    const { service, slots: times } = await detail();
    const response = await book(customer, { service, slot: times[0], vehicle: garage.suv, addOns: [offered.petHair] });
    expect(response.statusCode).toBe(201);
    return response.json().data.booking._id as string;
  }

  const refusedBy = async (write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (error) {
      return databaseErrorOf(error)?.constraint;
    }
    return 'written';
  };

  it("refuses a price that is not its lines' sum, when the transaction commits", async () => {
    const id = await bookedJob();
    expect(
      await refusedBy(() =>
        t.app.db.transaction(async (tx) => {
          await tx
            .update(bookings)
            .set({ priceCents: sql`${bookings.priceCents} + 1` })
            .where(eq(bookings.id, id));
        }),
      ),
    ).toBe('bookings_price_is_lines_sum');
    expect(
      await refusedBy(() =>
        t.app.db.delete(bookingLines).where(sql`${bookingLines.bookingId} = ${id} and ${bookingLines.position} = 1`),
      ),
    ).toBe('bookings_price_is_lines_sum');
    // Both at once, adding up, is a change the database accepts.
    await t.app.db.transaction(async (tx) => {
      await tx
        .update(bookings)
        .set({ priceCents: sql`${bookings.priceCents} + 100` })
        .where(eq(bookings.id, id));
      await tx
        .update(bookingLines)
        .set({ priceCents: sql`${bookingLines.priceCents} + 100` })
        .where(sql`${bookingLines.bookingId} = ${id} and ${bookingLines.position} = 0`);
    });
    const [stored] = await t.app.db
      .select({ priceCents: bookings.priceCents })
      .from(bookings)
      .where(eq(bookings.id, id));
    expect(stored?.priceCents).toBe(9600);
  });

  it('refuses a vehicle of another customer, an archived vehicle and an inactive add-on', async () => {
    const id = await bookedJob();
    expect(
      await refusedBy(() => t.app.db.update(bookings).set({ vehicleId: garage.othersVan }).where(eq(bookings.id, id))),
    ).toBe('bookings_vehicle_customer_fk');
    expect(
      await refusedBy(() => t.app.db.update(bookings).set({ vehicleId: garage.sold }).where(eq(bookings.id, id))),
    ).toBe('bookings_vehicle_live');
    expect(
      await refusedBy(() =>
        t.app.db.transaction(async (tx) => {
          await tx.insert(bookingLines).values({
            bookingId: id,
            position: 2,
            kind: 'addOn',
            addOnId: offered.retired,
            name: 'Retired wax',
            priceCents: 1000,
            minutes: 10,
          });
          await tx
            .update(bookings)
            .set({ priceCents: sql`${bookings.priceCents} + 1000` })
            .where(eq(bookings.id, id));
        }),
      ),
    ).toBe('booking_lines_add_on_active');
    expect(
      await refusedBy(() =>
        t.app.db
          .update(bookingLines)
          .set({ minutes: 0 })
          .where(sql`${bookingLines.bookingId} = ${id} and ${bookingLines.position} = 0`),
      ),
    ).toBe('booking_lines_minutes_check');
  });
});

describe('a job priced for many at once', () => {
  /** The statements `price_job` run on the server's database while `work` runs, and what `work` answered. */
  async function priceReads<T>(work: () => Promise<T>): Promise<{ reads: number; answered: T }> {
    const prepare = vi.spyOn(t.app.db._.session, 'prepareQuery');
    try {
      const answered = await work();
      return { reads: prepare.mock.calls.filter((call) => call[2] === 'price_job').length, answered };
    } finally {
      prepare.mockRestore();
    }
  }

  it('reads a job asked for by several customers at once once, and reads it again once answered', async () => {
    const { service } = await detail(1);
    const job = { vehicleClassId: classes.suv, addOnIds: [offered.petHair] };

    // Two customers, the public quote (anyone's) and a visitor.
    const owners: Array<Parameters<typeof priceJob>[2]> = [customer.id, other.id, ANY_OWNER, null];

    const together = await priceReads(() =>
      Promise.all(owners.map((owner) => priceJob(t.app.db, service, owner, job))),
    );

    expect(together.reads).toBe(1);
    const [first, ...others] = together.answered;
    expect(first?.service).toMatchObject({ priceCents: 6500, classMinutes: 90 });
    expect(first?.addOns).toEqual([{ id: offered.petHair, name: 'Pet hair removal', priceCents: 3000, minutes: 30 }]);
    for (const priced of others) expect(priced).toEqual(first);

    // Forgotten once answered: the next customer reads the price as it stands.
    await t.app.db
      .update(serviceClassPrices)
      .set({ priceCents: 7000 })
      .where(eq(serviceClassPrices.serviceId, service));
    const later = await priceReads(() => priceJob(t.app.db, service, other.id, job));
    expect(later.reads).toBe(1);
    expect(later.answered.service.priceCents).toBe(7000);
  });

  it('reads a vehicle for its owner alone, even when another customer names it at the same moment', async () => {
    const { service } = await detail(1);
    const job = { vehicleId: garage.suv };

    const asked = await priceReads(() =>
      Promise.allSettled([customer.id, other.id].map((owner) => priceJob(t.app.db, service, owner, job))),
    );

    expect(asked.reads).toBe(2);
    const [owners, stranger] = asked.answered;
    expect(owners).toMatchObject({ status: 'fulfilled', value: { vehicle: { id: garage.suv, plate: 'SUV123' } } });
    expect(stranger).toMatchObject({
      status: 'rejected',
      reason: { statusCode: 404, message: VEHICLE_MESSAGES.notFound },
    });
  });
});
