import { asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedCards } from '../../src/db/schema';
import { storeSavedCard } from '../../src/modules/bookings/checkout/saved-cards';
import { createTestApp, signedInUser, type TestApp } from '../helper';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const card = (customerId: string, n: number) => ({
  sessionId: `cs_race_${customerId}_${n}`,
  customerId,
  customerRef: 'cus_race',
  paymentMethodRef: `pm_race_${customerId}_${n}`,
  brand: 'visa',
  last4: String(4240 + n),
});

describe("a customer's card on file on PostgreSQL", () => {
  it('keeps one live card when several are reported at once, and every card once', async () => {
    expect(t.database.kind).toBe('postgres');
    const customer = await signedInUser(t.app);
    const reports = Array.from({ length: 6 }, (_, n) => card(customer.id, n));

    // Each card reported twice, all at once, as webhook retries overlapping their first delivery.
    const stored = await Promise.all(
      [...reports, ...reports].map((report) => storeSavedCard(t.database.db, 'stripe', report)),
    );

    expect(stored.filter(({ cardId }) => cardId !== undefined)).toHaveLength(6);
    const rows = await t.database.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.customerId, customer.id))
      .orderBy(asc(savedCards.paymentMethodRef));
    expect(rows.map((row) => row.paymentMethodRef)).toEqual(reports.map((report) => report.paymentMethodRef));
    const live = await t.database.db
      .select()
      .from(savedCards)
      .where(isNull(savedCards.removedAt))
      .then((all) => all.filter((row) => row.customerId === customer.id));
    expect(live).toHaveLength(1);
  });
});
