import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, paidBooking, serviceWithSlots, signedInUser, type TestApp } from '../../../test/helper';
import { waitlistOffers } from '../../db/schema';

let t: TestApp;

beforeAll(async () => {
  // The timer is on but far apart: only the run as the server became ready, and the kicks, match.
  t = await createTestApp({ waitlist: { matchIntervalMs: 3_600_000 } });
});
afterAll(async () => {
  await t.close();
});

describe('the waitlist job', () => {
  it('offers a time freed by a cancellation within seconds, without waiting for its timer', async () => {
    const made = await serviceWithSlots(t.app, { slotCount: 1 });
    const slot = made.slots[0];
    if (!slot) throw new Error('no slot');
    const holder = await signedInUser(t.app);
    const booked = await paidBooking(t.app, holder, made.service.id, slot.id);
    const waiting = await signedInUser(t.app);
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
    for (let attempt = 0; attempt < 100 && (await offers()).length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await offers()).map((offer) => [offer.status, offer.startsAt])).toEqual([['open', slot.startsAt]]);
  });
});
