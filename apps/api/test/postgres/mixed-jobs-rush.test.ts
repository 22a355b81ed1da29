import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { QUOTE_MESSAGES } from '@carcare/contracts/quotes-constants';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { bookingLines, bookings, services } from '../../src/db/schema';
import { createPostgresDatabase } from '../helper';
import {
  demoShopOpenDaily,
  postJson as post,
  registerCustomers,
  type ServerProcess,
  startInstances,
} from '../server-process';

const ADMIN = { email: 'rush.admin@example.com', password: 'rush-admin-password' };
const CUSTOMERS = 200;
/** The demo shop's bays, every one of which takes the combo. */
const BAYS = 3;

describe('a rush of jobs of every length on two API processes', () => {
  it('never lets two live bookings overlap on a bay over their real spans, nor cuts a span short', async () => {
    const postgres = await createPostgresDatabase();
    let stop = async () => {};
    try {
      const instances = await startInstances(2, {
        DATABASE_URL: postgres.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET: 'a-shared-secret-for-both-instances-of-the-rush',
      });
      stop = instances.stop;
      const [a, b] = instances.servers as [ServerProcess, ServerProcess];
      await demoShopOpenDaily([a.base, b.base], ADMIN, { bays: 'all' });
      const tokens = await registerCustomers([a.base, b.base], 'rush', CUSTOMERS);

      // The 60-minute combo, priced for four classes, with a shampoo, pet hair and the engine bay offered.
      const combo = (await (await fetch(`${a.base}/api/services?searchTerm=Combo`)).json()).data[0];
      const detail = (await (await fetch(`${a.base}/api/services/${combo._id}`)).json()).data;
      const classes: string[] = detail.prices.map((price: { vehicleClass: string }) => price.vehicleClass);
      const addOns: string[] = detail.addOns.map((addOn: { _id: string }) => addOn._id);
      expect([classes.length, addOns.length]).toEqual([4, 3]);
      // A day past the demo's bookings ahead, whole to the test: its first twelve half-hourly starts.
      const day = new Date(Date.now() + 9 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      const times: Array<{ _id: string }> = (
        await (await fetch(`${b.base}/api/slots/availability?service=${combo._id}&date=${day}`)).json()
      ).data.slice(0, 12);
      expect(times).toHaveLength(12);

      // Every customer at once, half through each instance: a class in turn, none, one or two add-ons.
      const jobOf = (n: number) => ({
        time: times[n % times.length] as { _id: string; startTime: string },
        vehicleClass: classes[n % classes.length] as string,
        addOns: [[], [addOns[0]], [addOns[1], addOns[2]]][n % 3] as string[],
      });
      const attempts = await Promise.all(
        tokens.map((token, n) => {
          const job = jobOf(n);
          return post(
            n % 2 ? a.base : b.base,
            '/api/bookings',
            { service: combo._id, slot: job.time._id, vehicleClass: job.vehicleClass, addOns: job.addOns },
            token,
          );
        }),
      );
      const statuses = attempts.map((attempt) => attempt.status);
      expect(new Set(statuses)).toEqual(new Set([201, 409]));
      const refusals = new Set(
        attempts.filter((attempt) => attempt.status === 409).map((attempt) => attempt.body.message),
      );
      for (const message of refusals)
        expect([BOOKING_MESSAGES.slotFull, QUOTE_MESSAGES.runsPastClosing]).toContain(message);

      const direct = await openDatabase({ kind: 'postgres', url: postgres.url });
      try {
        const dayStart = new Date(`${day}T00:00:00Z`);
        const live = await direct.db
          .select({
            id: bookings.id,
            bayId: bookings.bayId,
            from: bookings.occupiedFrom,
            until: bookings.occupiedUntil,
            priceCents: bookings.priceCents,
            buffer: services.bufferMinutes,
          })
          .from(bookings)
          .innerJoin(services, eq(services.id, bookings.serviceId))
          .where(
            and(
              inArray(bookings.status, ['pending', 'confirm']),
              gte(bookings.occupiedFrom, new Date(dayStart.getTime() - 24 * 60 * 60 * 1000)),
              lt(bookings.occupiedFrom, new Date(dayStart.getTime() + 2 * 24 * 60 * 60 * 1000)),
            ),
          );
        const made = attempts
          .filter((attempt) => attempt.status === 201)
          .map((attempt) => attempt.body.data.booking._id);
        expect(live.map((booking) => booking.id)).toEqual(expect.arrayContaining(made));
        // How many are made depends on the order the attempts land in (a long job first takes the room of two
        // short ones); what does not is that no one was told the time was full while a bay could still take
        // their job. Bookings only came, so a time refused as full must still have no bay free for that job.
        expect(made.length).toBeGreaterThanOrEqual(BAYS);
        const refusedAsFull = new Map<string, ReturnType<typeof jobOf>>();
        for (const [n, attempt] of attempts.entries()) {
          if (attempt.status !== 409 || attempt.body.message !== BOOKING_MESSAGES.slotFull) continue;
          const job = jobOf(n);
          refusedAsFull.set(`${job.time.startTime} ${job.vehicleClass} ${job.addOns.join(',')}`, job);
        }
        expect(refusedAsFull.size).toBeGreaterThan(0);
        for (const [key, job] of refusedAsFull) {
          const query = new URLSearchParams({
            service: combo._id,
            date: day,
            vehicleClass: job.vehicleClass,
            addOns: job.addOns.join(','),
          });
          const offered: Array<{ startTime: string; remaining: number }> = (
            await (await fetch(`${a.base}/api/slots/availability?${query}`)).json()
          ).data;
          // The day's first starts: every job fits before closing, so each is offered, with no bay left.
          expect(offered.find((slot) => slot.startTime === job.time.startTime)?.remaining, key).toBe(0);
        }
        const lines = await direct.db
          .select()
          .from(bookingLines)
          .where(
            inArray(
              bookingLines.bookingId,
              live.map((booking) => booking.id),
            ),
          );
        for (const booking of live) {
          const own = lines.filter((line) => line.bookingId === booking.id);
          const minutes = own.reduce((total, line) => total + line.minutes, 0);
          // Held for the class's duration, the add-ons' minutes and the buffer: never less.
          expect(booking.until.getTime() - booking.from.getTime()).toBe((minutes + booking.buffer) * 60_000);
          expect(own.reduce((total, line) => total + line.priceCents, 0)).toBe(booking.priceCents);
        }
        const byBay = new Map<string, typeof live>();
        for (const booking of live) byBay.set(booking.bayId, [...(byBay.get(booking.bayId) ?? []), booking]);
        expect(byBay.size).toBe(BAYS);
        for (const onBay of byBay.values()) {
          const ordered = [...onBay].sort((x, y) => x.from.getTime() - y.from.getTime());
          for (const [index, booking] of ordered.entries()) {
            const next = ordered[index + 1];
            if (next) expect(booking.until.getTime()).toBeLessThanOrEqual(next.from.getTime());
          }
        }
      } finally {
        await direct.close();
      }
    } finally {
      await stop();
      await postgres.drop();
    }
  }, 180_000);
});
