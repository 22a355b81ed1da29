import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { bays, bookings, payments, services, slots, users } from '../../src/db/schema';
import { insertBookings } from '../booking-rows';
import { createPostgresDatabase, utcSlotRow } from '../helper';
import { type ServerProcess, startServerProcess, stopServerProcesses } from '../server-process';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Told apart in the database by their connections' application_name (PGAPPNAME). */
const INSTANCES = ['sweeper-a', 'sweeper-b'];
const HOLDS = 240;
/** The holds run out one after another over this long, while both instances sweep. */
const EXPIRY_SPREAD_MS = 2400;

/** The test's own record of the sweepers' writes, filled by triggers it installs. */
const sweepWrites = pgTable('sweep_writes', {
  kind: text('kind').notNull(),
  rowId: uuid('row_id').notNull(),
  instance: text('instance').notNull(),
});

describe('two API processes on one PostgreSQL', () => {
  it('end each expired hold exactly once while both run the expiry sweeper', async () => {
    const postgres = await createPostgresDatabase();
    const dataDirs = INSTANCES.map((name) => mkdtempSync(path.join(tmpdir(), `carcare-${name}-`)));
    const servers: ServerProcess[] = [];
    const direct = await openDatabase({ kind: 'postgres', url: postgres.url });
    try {
      await direct.migrate();
      const { db } = direct;
      // Every write that cancels a booking or expires a checkout is recorded with the instance that made it;
      // the short sleep keeps each sweep's rows locked a little longer, so the other sweeper runs into them.
      await db.execute(sql`
        create table sweep_writes (kind text not null, row_id uuid not null, instance text not null);
        create function record_sweep_write() returns trigger language plpgsql as $$
        begin
          insert into sweep_writes values (tg_argv[0], new.id, current_setting('application_name'));
          perform pg_sleep(0.002);
          return null;
        end
        $$;
        create trigger bookings_cancel_write after update on bookings
          for each row when (new.status = 'cancel') execute function record_sweep_write('booking');
        create trigger payments_expire_write after update on payments
          for each row when (new.status = 'expired') execute function record_sweep_write('payment');
      `);
      const [bay] = await db.select().from(bays).limit(1);
      const [service] = await db
        .insert(services)
        .values({ name: 'Sweep Wash', description: 'Half an hour', durationMinutes: 30, priceCents: 3000 })
        .returning();
      const [customer] = await db
        .insert(users)
        .values({ firstName: 'Hold', lastName: 'Keeper', email: 'hold.keeper@example.com', passwordHash: 'x' })
        .returning();
      if (!bay || !service || !customer) throw new Error('the shop was not set up');
      // Back-to-back half hours on the one bay, from midnight ten days ahead.
      const firstStart = Math.floor(Date.now() / DAY) * DAY + 10 * DAY;
      const slotRows = await db
        .insert(slots)
        .values(
          Array.from({ length: HOLDS }, (_, n) => {
            const startsAt = new Date(firstStart + n * 30 * MINUTE);
            return utcSlotRow(service.id, startsAt, new Date(startsAt.getTime() + 30 * MINUTE));
          }),
        )
        .returning();

      // Both start together; each sweeps every 20 ms.
      servers.push(
        ...(await Promise.all(
          INSTANCES.map((name, n) =>
            startServerProcess({
              DATABASE_URL: postgres.url,
              DATA_DIR: dataDirs[n] ?? '',
              PGAPPNAME: name,
              HOLD_SWEEP_SECONDS: '0.02',
              SEED_DEMO_DATA: 'false',
            }),
          ),
        )),
      );

      // Holds with an open checkout each, running out one by one over the next seconds.
      const holdsFrom = Date.now();
      const made = await db.transaction(async (tx) => {
        const rows = await insertBookings(
          tx,
          slotRows.map((slot, n) => ({
            customerId: customer.id,
            serviceId: service.id,
            slotId: slot.id,
            bayId: bay.id,
            occupiedFrom: slot.startsAt,
            occupiedUntil: slot.endsAt,
            priceCents: 3000,
            holdExpiresAt: new Date(holdsFrom + Math.floor((n * EXPIRY_SPREAD_MS) / HOLDS)),
          })),
        );
        const checkouts = await tx
          .insert(payments)
          .values(
            rows.map((booking, n) => ({
              bookingId: booking.id,
              provider: 'sandbox',
              sessionId: `sbx_sweep_${n}`,
              amountCents: 3000,
              currency: 'USD',
            })),
          )
          .returning({ id: payments.id });
        return { bookings: rows.map((row) => row.id), payments: checkouts.map((row) => row.id) };
      });

      const pendingCount = async () =>
        (
          await db
            .select({ id: bookings.id })
            .from(bookings)
            .where(and(eq(bookings.serviceId, service.id), eq(bookings.status, 'pending')))
        ).length;
      for (let attempt = 0; attempt < 300 && (await pendingCount()) > 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Closing waits for the requests under way; a sweep still running has nothing left to take.
      for (const server of servers.splice(0)) {
        server.child.kill('SIGTERM');
        await server.exited;
      }

      const ended = await db
        .select({ status: bookings.status, payment: bookings.payment })
        .from(bookings)
        .where(eq(bookings.serviceId, service.id));
      expect(ended).toHaveLength(HOLDS);
      expect(ended.every((booking) => booking.status === 'cancel' && booking.payment === 'unpaid')).toBe(true);
      const checkouts = await db.select({ status: payments.status }).from(payments);
      expect(checkouts).toHaveLength(HOLDS);
      expect(checkouts.every((checkout) => checkout.status === 'expired')).toBe(true);

      const writes = await db.select().from(sweepWrites);
      const writesOf = (kind: string) => writes.filter((write) => write.kind === kind).map((write) => write.rowId);
      // Exactly one write per booking and per checkout: none ended twice, none left out.
      expect(writesOf('booking').sort()).toEqual([...made.bookings].sort());
      expect(writesOf('payment').sort()).toEqual([...made.payments].sort());
      // Both instances swept some of them.
      expect(new Set(writes.map((write) => write.instance))).toEqual(new Set(INSTANCES));
    } finally {
      await stopServerProcesses(servers);
      await direct.close();
      await postgres.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
