import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mailsTo, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { washClub } from '../../../test/wash-club';
import { memberships } from '../../db/schema';
import { addMonths } from './sandbox-billing';

let t: TestApp;
let club: Awaited<ReturnType<typeof washClub>>;
let staff: TestUser;
let monthly: string;
let yearly: string;
let pack: string;

beforeAll(async () => {
  t = await createTestApp();
  club = await washClub(t);
  staff = await signedInUser(t.app, 'staff');
  [monthly, yearly, pack] = (await club.makePlans([
    { kind: 'membership', name: 'Wash Club', priceCents: 2_999, interval: 'month' },
    { kind: 'membership', name: 'Yearly Club', priceCents: 29_900, interval: 'year' },
    { kind: 'pack', name: '10-Wash Pack', priceCents: 15_000, washes: 10, validDays: 365 },
  ])) as [string, string, string];
});
afterAll(async () => {
  await t.close();
});

const pause = (caller: TestUser | null, id: string, payload: object) =>
  club.call(caller, 'POST', `/api/memberships/${id}/pause`, payload);
const resume = (caller: TestUser | null, id: string) => club.call(caller, 'POST', `/api/memberships/${id}/resume`);
const iso = (instant: Date) => instant.toISOString();

describe('pausing a monthly membership', () => {
  it('pauses at the end of the paid period for the months chosen, bills nothing and washes nothing, then renews on its own', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const id = await club.join(customer, monthly, [vehicle]);
    const before = await club.read(customer, id);
    const pausedUntil = addMonths(new Date(before.periodEnd), 2);

    const paused = await pause(customer, id, { months: 2 });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({
      message: MEMBERSHIP_MESSAGES.paused,
      data: { status: 'active', periodEnd: before.periodEnd, pausedUntil: iso(pausedUntil) },
    });
    expect((await club.stored(id)).pausedUntil).toEqual(pausedUntil);
    expect((await club.subscriptionOf(id)).pausedUntil).toEqual(pausedUntil);

    // The paid period ends: paused, nothing billed, and the car washes under it no more.
    await club.moveClockPast(before.periodEnd);
    expect(await club.read(customer, id)).toMatchObject({
      status: 'paused',
      periodEnd: before.periodEnd,
      pausedUntil: iso(pausedUntil),
    });
    expect(await club.paymentsOf(id)).toHaveLength(1);
    const plate = (await club.read(customer, id)).vehicles as Array<{ plate: string }>;
    const lookup = await club.call(staff, 'GET', `/api/memberships/lookup?plate=${plate[0]?.plate}`);
    expect(lookup.json().data).toMatchObject({ member: false, membership: { status: 'paused' } });

    // The pause ends: a new month is billed from its end, and it washes again.
    await club.moveClockPast(pausedUntil);
    expect(await club.read(customer, id)).toMatchObject({
      status: 'active',
      pausedUntil: null,
      periodStart: iso(pausedUntil),
      periodEnd: iso(addMonths(pausedUntil, 1)),
    });
    expect(await club.paymentsOf(id)).toEqual([
      expect.objectContaining({ kind: 'subscription', amountCents: 2_999 }),
      { kind: 'subscription', amountCents: 2_999, periodStart: pausedUntil },
    ]);
  });

  it('is refused for bad months, a pack, a yearly plan, one already paused, ending or unpaid, storing nothing', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const id = await club.join(customer, monthly, [vehicle]);
    for (const payload of [{ months: 0 }, { months: 4 }, { months: 1.5 }, { months: '2' }, {}]) {
      const refused = await pause(customer, id, payload);
      expect([refused.statusCode, refused.json().errors?.[0]?.message]).toEqual([400, 'months must be 1, 2 or 3']);
    }
    expect((await club.stored(id)).pausedUntil).toBeNull();

    const packId = await club.join(customer, pack, [vehicle]);
    const yearlyId = await club.join(customer, yearly, [vehicle]);
    const ending = await club.customerWithCar();
    const endingId = await club.join(ending.customer, monthly, [ending.vehicle]);
    await club.call(ending.customer, 'POST', `/api/memberships/${endingId}/cancel`);
    const failing = await club.customerWithCar();
    const failingId = await club.join(failing.customer, monthly, [failing.vehicle], 'declines');
    await t.database.db.update(memberships).set({ status: 'past_due' }).where(eq(memberships.id, failingId));

    const cases: Array<[TestUser, string, number, string]> = [
      [customer, packId, 409, MEMBERSHIP_MESSAGES.packNotPausable],
      [customer, yearlyId, 409, MEMBERSHIP_MESSAGES.yearlyNotPausable],
      [ending.customer, endingId, 409, MEMBERSHIP_MESSAGES.alreadyEnding],
      [failing.customer, failingId, 409, MEMBERSHIP_MESSAGES.notActive],
    ];
    for (const [caller, membership, status, message] of cases) {
      const refused = await pause(caller, membership, { months: 1 });
      expect([refused.statusCode, refused.json().message]).toEqual([status, message]);
      expect((await club.stored(membership)).pausedUntil).toBeNull();
    }

    expect((await pause(customer, id, { months: 1 })).statusCode).toBe(200);
    const again = await pause(customer, id, { months: 3 });
    expect([again.statusCode, again.json().message]).toEqual([409, MEMBERSHIP_MESSAGES.alreadyPaused]);
    expect((await club.stored(id)).pausedUntil).toEqual(addMonths((await club.stored(id)).periodEnd as Date, 1));
  });

  it('is the member’s own: a visitor is asked to sign in, the shop is refused, another customer finds nothing', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const id = await club.join(customer, monthly, [vehicle]);
    const stranger = await club.customerWithCar();
    expect((await pause(null, id, { months: 1 })).statusCode).toBe(401);
    expect((await pause(staff, id, { months: 1 })).statusCode).toBe(403);
    expect((await pause(club.admin, id, { months: 1 })).statusCode).toBe(403);
    const theirs = await pause(stranger.customer, id, { months: 1 });
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, MEMBERSHIP_MESSAGES.notFound]);
    expect((await resume(null, id)).statusCode).toBe(401);
    expect((await resume(staff, id)).statusCode).toBe(403);
    expect((await resume(club.admin, id)).statusCode).toBe(403);
    expect((await resume(stranger.customer, id)).statusCode).toBe(404);
    expect((await club.stored(id)).pausedUntil).toBeNull();
  });
});

describe('resuming', () => {
  it('ends a pause under way now: a new period is billed from the sandbox’s now', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const id = await club.join(customer, monthly, [vehicle]);
    await pause(customer, id, { months: 3 });
    const scheduledEnd = (await club.stored(id)).pausedUntil as Date;
    await club.moveClockPast((await club.read(customer, id)).periodEnd);
    expect((await club.read(customer, id)).status).toBe('paused');

    const resumed = await resume(customer, id);
    expect(resumed.statusCode).toBe(200);
    const { data } = resumed.json();
    expect(resumed.json().message).toBe(MEMBERSHIP_MESSAGES.resumed);
    expect(data).toMatchObject({ status: 'active', pausedUntil: null });
    const restarted = new Date(data.periodStart);
    expect(data.periodEnd).toBe(iso(addMonths(restarted, 1)));
    expect(await club.paymentsOf(id)).toEqual([
      expect.objectContaining({ amountCents: 2_999 }),
      { kind: 'subscription', amountCents: 2_999, periodStart: restarted },
    ]);
    // The next renewal is a month after the restart, well before the pause would have ended.
    expect(addMonths(restarted, 1) < scheduledEnd).toBe(true);
    await club.moveClockPast(addMonths(restarted, 1));
    expect((await club.paymentsOf(id)).map((payment) => payment.periodStart)).toEqual([
      expect.any(Date),
      restarted,
      addMonths(restarted, 1),
    ]);
    const again = await resume(customer, id);
    expect([again.statusCode, again.json().message]).toEqual([409, MEMBERSHIP_MESSAGES.notPaused]);
  });

  it('calls off a pause not yet begun: nothing is charged and the membership renews as usual', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const id = await club.join(customer, monthly, [vehicle]);
    await pause(customer, id, { months: 1 });
    const calledOff = await resume(customer, id);
    expect(calledOff.statusCode).toBe(200);
    expect(calledOff.json()).toMatchObject({
      message: MEMBERSHIP_MESSAGES.pauseCalledOff,
      data: { status: 'active', pausedUntil: null },
    });
    expect((await club.subscriptionOf(id)).pausedUntil).toBeNull();
    expect(await club.paymentsOf(id)).toHaveLength(1);
    const { periodEnd } = await club.read(customer, id);
    await club.moveClockPast(periodEnd);
    expect(await club.read(customer, id)).toMatchObject({ status: 'active', periodStart: periodEnd });
    expect(await club.paymentsOf(id)).toHaveLength(2);
  });

  it('with a card that declines, leaves the membership past due and emails the card link', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const id = await club.join(customer, monthly, [vehicle], 'declines');
    await pause(customer, id, { months: 2 });
    await club.moveClockPast((await club.read(customer, id)).periodEnd);
    const resumed = await resume(customer, id);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({ status: 'past_due', pausedUntil: null, failedPayments: 1 });
    expect(await club.paymentsOf(id)).toHaveLength(1);
    await t.app.backgroundTasks.settled();
    expect(mailsTo(t.config.dataDir, customer.email).some((mail) => mail.includes('we could not renew'))).toBe(true);
  });
});
