import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import {
  bookings,
  memberships,
  membershipVehicles,
  planServices,
  plans,
  redemptions,
  services,
  shopSettings,
  slots,
  users,
  vehicleClasses,
  vehicles,
} from '../../src/db/schema';
import { asUser, createPostgresDatabase, createTestApp, serviceWithSlots, signedInUser, utcSlotRow } from '../helper';
import { postJson, registerCustomers, type ServerProcess, startInstances } from '../server-process';
import { everyDay } from '../shop-hours';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A membership in good standing for the customer's car, paid for this month: given, so nothing bills it. */
async function activeMembership(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  input: { customerId: string; vehicleId: string; planId: string },
) {
  const [membership] = await db
    .insert(memberships)
    .values({
      planId: input.planId,
      customerId: input.customerId,
      status: 'active',
      comped: true,
      periodStart: new Date(Date.now() - DAY),
      periodEnd: new Date(Date.now() + 30 * DAY),
    })
    .returning({ id: memberships.id });
  await db.insert(membershipVehicles).values({ membershipId: membership?.id ?? '', vehicleId: input.vehicleId });
  return membership?.id ?? '';
}

describe("a membership's last wash on PostgreSQL", () => {
  it('goes to one of eight bookings made at once; the others are refused or paid as usual', async () => {
    const t = await createTestApp();
    try {
      const customer = await signedInUser(t.app);
      const [sedan] = await t.database.db
        .insert(vehicleClasses)
        .values({ name: 'Sedan', sortOrder: 1, isDefault: true })
        .returning({ id: vehicleClasses.id });
      const car = await t.app.inject(
        asUser(customer, {
          method: 'POST',
          url: '/api/vehicles',
          payload: { vehicleClass: sedan?.id, make: 'Kia', model: 'Ceed' },
        }),
      );
      const vehicleId = car.json().data._id;
      const [plan] = await t.database.db
        .insert(plans)
        .values({ kind: 'membership', name: 'One Wash Club', priceCents: 1_000, interval: 'month', washes: 1 })
        .returning({ id: plans.id });
      // Eight days of a covered service: one wash a day would allow each, one a month allows one.
      const days = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          serviceWithSlots(t.app, { name: `Race Wash ${n}`, priceCents: 2_000, daysAhead: 5 + n, slotCount: 1 }),
        ),
      );
      await t.database.db
        .insert(planServices)
        .values(days.map(({ service }) => ({ planId: plan?.id ?? '', serviceId: service.id })));
      const membershipId = await activeMembership(t.database.db, {
        customerId: customer.id,
        vehicleId,
        planId: plan?.id ?? '',
      });

      const answers = await Promise.all(
        days.map(({ service, slots: [slot] }) =>
          t.app.inject(
            asUser(customer, {
              method: 'POST',
              url: '/api/bookings',
              payload: { service: service.id, slot: slot?.id, vehicle: vehicleId },
            }),
          ),
        ),
      );
      const free = answers.filter((answer) => answer.statusCode === 201 && answer.json().data.booking.total === 0);
      const paid = answers.filter((answer) => answer.statusCode === 201 && answer.json().data.booking.total === 20);
      const refused = answers.filter((answer) => answer.statusCode === 409);
      expect(free).toHaveLength(1);
      expect(free.length + paid.length + refused.length).toBe(8);
      expect(refused.map((answer) => answer.json().message)).toEqual(
        refused.map(() => MEMBERSHIP_MESSAGES.noWashesLeft),
      );
      const counted = await t.database.db.select().from(redemptions).where(eq(redemptions.membershipId, membershipId));
      expect(counted.map((wash) => wash.bookingId)).toEqual([free[0]?.json().data.booking._id]);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('two API processes booking one car’s day at once', () => {
  it('count one wash of the day: the other booking is refused', async () => {
    const postgres = await createPostgresDatabase();
    const direct = await openDatabase({ kind: 'postgres', url: postgres.url });
    let stop = async () => {};
    try {
      await direct.migrate();
      await direct.db.insert(shopSettings).values({
        businessName: 'Twin Club',
        address: '1 Loop Road',
        phone: '+44 20 7946 0958',
        email: 'club@example.com',
        timeZone: 'UTC',
        currency: 'USD',
        cancellationCutoffHours: 24,
        paymentHoldMinutes: 15,
        reminderHoursBefore: 24,
        bookingHorizonDays: 30,
        minimumNoticeMinutes: 0,
        slotStepMinutes: 60,
        hours: everyDay([['00:00', '24:00']]),
      });
      const [service] = await direct.db
        .insert(services)
        .values({ name: 'Club Wash', description: 'Covered', durationMinutes: 60, priceCents: 2_000 })
        .returning();
      const serviceId = service?.id ?? '';
      // Two times of one day, three days ahead.
      const day = new Date(Math.floor((Date.now() + 3 * DAY) / DAY) * DAY);
      const made = await direct.db
        .insert(slots)
        .values([
          utcSlotRow(serviceId, new Date(day.getTime() + 9 * HOUR), new Date(day.getTime() + 10 * HOUR)),
          utcSlotRow(serviceId, new Date(day.getTime() + 14 * HOUR), new Date(day.getTime() + 15 * HOUR)),
        ])
        .returning({ id: slots.id });
      const [sedan] = await direct.db
        .insert(vehicleClasses)
        .values({ name: 'Sedan', sortOrder: 1, isDefault: true })
        .returning({ id: vehicleClasses.id });
      const [plan] = await direct.db
        .insert(plans)
        .values({ kind: 'membership', name: 'Daily Club', priceCents: 3_900, interval: 'month' })
        .returning({ id: plans.id });
      await direct.db.insert(planServices).values({ planId: plan?.id ?? '', serviceId });

      const instances = await startInstances(2, {
        DATABASE_URL: postgres.url,
        SEED_DEMO_DATA: 'false',
        JWT_SECRET: 'a-shared-secret-for-both-instances-of-the-api',
      });
      stop = instances.stop;
      const [a, b] = instances.servers as [ServerProcess, ServerProcess];
      const [token] = await registerCustomers([a.base], 'club-racer', 1);
      const car = await postJson(
        a.base,
        '/api/vehicles',
        { vehicleClass: sedan?.id, make: 'Ford', model: 'Focus' },
        token,
      );
      expect(car.status).toBe(201);
      const [customer] = await direct.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'club-racer0@example.com'));
      await activeMembership(direct.db, {
        customerId: customer?.id ?? '',
        vehicleId: car.body.data._id,
        planId: plan?.id ?? '',
      });

      const [first, second] = await Promise.all(
        [a, b].map((server, n) =>
          postJson(
            server.base,
            '/api/bookings',
            { service: serviceId, slot: made[n]?.id, vehicle: car.body.data._id },
            token,
          ),
        ),
      );
      const outcomes = [first, second].map((answer) => [answer?.status, answer?.body.message]);
      expect(outcomes).toContainEqual([409, MEMBERSHIP_MESSAGES.dayWashUsed]);
      const won = [first, second].find((answer) => answer?.status === 201);
      expect(won?.body.data.booking).toMatchObject({ total: 0, status: 'confirm', membership: { name: 'Daily Club' } });
      expect(await direct.db.select().from(redemptions).where(isNull(redemptions.returnedAt))).toHaveLength(1);
      expect(await direct.db.select().from(bookings)).toHaveLength(1);
      expect(await direct.db.select().from(vehicles)).toHaveLength(1);
    } finally {
      await stop();
      await direct.close();
      await postgres.drop();
    }
  }, 180_000);
});
