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
import { bays, waitlistEntries, waitlistOffers } from '../../db/schema';

let t: TestApp;
let admin: TestUser;

/** The overview's period: the days from 2026-03-02 to 2026-03-08, in UTC. */
const IN = new Date('2026-03-04T12:00:00Z');
const BEFORE = new Date('2026-02-26T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  const customer = await signedInUser(t.app);
  const { service, slots } = await serviceWithSlots(t.app, { name: 'Won Back Wash', slotCount: 4 });
  const [bay] = await t.database.db.select().from(bays).limit(1);
  // Four offers: taken in the period (two, one of them cancelled since), taken the week before, and lapsed.
  const kinds = [
    { status: 'confirm' as const, offer: 'taken' as const, decidedAt: IN, priceCents: 4_550 },
    { status: 'cancel' as const, offer: 'taken' as const, decidedAt: IN, priceCents: 9_900 },
    { status: 'confirm' as const, offer: 'taken' as const, decidedAt: BEFORE, priceCents: 3_000 },
    { status: 'cancel' as const, offer: 'lapsed' as const, decidedAt: IN, priceCents: 7_000 },
  ];
  const booked = await insertBookings(
    t.database.db,
    slots.map((slot, index) => ({
      customerId: customer.id,
      serviceId: service.id,
      slotId: slot.id,
      bayId: bay?.id ?? '',
      occupiedFrom: slot.startsAt,
      occupiedUntil: slot.endsAt,
      priceCents: kinds[index]?.priceCents ?? 0,
      status: kinds[index]?.status ?? 'confirm',
    })),
  );
  for (const [index, booking] of booked.entries()) {
    const kind = kinds[index];
    if (!kind) continue;
    const [entry] = await t.database.db
      .insert(waitlistEntries)
      .values({ customerId: customer.id, serviceId: service.id, status: kind.offer === 'taken' ? 'booked' : 'waiting' })
      .returning({ id: waitlistEntries.id });
    await t.database.db.insert(waitlistOffers).values({
      entryId: entry?.id ?? '',
      bookingId: booking.id,
      startsAt: booking.occupiedFrom,
      expiresAt: kind.decidedAt,
      status: kind.offer,
      decidedAt: kind.decidedAt,
    });
  }
});
afterAll(async () => {
  await t.close();
});

describe("the overview's waitlist", () => {
  it('counts the bookings won back in the period, still booked, and what they cost', async () => {
    const response = await t.app.inject(
      asUser(admin, { method: 'GET', url: '/api/admin/overview?from=2026-03-02&to=2026-03-08' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.current.waitlist).toEqual({ bookingsWonBack: 1, revenueWonBack: 45.5 });
    expect(response.json().data.previous.waitlist).toEqual({ bookingsWonBack: 1, revenueWonBack: 30 });
  });
});
