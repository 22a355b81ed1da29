import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app/app';
import { services, slotDays, slots } from '../src/db/schema';
import { createTestApp, type TestApp } from './helper';
import { everyDay, setShopWeek } from './shop-hours';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the availability job', () => {
  it("makes every live service's horizon one interval after an instance is ready, and lets a run finish on close", async () => {
    await setShopWeek(t.app, {
      timeZone: 'UTC',
      hours: everyDay([['09:00', '12:00']]),
      slotStepMinutes: 60,
      bookingHorizonDays: 2,
    });
    const [service] = await t.app.db
      .insert(services)
      .values({ name: 'Job Wash', description: 'Made by the job', durationMinutes: 60, priceCents: 4000 })
      .returning();
    const serviceId = service?.id ?? '';
    // The test app runs no job; a second instance on the same database runs it every 200 ms.
    const instance = await buildApp({
      config: { ...t.config, lifecycle: { ...t.config.lifecycle, availabilityIntervalMs: 200 } },
      database: t.database,
      logger: false,
    });
    await instance.ready();
    const madeDays = async () =>
      (await t.app.db.select({ days: count() }).from(slotDays).where(eq(slotDays.serviceId, serviceId)))[0]?.days;
    // Nothing is made as it starts: the first pass comes one interval later.
    expect(await madeDays()).toBe(0);
    await expect.poll(madeDays, { timeout: 5000 }).toBe(3);
    await instance.close();
    expect(await t.app.db.select().from(slots).where(eq(slots.serviceId, serviceId))).toHaveLength(9);
  });
});
