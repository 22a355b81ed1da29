import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { services, shopSettings, slotDays, slots } from '../../src/db/schema';
import { businessDate, shiftDay } from '../../src/lib/business-time';
import { dayTimes } from '../../src/modules/slots/generate/day-times';
import { createPostgresDatabase } from '../helper';
import { type ServerProcess, startInstances } from '../server-process';
import { everyDay } from '../shop-hours';

const HORIZON_DAYS = 14;
const SERVICES = 6;
const HOURS = { ...everyDay([['08:00', '18:00']]), sunday: [] };

describe('two API processes making the same days at once', () => {
  it('make each time exactly once, and both offer the same times', async () => {
    const postgres = await createPostgresDatabase();
    const direct = await openDatabase({ kind: 'postgres', url: postgres.url });
    let stop = async () => {};
    try {
      await direct.migrate();
      // The shop as its owner set it before either instance started: open six days a week, every 15 minutes.
      await direct.db.insert(shopSettings).values({
        businessName: 'Twin Wash',
        address: '1 Loop Road',
        phone: '+44 20 7946 0958',
        email: 'twin@example.com',
        timeZone: 'Europe/Berlin',
        currency: 'EUR',
        cancellationCutoffHours: 24,
        paymentHoldMinutes: 15,
        reminderHoursBefore: 24,
        bookingHorizonDays: HORIZON_DAYS,
        minimumNoticeMinutes: 0,
        slotStepMinutes: 15,
        hours: HOURS,
      });
      const made = await direct.db
        .insert(services)
        .values(
          Array.from({ length: SERVICES }, (_, n) => ({
            name: `Twin service ${n}`,
            description: 'Made from the hours',
            durationMinutes: 30 + 15 * n,
            bufferMinutes: n % 2 ? 15 : 0,
            priceCents: 3000,
          })),
        )
        .returning();

      // Both run the availability job as they become ready, over the same days, while customers read them.
      const instances = await startInstances(2, {
        DATABASE_URL: postgres.url,
        SEED_DEMO_DATA: 'false',
        JWT_SECRET: 'a-shared-secret-for-both-instances-of-the-api',
      });
      stop = instances.stop;
      const [a, b] = instances.servers as [ServerProcess, ServerProcess];
      const today = businessDate('Europe/Berlin');
      const days = Array.from({ length: HORIZON_DAYS + 1 }, (_, n) => shiftDay(today, n));
      const read = (base: string, service: string, date: string) =>
        fetch(`${base}/api/slots/availability?service=${service}&date=${date}`).then(async (response) => {
          const body: { message?: string; data?: Array<{ _id: string }> } = await response.json();
          return { status: response.status, message: body.message, ids: (body.data ?? []).map((slot) => slot._id) };
        });
      const reads = await Promise.all(
        made.flatMap((service) =>
          days.slice(1).flatMap((date) => [read(a.base, service.id, date), read(b.base, service.id, date)]),
        ),
      );
      // Any refusal is named with its status and message.
      expect(
        reads.filter((answer) => answer.status !== 200).map(({ status, message }) => ({ status, message })),
      ).toEqual([]);
      const calendars = await Promise.all(
        made.map((service, n) =>
          fetch(`${n % 2 ? a.base : b.base}/api/slots/calendar?service=${service.id}&from=${today}&to=${days.at(-1)}`),
        ),
      );
      expect(calendars.map((response) => response.status)).toEqual(made.map(() => 200));

      // Every service-day made, whichever instance got there first.
      for (let waited = 0; waited < 300; waited++) {
        const [row] = await direct.db.select({ value: sql<number>`count(*)::int` }).from(slotDays);
        if ((row?.value ?? 0) >= SERVICES * days.length) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      const copies = await direct.db
        .select({ copies: sql<number>`count(*)::int` })
        .from(slots)
        .groupBy(slots.serviceId, slots.date, slots.startTime);
      expect(copies.every((time) => time.copies === 1)).toBe(true);
      const expected = made.reduce(
        (total, service) =>
          total +
          days.reduce(
            (count, date) =>
              count +
              dayTimes({
                date,
                timeZone: 'Europe/Berlin',
                hours: HOURS,
                serviceHours: null,
                closures: [],
                stepMinutes: 15,
                durationMinutes: service.durationMinutes,
                bufferMinutes: service.bufferMinutes,
              }).length,
            0,
          ),
        0,
      );
      expect(copies).toHaveLength(expected);
      expect(expected).toBeGreaterThan(SERVICES * 12 * 20);
      // Both instances handed out the same times for each day.
      for (let n = 0; n < reads.length; n += 2) expect(reads[n]?.ids).toEqual(reads[n + 1]?.ids);
    } finally {
      await stop();
      await direct.close();
      await postgres.drop();
    }
  }, 180_000);
});
