import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, services } from '../../src/db/schema';
import { asUser, createTestApp, serviceWithSlots, signedInUser, type TestApp, type TestUser } from '../helper';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let version: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  staff = await signedInUser(t.app, 'staff');
  // A $15 fee for a cancellation after the cut-off, which at 30 days makes every booking here late.
  const saved = await t.app.inject(
    asUser(admin, {
      method: 'PUT',
      url: '/api/settings',
      payload: {
        cancellationCutoffHours: 720,
        paymentPolicy: {
          deposit: { kind: 'percent', amount: 20, minimum: 10 },
          noShowFee: { kind: 'none', amount: 0 },
          lateCancellation: { kind: 'fee', fee: { kind: 'fixed', amount: 15 } },
        },
      },
    }),
  );
  version = saved.json().data.policyVersion;
});
afterAll(async () => {
  await t.close();
});

/** A customer's $120 booking paid in full online under the terms, the card kept with the payment. */
async function paidBooking(customer: TestUser, daysAhead: number) {
  const { service, slots } = await serviceWithSlots(t.app, {
    name: `Race Detail ${daysAhead}`,
    priceCents: 12_000,
    daysAhead,
  });
  await t.database.db.update(services).set({ paymentMode: 'full' }).where(eq(services.id, service.id));
  const created = await t.app.inject(
    asUser(customer, {
      method: 'POST',
      url: '/api/bookings',
      payload: { service: service.id, slot: slots[0]?.id, acceptPolicy: version },
    }),
  );
  expect(created.statusCode).toBe(201);
  const session = String(created.json().data.payment_url).split('/pay/')[1];
  const paid = await t.app.inject({
    method: 'POST',
    url: `/pay/${session}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'card=succeeds',
  });
  expect(paid.statusCode).toBe(303);
  return created.json().data.booking._id as string;
}

const ledgerOf = (bookingId: string) =>
  t.database.db
    .select({ kind: ledgerEntries.kind, method: ledgerEntries.method, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));

describe('on PostgreSQL, a late cancellation racing the shop’s', () => {
  it('cancels once: one refund of what was paid, the fee only when the customer’s won, and the sum right', async () => {
    for (let round = 0; round < 4; round += 1) {
      const customer = await signedInUser(t.app);
      const bookingId = await paidBooking(customer, 5 + round);
      const [mine, shops] = await Promise.all([
        t.app.inject(asUser(customer, { method: 'POST', url: `/api/bookings/${bookingId}/cancel` })),
        t.app.inject(
          asUser(staff, {
            method: 'POST',
            url: `/api/bookings/${bookingId}/cancel`,
            payload: { reason: 'Weather' },
          }),
        ),
      ]);
      const statuses = [mine.statusCode, shops.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = mine.statusCode === 409 ? mine : shops;
      expect([BOOKING_MESSAGES.cancelInProgress, BOOKING_MESSAGES.alreadyEnded.cancel]).toContain(loser.json().message);

      const rows = await ledgerOf(bookingId);
      const refunds = rows.filter((row) => row.kind === 'refund');
      const fees = rows.filter((row) => row.kind === 'fee');
      expect(refunds).toEqual([{ kind: 'refund', method: 'online', amountCents: -12_000 }]);
      expect(fees).toEqual(
        mine.statusCode === 200 ? [{ kind: 'fee', method: 'card_on_file', amountCents: 1_500 }] : [],
      );
      const sum = rows.reduce((total, row) => total + row.amountCents, 0);
      expect(sum).toBe(mine.statusCode === 200 ? 1_500 : 0);
      const shown = await t.app.inject(asUser(admin, { method: 'GET', url: `/api/bookings/${bookingId}` }));
      expect(shown.json().data).toMatchObject({ status: 'cancel', amountPaid: sum / 100, balanceDue: 0 });
    }
  }, 60_000);
});
