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
import { addOns, bays, refunds, services, slots, vehicleClasses } from '../../db/schema';

/** A shop on UTC with one wash, two classes and two add-ons, and a week of paid and unpaid bookings. */
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
        occupiedUntil: slot.endsAt,
        priceCents,
        status: payment === 'paid' ? 'completed' : 'pending',
        payment,
        vehicleClassId: vehicleClass?.id ?? null,
        vehicleClassName: vehicleClass?.name ?? null,
        addOns: lines,
      },
    ]);
    return row?.id ?? '';
  };

  await booking('2026-03-02', 9500, suv, 'paid', [pet]);
  const refunded = await booking('2026-03-03', 11000, suv, 'paid', [pet, engine]);
  await booking('2026-03-04', 5000, sedan, 'paid');
  await booking('2026-03-05', 4000, null, 'paid');
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

  it('counts a period with paid bookings and no add-ons at an attach rate of 0', async () => {
    const data = await overview('from=2026-03-04&to=2026-03-05');
    expect(data.addOns).toEqual({ attachRate: 0, revenue: 0, byAddOn: [] });
  });
});
