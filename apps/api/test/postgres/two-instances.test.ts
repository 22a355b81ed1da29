import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { bookings } from '../../src/db/schema';
import { createPostgresDatabase } from '../helper';
import {
  demoShopOpenDaily,
  postJson as post,
  registerCustomers,
  type ServerProcess,
  startInstances,
} from '../server-process';

const ADMIN = { email: 'twin.admin@example.com', password: 'twin-admin-password' };

describe('two API processes on one PostgreSQL', () => {
  it('still give each slot to exactly one of many concurrent customers, and no customer more than two holds', async () => {
    const postgres = await createPostgresDatabase();
    let stop = async () => {};
    try {
      // Both start together: the first-start seed must still run once.
      const instances = await startInstances(2, {
        DATABASE_URL: postgres.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET: 'a-shared-secret-for-both-instances-of-the-api',
      });
      stop = instances.stop;
      const [a, b] = instances.servers as [ServerProcess, ServerProcess];
      await demoShopOpenDaily([a.base, b.base], ADMIN);

      const tokens = await registerCustomers([b.base, a.base], 'twin', 40);
      // The 30-minute express wash has sixteen slots a day.
      const service = (await (await fetch(`${a.base}/api/services?searchTerm=Express`)).json()).data[0];
      // The demo shop's bookings ahead lie within the coming week, on its one bay, where they make the
      // express slots they overlap booked: a day after that is left whole to the test.
      const day = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      const slots: Array<{ _id: string }> = (
        await (await fetch(`${b.base}/api/slots/availability?service=${service._id}&date=${day}`)).json()
      ).data.filter((slot: { isBooked: string }) => slot.isBooked === 'available');
      expect(slots.length).toBeGreaterThanOrEqual(16);
      const contested = slots.slice(0, 4);
      const hoarded = slots.slice(4, 16);

      // Ten customers per slot, split across the two instances.
      const attempts = await Promise.all(
        tokens.map((token, n) =>
          post(n % 2 ? a.base : b.base, '/api/bookings', { service: service._id, slot: contested[n % 4]?._id }, token),
        ),
      );
      const statuses = attempts.map((attempt) => attempt.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(4);
      expect(statuses.filter((status) => status === 409)).toHaveLength(36);

      // One customer reaching for twelve slots at once, through both instances, gets MAX_PENDING_HOLDS (2).
      // A customer who won none of the slots above, so holds nothing yet.
      const hoarder = tokens[statuses.indexOf(409)] as string;
      const grabs = await Promise.all(
        hoarded.map((slot, n) =>
          post(n % 2 ? a.base : b.base, '/api/bookings', { service: service._id, slot: slot._id }, hoarder),
        ),
      );
      expect(grabs.filter((grab) => grab.status === 201)).toHaveLength(2);
      const refused = grabs.filter((grab) => grab.status === 409);
      expect(refused).toHaveLength(10);
      expect(new Set(refused.map((grab) => grab.body.message))).toEqual(new Set([BOOKING_MESSAGES.tooManyHolds(2)]));

      const direct = await openDatabase({ kind: 'postgres', url: postgres.url });
      const live = await direct.db
        .select({ slotId: bookings.slotId })
        .from(bookings)
        .where(
          and(
            inArray(
              bookings.slotId,
              contested.map((slot) => slot._id),
            ),
            inArray(bookings.status, ['pending', 'confirm']),
          ),
        );
      // Nobody paid: none of the bookings made here is confirmed (the demo shop's own are).
      const confirmed = await direct.db
        .select()
        .from(bookings)
        .where(
          and(
            inArray(
              bookings.slotId,
              [...contested, ...hoarded].map((slot) => slot._id),
            ),
            eq(bookings.status, 'confirm'),
          ),
        );
      await direct.close();
      expect(live.map((row) => row.slotId).sort()).toEqual(contested.map((slot) => slot._id).sort());
      expect(confirmed).toHaveLength(0);
    } finally {
      await stop();
      await postgres.drop();
    }
  }, 120_000);
});
