import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { reserveBooking, reserveBookingsTogether } from '../../src/modules/bookings/reserve/reserve-booking';
import { createTestApp, serviceWithSlots, signedInUser, waitForLockWaits } from '../helper';
import { onlineAttempt } from '../reservations';
import { withClient } from './client';

describe('booking attempts queued in a rush and made in batches, on PostgreSQL', () => {
  it('never deadlock, however their customers, addresses and days cross, and sell each bay once', async () => {
    const t = await createTestApp();
    onTestFinished(() => t.close());
    const url = t.databaseUrl;
    if (!url) throw new Error('the PostgreSQL suite needs a database URL');
    const customers = await Promise.all(Array.from({ length: 12 }, async () => (await signedInUser(t.app)).id));
    const slotIds: string[] = [];
    // Three rushes, each on two days of three slots; the test shop has one bay.
    for (const firstDay of [2, 4, 6]) {
      const days = [
        await serviceWithSlots(t.app, { name: `Wash ${firstDay}`, slotCount: 3, daysAhead: firstDay }),
        await serviceWithSlots(t.app, { name: `Wash ${firstDay + 1}`, slotCount: 3, daysAhead: firstDay + 1 }),
      ];
      slotIds.push(...days.flatMap(({ slots }) => slots.map((slot) => slot.id)));
      // Every customer tries every slot of both days, half of them the second day first, from three addresses
      // shared by all: the locks of one batch's attempts cross those of the others in every way. The day's unpaid
      // share is counted, so that each booking takes its day's lock as well.
      const attempts = customers.flatMap((customerId, n) => {
        const ordered = n % 2 === 0 ? days : [...days].reverse();
        return ordered.flatMap(({ service, slots }) =>
          slots.map((slot) => ({ customerId, serviceId: service.id, slotId: slot.id, address: `203.0.113.${n % 3}` })),
        );
      });
      const answers = await Promise.allSettled(
        attempts.map((attempt) => {
          const { request, booking } = onlineAttempt({ ...attempt, maxUnpaidDayPercent: 99 });
          return reserveBooking(t.app.db, request, booking, { look: true });
        }),
      );

      expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
      const kinds = answers.map((answer) => (answer.status === 'fulfilled' ? answer.value.kind : 'error'));
      expect(kinds.filter((kind) => kind === 'booked')).toHaveLength(6);
      expect(kinds.filter((kind) => kind !== 'booked').every((kind) => kind === 'full')).toBe(true);
    }
    const perSlot = await withClient(url, (client) =>
      client.query<{ slot: string; live: number }>(
        `select slot_id as slot, count(*)::int as live from bookings where status in ('pending', 'confirm')
         group by slot_id order by slot_id`,
      ),
    );
    expect(perSlot.rows).toEqual(slotIds.sort().map((slot) => ({ slot, live: 1 })));

    // Each connection reports the deadlocks it broke when it ends: the server's are ended, then the count read.
    const deadlocks = await withClient(url, async (client) => {
      await client.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`,
      );
      for (let tries = 0; tries < 100; tries++) {
        const left = await client.query<{ left: number }>(
          `select count(*)::int as left from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()`,
        );
        if (left.rows[0]?.left === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query('select pg_stat_clear_snapshot()');
      return client.query<{ deadlocks: number }>(
        'select deadlocks::int as deadlocks from pg_stat_database where datname = current_database()',
      );
    });
    expect(deadlocks.rows).toEqual([{ deadlocks: 0 }]);
  });

  it('take their turns whole: a batch waits for the one under way before its first look, even one its look refuses', async () => {
    const t = await createTestApp();
    onTestFinished(() => t.close());
    if (!t.databaseUrl) throw new Error('the PostgreSQL suite needs a database URL');
    const {
      service,
      slots: [slot],
    } = await serviceWithSlots(t.app, { slotCount: 1, daysAhead: 3 });
    const [first, second] = await Promise.all([signedInUser(t.app), signedInUser(t.app)]);
    const attempt = (customerId: string) =>
      onlineAttempt({ customerId, serviceId: service.id, slotId: slot?.id ?? '', address: '203.0.113.9' });
    const [made] = await reserveBookingsTogether(t.app.db, [attempt(first.id)]);
    expect(made).toMatchObject({ kind: 'booked' });

    // A batch under way holds the booking counter's row until it commits.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    onTestFinished(() => holder.end());
    await holder.query('begin');
    await holder.query('select total from booking_totals where id = 1 for update');
    let answered = false;
    const refused = reserveBookingsTogether(t.app.db, [attempt(second.id)]).then((answers) => {
      answered = true;
      return answers.map((answer) => (answer instanceof Error ? answer.message : answer.kind));
    });
    // Its one attempt is of a slot already taken, which its look refuses, and yet it waits for its turn.
    await waitForLockWaits(holder, 1);
    expect(answered).toBe(false);
    await holder.query('commit');
    expect(await refused).toEqual(['full']);
  });
});
