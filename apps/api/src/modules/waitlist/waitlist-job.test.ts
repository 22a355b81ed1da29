import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  daysOfOwn,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  type TestApp,
} from '../../../test/helper';
import { bookings, users, waitlistOffers } from '../../db/schema';

let t: TestApp;
// A day of its own for each service, within the shop's booking horizon.
const nextDay = daysOfOwn();

beforeAll(async () => {
  // The timers are on but far apart: only the runs as the server became ready, and the kicks, match and text.
  t = await createTestApp({
    waitlist: { matchIntervalMs: 3_600_000 },
    texts: { sendIntervalMs: 3_600_000, quietHours: '' },
  });
});
afterAll(async () => {
  await t.close();
});

/** The texts in the outbox to `number`: its files, each the number, a blank line and the words. */
function textsTo(number: string): string[] {
  const folder = path.join(t.config.dataDir, 'outbox', 'sms');
  let files: string[] = [];
  try {
    files = readdirSync(folder).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(folder, file), 'utf8'))
    .filter((text) => text.startsWith(`To: ${number}\n`));
}

const waitFor = async (done: () => Promise<boolean> | boolean) => {
  for (let attempt = 0; attempt < 100 && !(await done()); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('the waitlist job', () => {
  it('offers a time freed by a cancellation within seconds, without waiting for its timer, and texts its link', async () => {
    const made = await serviceWithSlots(t.app, { slotCount: 1, daysAhead: nextDay() });
    const slot = made.slots[0];
    if (!slot) throw new Error('no slot');
    const holder = await signedInUser(t.app);
    const booked = await paidBooking(t.app, holder, made.service.id, slot.id);
    const waiting = await signedInUser(t.app);
    const number = '+14155550142';
    await t.app.db.update(users).set({ phone: number, textsAcceptedAt: new Date() }).where(eq(users.id, waiting.id));
    const joined = await t.app.inject(
      asUser(waiting, {
        method: 'POST',
        url: '/api/waitlist',
        payload: { service: made.service.id, windows: [{ date: slot.date, from: '07:00', to: '10:00' }] },
      }),
    );
    expect(joined.statusCode).toBe(201);
    const entryId = joined.json().data._id as string;
    const offers = () => t.app.db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entryId));
    expect(await offers()).toEqual([]);

    const cancelled = await t.app.inject(
      asUser(holder, { method: 'POST', url: `/api/bookings/${booked.id}/cancel`, payload: {} }),
    );
    expect(cancelled.statusCode).toBe(200);
    await waitFor(async () => (await offers()).length > 0);
    const [offer] = await offers();
    expect([offer?.status, offer?.startsAt]).toEqual(['open', slot.startsAt]);

    // The offer's text reaches the outbox from the sender woken by it, with the held booking's payment link.
    await waitFor(() => textsTo(number).length > 0);
    const [text] = textsTo(number);
    const [held] = await t.app.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, offer?.bookingId ?? ''));
    expect(held?.status).toBe('pending');
    expect(held?.customerId).toBe(waiting.id);
    expect(text).toMatch(/is free and held for you until .+\. Book and pay: https?:\/\/\S+\/pay\/\S+/);
  });
});
