import { formatInstantDay } from '@carcare/contracts/display-format';
import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { washClub } from '../../../test/wash-club';
import { memberships, membershipVehicles } from '../../db/schema';

let t: TestApp;
let club: Awaited<ReturnType<typeof washClub>>;
let staff: TestUser;
let single: string;
let family: string;
let pack: string;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  club = await washClub(t);
  staff = await signedInUser(t.app, 'staff');
  [single, family, pack] = (await club.makePlans([
    { kind: 'membership', name: 'Wash Club', priceCents: 2_999, interval: 'month' },
    { kind: 'membership', name: 'Family Club', priceCents: 4_999, interval: 'month', washes: 8, vehicles: 2 },
    { kind: 'pack', name: '10-Wash Pack', priceCents: 15_000, washes: 10, validDays: 365 },
  ])) as [string, string, string];
});
afterAll(async () => {
  await t.close();
});

const change = (caller: TestUser | null, id: string, vehicles: unknown) =>
  club.call(caller, 'PUT', `/api/memberships/${id}/vehicles`, { vehicles });
const coveredBy = async (id: string) =>
  (
    await t.database.db
      .select({ vehicleId: membershipVehicles.vehicleId })
      .from(membershipVehicles)
      .where(eq(membershipVehicles.membershipId, id))
      .orderBy(asc(membershipVehicles.addedAt))
  ).map((row) => row.vehicleId);

describe('changing the cars', () => {
  it('replaces the cars, then refuses another change for 30 days, naming the day it may change again', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const second = await club.addCar(customer, 'Yaris');
    const third = await club.addCar(customer, 'Prius');
    const id = await club.join(customer, family, [vehicle]);

    const changed = await change(customer, id, [second, third]);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe(MEMBERSHIP_MESSAGES.vehiclesChanged);
    expect(
      changed
        .json()
        .data.vehicles.map((car: { model: string }) => car.model)
        .sort(),
    ).toEqual(['Prius', 'Yaris']);
    expect((await coveredBy(id)).sort()).toEqual([second, third].sort());
    const changedAt = (await club.stored(id)).vehicleChangedAt;
    expect(changedAt).toBeInstanceOf(Date);

    const { settings } = t.app.shop.current();
    const day = formatInstantDay(
      new Date((changedAt as Date).getTime() + 30 * DAY_MS),
      settings.timeZone,
      t.config.business.locale,
    );
    const tooSoon = await change(customer, id, [vehicle]);
    expect([tooSoon.statusCode, tooSoon.json().message]).toEqual([409, MEMBERSHIP_MESSAGES.vehicleChangeTooSoon(day)]);
    expect(tooSoon.json().message).toMatch(/^The cars of this membership can change again from \w{3} \d{1,2}, \d{4}$/);
    expect((await coveredBy(id)).sort()).toEqual([second, third].sort());

    // Thirty days on, it changes again.
    await t.database.db
      .update(memberships)
      .set({ vehicleChangedAt: new Date(Date.now() - 30 * DAY_MS - 1000) })
      .where(eq(memberships.id, id));
    expect((await change(customer, id, [vehicle])).statusCode).toBe(200);
    expect(await coveredBy(id)).toEqual([vehicle]);
  });

  it('takes one of two changes made at once: the other is told to wait', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const second = await club.addCar(customer, 'Yaris');
    const third = await club.addCar(customer, 'Prius');
    const id = await club.join(customer, single, [vehicle]);
    const answers = await Promise.all([change(customer, id, [second]), change(customer, id, [third])]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((answer) => answer.statusCode === 200);
    expect(await coveredBy(id)).toEqual([won?.json().data.vehicles[0]._id]);
  });

  it('changes the car of a pack too', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const other = await club.addCar(customer, 'Camry');
    const id = await club.join(customer, pack, [vehicle]);
    const changed = await change(customer, id, [other]);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ status: 'active', vehicles: [{ _id: other, model: 'Camry' }] });
  });

  it('is refused for cars not the member’s, too many, none, repeated, the same, or already in the plan, storing nothing', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const second = await club.addCar(customer, 'Yaris');
    const id = await club.join(customer, single, [vehicle]);
    const inPlan = await club.addCar(customer, 'Aygo');
    await club.join(customer, single, [inPlan]);
    const stranger = await club.customerWithCar();

    const cases: Array<[unknown, number, string]> = [
      [[stranger.vehicle], 400, MEMBERSHIP_MESSAGES.vehicleUnknown],
      [[second, vehicle], 400, MEMBERSHIP_MESSAGES.tooManyVehicles(1)],
      [[], 400, MEMBERSHIP_MESSAGES.vehiclesRequired],
      [[second, second], 400, MEMBERSHIP_MESSAGES.vehiclesRepeated],
      [['not-an-id'], 400, MEMBERSHIP_MESSAGES.vehiclesInvalid],
      [[vehicle], 409, MEMBERSHIP_MESSAGES.vehiclesUnchanged],
      [[inPlan], 409, MEMBERSHIP_MESSAGES.alreadyMember],
    ];
    for (const [vehicles, status, message] of cases) {
      const refused = await change(customer, id, vehicles);
      expect([refused.statusCode, refused.json().message], JSON.stringify(vehicles)).toEqual([status, message]);
    }
    expect(await coveredBy(id)).toEqual([vehicle]);
    expect((await club.stored(id)).vehicleChangedAt).toBeNull();

    await club.call(club.admin, 'POST', `/api/memberships/${id}/end`);
    const ended = await change(customer, id, [second]);
    expect([ended.statusCode, ended.json().message]).toEqual([409, MEMBERSHIP_MESSAGES.notActive]);
  });

  it('is the member’s own: a visitor is asked to sign in, the shop is refused, another customer finds nothing', async () => {
    const { customer, vehicle } = await club.customerWithCar();
    const id = await club.join(customer, single, [vehicle]);
    const stranger = await club.customerWithCar();
    expect((await change(null, id, [vehicle])).statusCode).toBe(401);
    expect((await change(staff, id, [vehicle])).statusCode).toBe(403);
    expect((await change(club.admin, id, [vehicle])).statusCode).toBe(403);
    const theirs = await change(stranger.customer, id, [stranger.vehicle]);
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, MEMBERSHIP_MESSAGES.notFound]);
    expect(await coveredBy(id)).toEqual([vehicle]);
  });
});
