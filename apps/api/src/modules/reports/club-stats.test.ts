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
import { bays, membershipEvents, membershipPayments, memberships, plans, redemptions } from '../../db/schema';

let t: TestApp;
let admin: TestUser;

const DAY = 86_400_000;
/** The overview's period: the days from 2026-03-02 to 2026-03-08, in UTC. */
const IN = new Date('2026-03-04T12:00:00Z');
const BEFORE = new Date('2026-02-20T12:00:00Z');
const AFTER = new Date('2026-03-20T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  const customer = await signedInUser(t.app);
  const made = await t.database.db
    .insert(plans)
    .values([
      { kind: 'membership', name: 'Monthly Club', priceCents: 3_000, interval: 'month' },
      { kind: 'membership', name: 'Yearly Club', priceCents: 24_000, interval: 'year' },
      { kind: 'pack', name: 'Five Pack', priceCents: 10_000, washes: 5, validDays: 90 },
    ])
    .returning({ id: plans.id });
  const [monthly, yearly, pack] = made.map((plan) => plan.id) as [string, string, string];
  const member = (planId: string, fields: Partial<typeof memberships.$inferInsert>) => ({
    planId,
    customerId: customer.id,
    status: 'active' as const,
    periodStart: BEFORE,
    periodEnd: new Date(Date.now() + 30 * DAY),
    ...fields,
  });
  const rows = await t.database.db
    .insert(memberships)
    .values([
      // Live at the period's end: $30 + $240/12 = $50 a month; the given one bills nothing.
      member(monthly, { createdAt: BEFORE }),
      member(yearly, { createdAt: IN }),
      member(monthly, { createdAt: IN, comped: true }),
      // Ended inside the period: not live at its end, counted as cancelled.
      member(monthly, { createdAt: BEFORE, status: 'ended', endedAt: IN }),
      // Joined after it, and one that never paid: neither counts.
      member(monthly, { createdAt: AFTER }),
      member(monthly, { createdAt: IN, status: 'pending', periodStart: null, periodEnd: null }),
      // A pack is no recurring revenue.
      member(pack, { createdAt: IN }),
    ])
    .returning({ id: memberships.id });
  const [first, second] = rows.map((row) => row.id) as [string, string];
  await t.database.db.insert(membershipPayments).values([
    { membershipId: first, kind: 'subscription', method: 'online', amountCents: 3_000, createdAt: IN },
    { membershipId: second, kind: 'subscription', method: 'online', amountCents: 24_000, createdAt: IN },
    { membershipId: first, kind: 'subscription', method: 'online', amountCents: 3_000, createdAt: BEFORE },
  ]);
  await t.database.db.insert(membershipEvents).values([
    { provider: 'sandbox', eventId: 'evt_failed_in', type: 'invoice.payment_failed', appliedAt: IN },
    { provider: 'sandbox', eventId: 'evt_paid_in', type: 'invoice.paid', appliedAt: IN },
    { provider: 'sandbox', eventId: 'evt_failed_after', type: 'invoice.payment_failed', appliedAt: AFTER },
  ]);
  // Two washes of the period, one of them given back.
  const { service, slots } = await serviceWithSlots(t.app, { name: 'Counted Wash', slotCount: 2 });
  const [bay] = await t.database.db.select().from(bays).limit(1);
  const booked = await insertBookings(
    t.database.db,
    (slots ?? []).map((slot) => ({
      customerId: customer.id,
      serviceId: service.id,
      slotId: slot.id,
      bayId: bay?.id ?? '',
      occupiedFrom: slot.startsAt,
      occupiedUntil: slot.endsAt,
      priceCents: 4_550,
      status: 'confirm' as const,
    })),
  );
  await t.database.db.insert(redemptions).values(
    booked.map((booking, index) => ({
      membershipId: first,
      bookingId: booking.id,
      periodStart: BEFORE,
      day: `2026-03-0${4 + index}`,
      createdAt: IN,
      returnedAt: index === 0 ? null : IN,
    })),
  );
});
afterAll(async () => {
  await t.close();
});

describe("the overview's wash club", () => {
  it('sums what live memberships bill a month, members joined and left, failed renewals, washes and money', async () => {
    const response = await t.app.inject(
      asUser(admin, { method: 'GET', url: '/api/admin/overview?from=2026-03-02&to=2026-03-08' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.current.club).toEqual({
      recurringRevenue: 50,
      activeMembers: 3,
      newMembers: 3,
      cancelledMembers: 1,
      failedPayments: 1,
      washesUsed: 1,
      collected: 270,
    });
    // The week before: only the monthly member joined then, and the ended one, both live at its end.
    expect(response.json().data.previous.club).toEqual({
      recurringRevenue: 60,
      activeMembers: 2,
      newMembers: 0,
      cancelledMembers: 0,
      failedPayments: 0,
      washesUsed: 0,
      collected: 0,
    });
  });
});
