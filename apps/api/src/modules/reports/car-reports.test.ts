import { BOOKING_EXPORT_COLUMNS } from '@carcare/contracts/reports-constants';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AddOnLine, insertBookings } from '../../../test/booking-rows';
import {
  asUser,
  createTestApp,
  signedInUser,
  storedCustomer,
  type TestApp,
  type TestUser,
  utcSlotRow,
} from '../../../test/helper';
import { addOns, bays, payments, refunds, services, slots, vehicleClasses, vehicles } from '../../db/schema';

/** A shop on UTC with one wash, two classes and two add-ons, a customer's SUV, and a week of paid and unpaid bookings. */
let t: TestApp;
let admin: TestUser;
const ids: Record<string, string> = {};

const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  const db = t.app.db;
  const [bay] = await db.select().from(bays);
  const [wash] = await db
    .insert(services)
    .values({ name: 'Foam Wash', description: 'An hour', durationMinutes: 60, priceCents: 5000 })
    .returning();
  const [sedan, suv] = await db
    .insert(vehicleClasses)
    .values([
      { name: 'Sedan', sortOrder: 1, isDefault: true },
      { name: 'SUV', sortOrder: 2 },
    ])
    .returning();
  const [petHair, engineBay] = await db
    .insert(addOns)
    .values([
      { name: 'Pet hair', priceCents: 2500, extraMinutes: 20, sortOrder: 1 },
      { name: 'Engine bay', priceCents: 1500, extraMinutes: 15, sortOrder: 2 },
    ])
    .returning();
  const customer = await storedCustomer(t.app, { firstName: 'Car', lastName: 'Owner', email: 'car@example.com' });
  if (!bay || !wash || !sedan || !suv || !petHair || !engineBay) throw new Error('the shop was not set up');
  Object.assign(ids, { sedan: sedan.id, suv: suv.id, petHair: petHair.id, engineBay: engineBay.id });
  const [rav4] = await db
    .insert(vehicles)
    .values({
      customerId: customer.id,
      vehicleClassId: suv.id,
      make: 'Toyota',
      model: 'RAV4',
      year: 2021,
      colour: 'blue',
      plate: 'AB12CD',
      plateRegion: 'CA',
    })
    .returning();
  if (!rav4) throw new Error('the vehicle was not stored');
  const pet: AddOnLine = { addOnId: petHair.id, name: 'Pet hair', priceCents: 2500, minutes: 20 };
  const engine: AddOnLine = { addOnId: engineBay.id, name: 'Engine bay', priceCents: 1500, minutes: 15 };

  /** A booking of the wash on its own hour of `date`, priced by `vehicleClass` with the add-ons given. */
  let hour = 0;
  const booking = async (
    date: string,
    priceCents: number,
    vehicleClass: { id: string; name: string } | null,
    payment: 'paid' | 'unpaid',
    lines: AddOnLine[] = [],
    vehicle?: typeof rav4,
    /** Minutes the job runs past its slot: a class with a longer duration, or the add-ons' time. */
    overrunMinutes = 0,
  ) => {
    hour += 1;
    const startsAt = new Date(Date.parse(`${date}T00:00:00Z`) + hour * HOUR);
    const [slot] = await db
      .insert(slots)
      .values(utcSlotRow(wash.id, startsAt, new Date(startsAt.getTime() + HOUR)))
      .returning();
    if (!slot) throw new Error('slot was not created');
    const [row] = await insertBookings(db, [
      {
        customerId: customer.id,
        serviceId: wash.id,
        slotId: slot.id,
        bayId: bay.id,
        occupiedFrom: slot.startsAt,
        occupiedUntil: new Date(slot.endsAt.getTime() + overrunMinutes * 60_000),
        priceCents,
        status: payment === 'paid' ? 'completed' : 'pending',
        payment,
        vehicleClassId: vehicleClass?.id ?? null,
        vehicleClassName: vehicleClass?.name ?? null,
        addOns: lines,
        ...(vehicle
          ? {
              vehicleId: vehicle.id,
              vehiclePlate: vehicle.plate,
              vehicle: {
                make: vehicle.make,
                model: vehicle.model,
                year: vehicle.year,
                colour: vehicle.colour,
                plate: vehicle.plate,
                plateRegion: vehicle.plateRegion,
                nickname: vehicle.nickname,
              },
            }
          : {}),
      },
    ]);
    // A paid booking's checkout was paid: the database writes its money into the ledger.
    if (row && payment === 'paid') {
      const [checkout] = await db
        .insert(payments)
        .values({
          bookingId: row.id,
          provider: 'sandbox',
          sessionId: `car-${hour}`,
          amountCents: priceCents,
          currency: 'USD',
        })
        .returning();
      await db
        .update(payments)
        .set({ status: 'paid' })
        .where(eq(payments.id, checkout?.id ?? ''));
    }
    return row?.id ?? '';
  };

  ids.withVehicle = await booking('2026-03-02', 9500, suv, 'paid', [pet], rav4);
  const refunded = await booking('2026-03-03', 11000, suv, 'paid', [pet, engine]);
  ids.withClass = await booking('2026-03-04', 5000, sedan, 'paid');
  ids.plain = await booking('2026-03-05', 4000, null, 'paid');
  ids.twoAddOns = refunded;
  // The SUV's 75 minutes on an hour's slot with pet hair's 20 more: the bay is taken for 95.
  await booking('2026-03-10', 9500, suv, 'paid', [pet], undefined, 35);
  // And an hour still free that evening, so that the day offers more than the job takes.
  const evening = new Date('2026-03-10T20:00:00Z');
  await db.insert(slots).values(utcSlotRow(wash.id, evening, new Date(evening.getTime() + HOUR)));
  // Unpaid, and in the week before: neither is counted.
  await booking('2026-03-06', 8500, suv, 'unpaid', [engine]);
  await booking('2026-02-25', 9500, suv, 'paid', [pet]);
  await db.insert(refunds).values({ bookingId: refunded, provider: 'sandbox', amountCents: 3000, status: 'refunded' });
});

afterAll(async () => {
  await t.close();
});

const overview = async (range: string) => {
  const response = await t.app.inject(asUser(admin, { method: 'GET', url: `/api/admin/overview?${range}` }));
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

describe("the overview's cars", () => {
  it("gives the period's revenue by class, refunds taken off, most revenue first; no class last here", async () => {
    const data = await overview('from=2026-03-02&to=2026-03-08');
    expect(data.revenueByClass).toEqual([
      // 95 + 110 − 30 refunded.
      { vehicleClass: { _id: ids.suv, name: 'SUV' }, revenue: 175, bookings: 2 },
      { vehicleClass: { _id: ids.sedan, name: 'Sedan' }, revenue: 50, bookings: 1 },
      { vehicleClass: null, revenue: 40, bookings: 1 },
    ]);
    // The classes add up to the period's revenue.
    expect(data.current.revenue).toBe(265);
  });

  it("gives the add-ons' attach rate and revenue over paid bookings, each add-on most revenue first", async () => {
    const data = await overview('from=2026-03-02&to=2026-03-08');
    expect(data.addOns).toEqual({
      // Two of the four paid bookings took an add-on.
      attachRate: 0.5,
      revenue: 65,
      byAddOn: [
        { addOn: { _id: ids.petHair, name: 'Pet hair' }, bookings: 2, revenue: 50 },
        { addOn: { _id: ids.engineBay, name: 'Engine bay' }, bookings: 1, revenue: 15 },
      ],
    });
  });

  it('shows no classes, no add-on revenue and no attach rate for a period without paid bookings', async () => {
    const data = await overview('from=2026-04-01&to=2026-04-07');
    expect(data.revenueByClass).toEqual([]);
    expect(data.addOns).toEqual({ attachRate: null, revenue: 0, byAddOn: [] });
  });

  it("counts a job's own minutes in the occupancy, not its slot's", async () => {
    const data = await overview('from=2026-03-10&to=2026-03-10');
    expect(data.current.occupancy).toMatchObject({ bookedMinutes: 95, openMinutes: 120 });
  });

  it('counts a period with paid bookings and no add-ons at an attach rate of 0', async () => {
    const data = await overview('from=2026-03-04&to=2026-03-05');
    expect(data.addOns).toEqual({ attachRate: 0, revenue: 0, byAddOn: [] });
  });
});

describe("the bookings CSV's car columns", () => {
  it('give the vehicle, its plate, the class and the add-ons after the columns that were there', async () => {
    const response = await t.app.inject(
      asUser(admin, { method: 'GET', url: '/api/bookings/export.csv?search=car%40example.com' }),
    );
    expect(response.statusCode).toBe(200);
    const rows: string[][] = parse(response.body);
    expect(rows[0]?.slice(14, 19)).toEqual(['Currency', 'Vehicle', 'Plate', 'Class', 'Add-ons']);
    const car = (id: string | undefined) => {
      const row = rows.find((candidate) => candidate[0] === id) ?? [];
      const field = (column: (typeof BOOKING_EXPORT_COLUMNS)[number]) => row[BOOKING_EXPORT_COLUMNS.indexOf(column)];
      return [field('Vehicle'), field('Plate'), field('Class'), field('Add-ons')];
    };
    expect(car(ids.withVehicle)).toEqual(['2021 Toyota RAV4, blue', 'AB12CD', 'SUV', 'Pet hair']);
    expect(car(ids.twoAddOns)).toEqual(['', '', 'SUV', 'Pet hair; Engine bay']);
    expect(car(ids.withClass)).toEqual(['', '', 'Sedan', '']);
    expect(car(ids.plain)).toEqual(['', '', '', '']);
    // Its money, from the ledger: 110 paid, 30 given back.
    const money = (id: string | undefined) => {
      const row = rows.find((candidate) => candidate[0] === id) ?? [];
      return (['Paid', 'Balance', 'Fees'] as const).map((column) => row[BOOKING_EXPORT_COLUMNS.indexOf(column)]);
    };
    expect(money(ids.twoAddOns)).toEqual(['80.00', '30.00', '0.00']);
    expect(money(ids.plain)).toEqual(['40.00', '0.00', '0.00']);
  });
});
