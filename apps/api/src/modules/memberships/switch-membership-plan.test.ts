import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { washClub } from '../../../test/wash-club';
import { addInterval } from './sandbox-billing';
import { proratedCharge } from './sandbox-changes';

let t: TestApp;
let club: Awaited<ReturnType<typeof washClub>>;
let staff: TestUser;
let basic: string;
let single: string;
let family: string;
let yearly: string;
let pack: string;
let retired: string;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  club = await washClub(t);
  staff = await signedInUser(t.app, 'staff');
  [basic, single, family, yearly, pack, retired] = (await club.makePlans([
    { kind: 'membership', name: 'Basic Club', priceCents: 999, interval: 'month', washes: 2 },
    { kind: 'membership', name: 'Wash Club', priceCents: 2_999, interval: 'month' },
    { kind: 'membership', name: 'Family Club', priceCents: 4_999, interval: 'month', washes: 8, vehicles: 2 },
    { kind: 'membership', name: 'Yearly Club', priceCents: 29_900, interval: 'year' },
    { kind: 'pack', name: '10-Wash Pack', priceCents: 15_000, washes: 10, validDays: 365 },
    { kind: 'membership', name: 'Old Club', priceCents: 1_999, interval: 'month', retiredAt: new Date() },
  ])) as [string, string, string, string, string, string];
});
afterAll(async () => {
  await t.close();
});

const switchTo = (caller: TestUser | null, id: string, payload: object) =>
  club.call(caller, 'POST', `/api/memberships/${id}/switch`, payload);

describe('the unused part of a period', () => {
  it('is credited against the new price; a credit larger than it gives nothing back', () => {
    const periodStart = new Date('2030-06-01T00:00:00Z');
    const periodEnd = new Date('2030-07-01T00:00:00Z');
    const at = (day: number) => new Date(periodStart.getTime() + day * DAY_MS);
    // A third of June used: two thirds of $30.00 credited against $50.00.
    expect(proratedCharge({ currentCents: 3_000, newCents: 5_000, periodStart, periodEnd, at: at(10) })).toBe(3_000);
    expect(proratedCharge({ currentCents: 3_000, newCents: 5_000, periodStart, periodEnd, at: at(0) })).toBe(2_000);
    expect(proratedCharge({ currentCents: 3_000, newCents: 5_000, periodStart, periodEnd, at: at(30) })).toBe(5_000);
    expect(proratedCharge({ currentCents: 3_000, newCents: 1_000, periodStart, periodEnd, at: at(10) })).toBe(0);
  });
});

describe('switching plans', () => {
  it('credits the unused part, charges the rest now, restarts the period at the new plan, then renews at its price', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const id = await club.join(customer, single, [vehicle]);
    await club.moveClock(10);
    const before = await club.read(customer, id);

    const switched = await switchTo(customer, id, { plan: family });
    expect(switched.statusCode).toBe(200);
    const { data } = switched.json();
    expect(switched.json().message).toBe(MEMBERSHIP_MESSAGES.switched);
    const at = new Date(data.periodStart);
    expect(data).toMatchObject({
      status: 'active',
      plan: { _id: family, name: 'Family Club', price: 49.99, washes: 8 },
      periodEnd: addInterval(at, 'month').toISOString(),
      washesLeft: 8,
    });
    const charge = proratedCharge({
      currentCents: 2_999,
      newCents: 4_999,
      periodStart: new Date(before.periodStart),
      periodEnd: new Date(before.periodEnd),
      at,
    });
    expect(charge).toBeGreaterThan(4_999 - 2_999);
    expect(charge).toBeLessThan(4_999);
    expect(await club.paymentsOf(id)).toEqual([
      expect.objectContaining({ kind: 'subscription', amountCents: 2_999 }),
      { kind: 'subscription', amountCents: charge, periodStart: at },
    ]);
    expect((await club.stored(id)).planId).toBe(family);
    expect(await club.subscriptionOf(id)).toMatchObject({ amountCents: 4_999, interval: 'month' });

    await club.moveClockPast(data.periodEnd);
    expect((await club.paymentsOf(id)).at(-1)).toEqual({
      kind: 'subscription',
      amountCents: 4_999,
      periodStart: new Date(data.periodEnd),
    });
  });

  it('moves to a yearly plan, its period a year from now', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const id = await club.join(customer, single, [vehicle]);
    const switched = await switchTo(customer, id, { plan: yearly });
    expect(switched.statusCode).toBe(200);
    const at = new Date(switched.json().data.periodStart);
    expect(switched.json().data).toMatchObject({
      plan: { interval: 'year' },
      periodEnd: addInterval(at, 'year').toISOString(),
    });
    expect(await club.subscriptionOf(id)).toMatchObject({ amountCents: 29_900, interval: 'year' });
  });

  it('to a cheaper plan early in the period charges nothing and gives nothing back', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const id = await club.join(customer, single, [vehicle]);
    const switched = await switchTo(customer, id, { plan: basic });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toMatchObject({ plan: { name: 'Basic Club' }, washesLeft: 2 });
    expect(await club.paymentsOf(id)).toEqual([expect.objectContaining({ amountCents: 2_999 })]);
  });

  it('with a card that declines the charge, leaves the membership as it was', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const id = await club.join(customer, single, [vehicle], 'declines');
    const before = await club.read(customer, id);
    const refused = await switchTo(customer, id, { plan: family });
    expect([refused.statusCode, refused.json().message]).toEqual([409, MEMBERSHIP_MESSAGES.switchDeclined]);
    expect(await club.read(customer, id)).toEqual(before);
    expect((await club.stored(id)).planId).toBe(single);
    expect(await club.subscriptionOf(id)).toMatchObject({ amountCents: 2_999 });
    expect(await club.paymentsOf(id)).toHaveLength(1);
  });

  it('is refused for a pack, a pack or retired or unknown plan, the same plan, too many cars, a pause or an ending', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const second = await club.addCar(customer, 'Yaris');
    const id = await club.join(customer, single, [vehicle]);
    const packId = await club.join(customer, pack, [vehicle]);
    const familyId = await club.join(customer, family, [vehicle, second]);
    const paused = await club.customerWithCar();
    const pausedId = await club.join(paused.customer, single, [paused.vehicle]);
    await club.call(paused.customer, 'POST', `/api/memberships/${pausedId}/pause`, { months: 1 });
    const ending = await club.customerWithCar();
    const endingId = await club.join(ending.customer, single, [ending.vehicle]);
    await club.call(ending.customer, 'POST', `/api/memberships/${endingId}/cancel`);

    const cases: Array<[TestUser, string, object, number, string]> = [
      [customer, id, {}, 400, MEMBERSHIP_MESSAGES.planNotFound],
      [customer, id, { plan: 'basic' }, 400, MEMBERSHIP_MESSAGES.planNotFound],
      [customer, id, { plan: '00000000-0000-4000-8000-000000000000' }, 404, MEMBERSHIP_MESSAGES.planNotFound],
      [customer, id, { plan: retired }, 409, MEMBERSHIP_MESSAGES.planRetired],
      [customer, id, { plan: pack }, 409, MEMBERSHIP_MESSAGES.switchToMembership],
      [customer, id, { plan: single }, 409, MEMBERSHIP_MESSAGES.samePlan],
      [customer, packId, { plan: single }, 409, MEMBERSHIP_MESSAGES.packNotSwitchable],
      [customer, familyId, { plan: basic }, 409, MEMBERSHIP_MESSAGES.tooManyVehicles(1)],
      [paused.customer, pausedId, { plan: family }, 409, MEMBERSHIP_MESSAGES.switchWhilePaused],
      [ending.customer, endingId, { plan: family }, 409, MEMBERSHIP_MESSAGES.alreadyEnding],
    ];
    for (const [caller, membership, payload, status, message] of cases) {
      const refused = await switchTo(caller, membership, payload);
      expect([refused.statusCode, refused.json().message], JSON.stringify(payload)).toEqual([status, message]);
    }
    for (const [membership, plan] of [
      [id, single],
      [packId, pack],
      [familyId, family],
      [pausedId, single],
      [endingId, single],
    ] as const) {
      expect((await club.stored(membership)).planId).toBe(plan);
      expect(await club.paymentsOf(membership)).toHaveLength(1);
    }
  });

  it('keeps a car in one membership of a plan', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const id = await club.join(customer, single, [vehicle]);
    await club.join(customer, basic, [vehicle]);
    const refused = await switchTo(customer, id, { plan: basic });
    expect([refused.statusCode, refused.json().message]).toEqual([409, MEMBERSHIP_MESSAGES.alreadyMember]);
    expect((await club.stored(id)).planId).toBe(single);
  });

  it('is the member’s own: a visitor is asked to sign in, the shop is refused, another customer finds nothing', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const id = await club.join(customer, single, [vehicle]);
    const stranger = await club.customerWithCar();
    expect((await switchTo(null, id, { plan: family })).statusCode).toBe(401);
    expect((await switchTo(staff, id, { plan: family })).statusCode).toBe(403);
    expect((await switchTo(club.admin, id, { plan: family })).statusCode).toBe(403);
    const theirs = await switchTo(stranger.customer, id, { plan: family });
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, MEMBERSHIP_MESSAGES.notFound]);
    expect((await club.stored(id)).planId).toBe(single);
  });
});
