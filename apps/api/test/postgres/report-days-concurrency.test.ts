import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { bays, reportChanges, reportDayHours, reportDayOffers, reportDays, slots } from '../../src/db/schema';
import { refreshReportDays } from '../../src/modules/reports/booking-stats';
import { insertBookings } from '../booking-rows';
import { createTestApp, storedCustomer, type TestApp, utcSlotRow } from '../helper';

let t: TestApp;
/** Two more connection pools on the same database: two instances reading the overview. */
let instances: DatabaseHandle[] = [];

beforeAll(async () => {
  t = await createTestApp();
  instances = await Promise.all(
    ['a', 'b'].map(() => openDatabase({ kind: 'postgres', url: t.databaseUrl ?? '', poolSize: 3 })),
  );
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await t.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function dailyFigures() {
  const db = t.app.db;
  return {
    days: await db
      .select()
      .from(reportDays)
      .orderBy(asc(reportDays.day), asc(reportDays.serviceId), asc(reportDays.status)),
    hours: await db.select().from(reportDayHours).orderBy(asc(reportDayHours.day), asc(reportDayHours.hour)),
    offers: await db.select().from(reportDayOffers).orderBy(asc(reportDayOffers.day)),
  };
}

describe("the overview's daily figures on PostgreSQL", () => {
  it('end exactly as a full recomputation after writers and two refreshing instances raced', async () => {
    const db = t.app.db;
    const [service] = await db
      .execute(sql`insert into services (name, description, duration_minutes, price_cents)
                   values ('Race Wash', 'An hour', 60, 4000) returning id`)
      .then((result) => (result as unknown as { rows: Array<{ id: string }> }).rows);
    const [bay] = await db.select().from(bays).limit(1);
    if (!service || !bay) throw new Error('the shop was not set up');
    const customer = await storedCustomer(t.app, { firstName: 'Race', lastName: 'Driver', email: 'race@example.com' });
    // Six past days, four hours each, every hour booked and paid.
    const start = Math.floor((Date.now() - 10 * DAY) / DAY) * DAY + 9 * HOUR;
    const slotRows = await db
      .insert(slots)
      .values(
        Array.from({ length: 24 }, (_, n) => {
          const startsAt = new Date(start + Math.floor(n / 4) * DAY + (n % 4) * HOUR);
          return utcSlotRow(service.id, startsAt, new Date(startsAt.getTime() + HOUR));
        }),
      )
      .returning();
    const booked = await insertBookings(
      db,
      slotRows.map((slot) => ({
        customerId: customer.id,
        serviceId: service.id,
        slotId: slot.id,
        bayId: bay.id,
        occupiedFrom: slot.startsAt,
        occupiedUntil: slot.endsAt,
        priceCents: 4000,
        status: 'confirm' as const,
        payment: 'paid' as const,
      })),
    );
    await refreshReportDays(db);

    // Eight writers change bookings' outcomes and close or open slots while both instances refresh.
    const outcomes = ['completed', 'no_show', 'cancel', 'confirm'] as const;
    let writing = true;
    const writers = Array.from({ length: 8 }, async (_, writer) => {
      for (let step = 0; step < 20; step++) {
        const booking = booked[(writer * 7 + step * 5) % booked.length];
        const slot = slotRows[(writer * 3 + step) % slotRows.length];
        if (!booking || !slot) continue;
        await db.transaction(async (tx) => {
          await tx.execute(
            sql`update bookings set status = ${outcomes[(writer + step) % outcomes.length]} where id = ${booking.id}`,
          );
          await tx.execute(
            sql`update slots set status = ${step % 3 === 0 ? 'cancel' : 'available'} where id = ${slot.id}`,
          );
        });
      }
    });
    const refreshers = instances.map(async (instance) => {
      let rounds = 0;
      while (writing || rounds === 0) {
        await refreshReportDays(instance.db);
        rounds += 1;
      }
      return rounds;
    });
    await Promise.all(writers);
    writing = false;
    const rounds = await Promise.all(refreshers);
    expect(rounds.every((count) => count >= 1)).toBe(true);

    // The next read folds in whatever was committed last; nothing is left logged.
    await refreshReportDays(instances[0]?.db ?? db);
    expect(await db.select().from(reportChanges)).toEqual([]);
    const raced = await dailyFigures();

    // Against the bookings themselves...
    const expected = await db.execute(sql`
      select s.date as day, count(*) filter (where b.status = 'completed')::int as completed,
             count(*) filter (where b.status = 'cancel')::int as cancelled
      from bookings b join slots s on s.id = b.slot_id group by s.date order by s.date`);
    const direct = (expected as unknown as { rows: Array<{ day: string; completed: number; cancelled: number }> }).rows;
    const fromFigures = (status: string) => (day: string) =>
      raced.days.filter((row) => row.day === day && row.status === status).reduce((sum, row) => sum + row.bookings, 0);
    expect(direct.map((row) => ({ day: row.day, completed: fromFigures('completed')(row.day) }))).toEqual(
      direct.map((row) => ({ day: row.day, completed: row.completed })),
    );
    expect(direct.map((row) => fromFigures('cancel')(row.day))).toEqual(direct.map((row) => row.cancelled));

    // ...and against every day computed again from scratch.
    await db.execute(sql`insert into report_changes (day) select distinct date from slots union all select null`);
    await refreshReportDays(db);
    expect(await dailyFigures()).toEqual(raced);
  }, 120_000);
});
