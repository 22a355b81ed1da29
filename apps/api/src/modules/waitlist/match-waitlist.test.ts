import { WAITLIST_LEFT_REASON } from '@carcare/contracts/waitlist-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  daysOfOwn,
  mailsTo,
  paidBooking,
  serviceWithSlots,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../../../test/helper';
import { everyDay, setShopWeek } from '../../../test/shop-hours';
import { bookings, waitlistEntries, waitlistOffers } from '../../db/schema';
import { expireStaleHolds } from '../bookings/public';
import { type MatchContext, matchWaitlist } from './match-waitlist';
import type { OfferNotice } from './notify-offer';
import { matchContextOf } from './waitlist-job';

let t: TestApp;
// A day of its own for each service, within the shop's booking horizon.
const nextDay = daysOfOwn();
const told: OfferNotice[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // No generated times: the suites' own hand-made slots are the only times offered.
  await setShopWeek(t.app, { hours: everyDay([]) });
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;
const context = (): MatchContext => {
  const real = matchContextOf(t.app);
  return {
    ...real,
    notify: async (offer) => {
      told.push(offer);
      await real.notify(offer);
    },
  };
};
const match = (now: Date) => matchWaitlist(t.app.db, context(), now);
const sweep = (now: Date) => expireStaleHolds(t.app.db, t.app.payments, t.app.log, now);

/** A one-slot service whose only time a customer has booked and paid for. */
async function fullService() {
  const made = await serviceWithSlots(t.app, { slotCount: 1, daysAhead: nextDay() });
  const slot = made.slots[0];
  if (!slot) throw new Error('no slot');
  const holder = await signedInUser(t.app);
  const booked = await paidBooking(t.app, holder, made.service.id, slot.id);
  return { serviceId: made.service.id, slot, holder, bookingId: booked.id };
}

async function joined(customer: TestUser, serviceId: string, date: string, from = '07:00', to = '10:00') {
  const response = await t.app.inject(
    asUser(customer, {
      method: 'POST',
      url: '/api/waitlist',
      payload: { service: serviceId, windows: [{ date, from, to }] },
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id as string;
}

async function cancel(customer: TestUser, bookingId: string) {
  const response = await t.app.inject(
    asUser(customer, { method: 'POST', url: `/api/bookings/${bookingId}/cancel`, payload: {} }),
  );
  expect(response.statusCode, response.body).toBe(200);
}

const entry = async (id: string) =>
  (await t.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0];
const offersOf = (entryId: string) => t.app.db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entryId));
const booking = async (id: string) => (await t.app.db.select().from(bookings).where(eq(bookings.id, id)))[0];

describe('matching freed times with the waitlist', () => {
  it('offers nothing while the time is taken, then holds the freed time for the oldest entry, emailing the link', async () => {
    const full = await fullService();
    const first = await signedInUser(t.app);
    const second = await signedInUser(t.app);
    const firstEntry = await joined(first, full.serviceId, full.slot.date);
    const secondEntry = await joined(second, full.serviceId, full.slot.date);
    expect((await match(new Date())).offered).toEqual([]);

    await cancel(full.holder, full.bookingId);
    const now = new Date();
    const outcome = await match(now);
    expect(outcome.offered).toHaveLength(1);
    const [offer] = await offersOf(firstEntry);
    expect(offer).toMatchObject({ status: 'open', startsAt: full.slot.startsAt });
    expect(offer?.expiresAt).toEqual(new Date(now.getTime() + 15 * MINUTE));
    expect((await entry(firstEntry))?.status).toBe('offered');
    expect((await entry(secondEntry))?.status).toBe('waiting');
    expect(await booking(offer?.bookingId ?? '')).toMatchObject({
      status: 'pending',
      payWith: 'link',
      bookedBy: null,
      customerId: first.id,
      slotId: full.slot.id,
      holdExpiresAt: new Date(now.getTime() + 15 * MINUTE),
    });
    const notice = told.at(-1);
    expect(notice).toMatchObject({ date: full.slot.date, startTime: '08:00', heldUntil: offer?.expiresAt });
    expect(notice?.paymentUrl).toMatch(/\/pay\//);
    const [mail] = mailsTo(t.config.dataDir, first.email);
    expect(mail?.replace(/=\r?\n/g, '')).toContain(notice?.paymentUrl.split('/pay/')[1]);
    // Another run makes no second offer.
    expect((await match(new Date(now.getTime() + MINUTE))).offered).toEqual([]);
    expect(await offersOf(secondEntry)).toEqual([]);
  });

  it('lets an unanswered offer lapse and passes the time to the next entry, never offering it twice', async () => {
    const full = await fullService();
    const first = await signedInUser(t.app);
    const second = await signedInUser(t.app);
    const firstEntry = await joined(first, full.serviceId, full.slot.date);
    const secondEntry = await joined(second, full.serviceId, full.slot.date);
    await cancel(full.holder, full.bookingId);
    const now = new Date();
    await match(now);
    const [firstOffer] = await offersOf(firstEntry);

    // Still held a minute before it lapses.
    expect(await sweep(new Date(now.getTime() + 14 * MINUTE))).toBe(0);
    expect((await match(new Date(now.getTime() + 14 * MINUTE))).offered).toEqual([]);

    // (Earlier tests' offers lapse too: this suite's database is shared.)
    const later = new Date(now.getTime() + 15 * MINUTE);
    expect(await sweep(later)).toBeGreaterThanOrEqual(1);
    expect((await booking(firstOffer?.bookingId ?? ''))?.status).toBe('cancel');
    const outcome = await match(later);
    expect(outcome.lapsed).toBeGreaterThanOrEqual(1);
    expect(outcome.offered.map((offer) => offer.entryId)).toContain(secondEntry);
    expect((await offersOf(firstEntry)).map((offer) => [offer.id, offer.status])).toEqual([[firstOffer?.id, 'lapsed']]);
    expect((await entry(firstEntry))?.status).toBe('waiting');
    expect((await entry(secondEntry))?.status).toBe('offered');

    const last = new Date(later.getTime() + 15 * MINUTE);
    await sweep(last);
    const after = await match(last);
    expect(after.lapsed).toBeGreaterThanOrEqual(1);
    expect(after.offered.map((offer) => offer.entryId)).not.toContain(firstEntry);
    expect(await offersOf(firstEntry)).toHaveLength(1);
    expect(await offersOf(secondEntry)).toHaveLength(1);
    expect((await entry(firstEntry))?.status).toBe('waiting');
    expect((await entry(secondEntry))?.status).toBe('waiting');
  });

  it('records the offer taken and the entry booked once its booking is paid', async () => {
    const full = await fullService();
    const customer = await signedInUser(t.app);
    const entryId = await joined(customer, full.serviceId, full.slot.date);
    await cancel(full.holder, full.bookingId);
    await match(new Date());
    const [open] = await offersOf(entryId);
    const paymentUrl = told.find((notice) => notice.date === full.slot.date && notice.paymentUrl)?.paymentUrl ?? '';
    expect(open?.status).toBe('open');
    const paid = await t.app.inject({ method: 'POST', url: `/pay/${paymentUrl.split('/pay/')[1]}/pay` });
    expect(paid.statusCode).toBe(303);
    // Read at once, before any run has decided the offer: the customer who just paid reads Booked.
    expect((await offersOf(entryId))[0]?.status).toBe('open');
    const justPaid = await t.app.inject(asUser(customer, { method: 'GET', url: '/api/waitlist/mine' }));
    expect(justPaid.json().data[0]).toMatchObject({ status: 'booked', offer: { status: 'taken', paymentUrl: null } });
    const outcome = await match(new Date());
    expect(outcome.taken).toBeGreaterThanOrEqual(1);
    const [offer] = await offersOf(entryId);
    expect(offer?.status).toBe('taken');
    expect(offer?.decidedAt).toBeInstanceOf(Date);
    expect((await entry(entryId))?.status).toBe('booked');
    expect((await booking(offer?.bookingId ?? ''))?.status).toBe('confirm');
    const mine = await t.app.inject(asUser(customer, { method: 'GET', url: '/api/waitlist/mine' }));
    expect(mine.json().data[0]).toMatchObject({ status: 'booked', offer: { status: 'taken', paymentUrl: null } });
  });

  it('withdraws an open offer and frees its time when the customer leaves, and the next entry gets it', async () => {
    const full = await fullService();
    const leaver = await signedInUser(t.app);
    const next = await signedInUser(t.app);
    const leaverEntry = await joined(leaver, full.serviceId, full.slot.date);
    const nextEntry = await joined(next, full.serviceId, full.slot.date);
    await cancel(full.holder, full.bookingId);
    await match(new Date());
    const mine = await t.app.inject(asUser(leaver, { method: 'GET', url: '/api/waitlist/mine' }));
    expect(mine.json().data[0]).toMatchObject({
      status: 'offered',
      offer: { status: 'open', date: full.slot.date, startTime: '08:00' },
    });
    expect(mine.json().data[0].offer.paymentUrl).toMatch(/\/pay\//);

    const left = await t.app.inject(asUser(leaver, { method: 'DELETE', url: `/api/waitlist/${leaverEntry}` }));
    expect(left.statusCode).toBe(200);
    const [withdrawn] = await offersOf(leaverEntry);
    expect(withdrawn?.status).toBe('withdrawn');
    expect(await booking(withdrawn?.bookingId ?? '')).toMatchObject({
      status: 'cancel',
      cancelReason: WAITLIST_LEFT_REASON,
    });
    const outcome = await match(new Date());
    expect(outcome.offered.map((offer) => offer.entryId)).toContain(nextEntry);
  });

  it('offers only times inside the windows and never a time that has started', async () => {
    const full = await fullService();
    const late = await signedInUser(t.app);
    const tooLate = await joined(late, full.serviceId, full.slot.date, '09:00', '12:00');
    await cancel(full.holder, full.bookingId);
    await match(new Date());
    expect(await offersOf(tooLate)).toEqual([]);
    const waiting = await signedInUser(t.app);
    const inWindow = await joined(waiting, full.serviceId, full.slot.date);
    await match(new Date(full.slot.startsAt.getTime() + MINUTE));
    expect(await offersOf(inWindow)).toEqual([]);
    expect(await offersOf(tooLate)).toEqual([]);
  });

  it('expires entries whose every preferred day has passed', async () => {
    const full = await fullService();
    const customer = await signedInUser(t.app);
    const entryId = await joined(customer, full.serviceId, full.slot.date);
    const outcome = await match(new Date(full.slot.startsAt.getTime() + 2 * 24 * 60 * MINUTE));
    expect(outcome.expired).toBeGreaterThanOrEqual(1);
    expect((await entry(entryId))?.status).toBe('expired');
  });
});
