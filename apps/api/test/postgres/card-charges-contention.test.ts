import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bays, ledgerEntries, services, slots } from '../../src/db/schema';
import { insertBookings } from '../booking-rows';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser, utcSlotRow } from '../helper';
import { customerWithSandboxCard } from '../saved-card';

let t: TestApp;
let admin: TestUser;
let version: number;
let serviceId: string;
let bayId: string;

const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, 'admin');
  const saved = await t.app.inject(
    asUser(admin, {
      method: 'PUT',
      url: '/api/settings',
      payload: {
        paymentPolicy: {
          deposit: { kind: 'percent', amount: 20, minimum: 10 },
          noShowFee: { kind: 'fixed', amount: 20 },
          lateCancellation: { kind: 'refuse', fee: { kind: 'none', amount: 0 } },
        },
      },
    }),
  );
  version = saved.json().data.policyVersion;
  const [service] = await t.database.db
    .insert(services)
    .values({ name: 'Race Detail', description: 'Race Detail description', durationMinutes: 60, priceCents: 4_550 })
    .returning();
  serviceId = service?.id ?? '';
  const [bay] = await t.database.db.select().from(bays).limit(1);
  bayId = bay?.id ?? '';
});
afterAll(async () => {
  await t.close();
});

/** A customer who saved the sandbox's card that always succeeds. */
const customerWithCard = () => customerWithSandboxCard(t, 'succeeds');

let hours = 0;
/** A confirmed $45.50 booking of the customer, paid at the shop, under the terms, started `hours` ago. */
async function booking(customer: TestUser) {
  hours += 2;
  const startsAt = new Date(Date.now() - hours * HOUR);
  const [slot] = await t.database.db
    .insert(slots)
    .values(utcSlotRow(serviceId, startsAt, new Date(startsAt.getTime() + HOUR)))
    .returning();
  const [row] = await insertBookings(t.database.db, [
    {
      customerId: customer.id,
      serviceId,
      slotId: slot?.id ?? '',
      bayId,
      occupiedFrom: startsAt,
      occupiedUntil: new Date(startsAt.getTime() + HOUR),
      priceCents: 4_550,
      status: 'confirm',
      payment: 'unpaid',
      payWith: 'card',
      policyVersion: version,
    },
  ]);
  return row?.id ?? '';
}

const ledgerOf = (bookingId: string) =>
  t.database.db
    .select({ kind: ledgerEntries.kind, method: ledgerEntries.method, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.createdAt));

describe('on PostgreSQL, the card on file', () => {
  it('is charged the balance once when two desks press at once', async () => {
    const customer = await customerWithCard();
    const bookingId = await booking(customer);
    const desks = [await signedInUser(t.app, 'staff'), await signedInUser(t.app, 'staff'), admin];
    const answers = await Promise.all(
      desks.map((desk) =>
        t.app.inject(asUser(desk, { method: 'POST', url: `/api/bookings/${bookingId}/charge-card`, payload: {} })),
      ),
    );
    // Each desk is told it is charged (the same charge, by its key) or that nothing is due any more.
    for (const answer of answers) {
      if (answer.statusCode === 200) expect(answer.json().data).toMatchObject({ balanceDue: 0, payment: 'paid' });
      else expect(answer.json()).toEqual({ success: false, message: FRONT_DESK_MESSAGES.nothingDue });
    }
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    expect(await ledgerOf(bookingId)).toEqual([{ kind: 'full', method: 'card_on_file', amountCents: 4_550 }]);
  });

  it('gives a waived fee back once when two desks waive it at once', async () => {
    const customer = await customerWithCard();
    const bookingId = await booking(customer);
    const staff = await signedInUser(t.app, 'staff');
    const marked = await t.app.inject(asUser(staff, { method: 'POST', url: `/api/bookings/${bookingId}/no-show` }));
    const [fee] = marked.json().data.fees;
    expect(fee).toMatchObject({ status: 'charged', amount: 20 });
    const answers = await Promise.all(
      [staff, admin].map((desk) =>
        t.app.inject(
          asUser(desk, {
            method: 'POST',
            url: `/api/bookings/${bookingId}/fees/${fee._id}/waive`,
            payload: { reason: 'A regular' },
          }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await ledgerOf(bookingId)).toEqual([
      { kind: 'fee', method: 'card_on_file', amountCents: 2_000 },
      { kind: 'refund', method: 'card_on_file', amountCents: -2_000 },
    ]);
  });
});
