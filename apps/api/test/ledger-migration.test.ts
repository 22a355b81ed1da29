import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { migrationsFolder, readMigrations } from '../src/db/migrate';
import { createPostgresDatabase, testDatabaseKind } from './helper';

/** The migration that made today's payments and refunds the ledger. */
const LEDGER_MIGRATION = '0019_front_desk';

/** An empty database of the suite's kind, and how to be rid of it. */
async function emptyDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (testDatabaseKind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
    return { handle, drop: () => handle.close() };
  }
  const { url, drop } = await createPostgresDatabase();
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await drop();
    },
  };
}

type Money = { booking_id: string; cents: number };

/** The rows a statement answers, whichever driver ran it (their result types differ). */
const rowsOf = async <T>(result: Promise<unknown>) => ((await result) as { rows: T[] }).rows;

/** Cents per booking, as a map sorted by booking. */
const byBooking = (rows: Money[]) =>
  Object.fromEntries(
    rows.map((row) => [row.booking_id, Number(row.cents)]).sort(([a], [b]) => String(a).localeCompare(String(b))),
  );

it("turns today's paid checkouts and refunds into the ledger: per booking, paid less refunded, none lost", async () => {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  const upTo = journal.entries.findIndex((entry: { tag: string }) => entry.tag === LEDGER_MIGRATION);
  expect(upTo).toBeGreaterThan(0);
  const { handle, drop } = await emptyDatabase();
  try {
    const { db } = handle;
    // As the release before it left a database: migrated up to the one before the ledger.
    await new PgDialect().migrate(readMigrations().slice(0, upTo), db._.session as unknown as PgSession, {
      migrationsFolder,
    });

    await db.transaction(async (tx) => {
      const one = async <T>(query: ReturnType<typeof sql>) => (await rowsOf<T>(tx.execute(query)))[0] as T;
      const { id: customer } = await one<{
        id: string;
      }>(sql`insert into users (first_name, last_name, email, password_hash)
        values ('Old', 'Customer', 'old.customer@example.com', 'x') returning id`);
      const { id: service } = await one<{
        id: string;
      }>(sql`insert into services (name, description, duration_minutes, price_cents)
        values ('Old Wash', 'Before the ledger', 60, 4550) returning id`);
      const { id: bay } = await one<{ id: string }>(sql`select id from bays order by sort_order limit 1`);
      // Six bookings a day apart: paid; paid and refunded in full; paid and refunded in part; paid, its refund
      // failed; never paid (its checkout expired); still waiting for its payment.
      const cases = [
        { status: 'confirm', payment: 'paid', checkouts: [['paid', 4550]], refunds: [] },
        { status: 'cancel', payment: 'paid', checkouts: [['paid', 4550]], refunds: [['refunded', 4550]] },
        {
          status: 'cancel',
          payment: 'paid',
          checkouts: [
            ['expired', 4550],
            ['paid', 4550],
          ],
          refunds: [['refunded', 1500]],
        },
        { status: 'cancel', payment: 'paid', checkouts: [['paid', 4550]], refunds: [['failed', 4550]] },
        { status: 'cancel', payment: 'unpaid', checkouts: [['expired', 4550]], refunds: [] },
        { status: 'pending', payment: 'unpaid', checkouts: [['open', 4550]], refunds: [] },
      ] as const;
      let session = 0;
      for (const [index, each] of cases.entries()) {
        const startsAt = new Date(Date.UTC(2030, 0, 10 + index, 9));
        const endsAt = new Date(startsAt.getTime() + 3_600_000);
        const date = startsAt.toISOString().slice(0, 10);
        const { id: slot } = await one<{
          id: string;
        }>(sql`insert into slots (service_id, date, start_time, end_time, starts_at, ends_at)
          values (${service}, ${date}, '09:00', '10:00', ${startsAt.toISOString()}, ${endsAt.toISOString()}) returning id`);
        const { id: booking } = await one<{ id: string }>(sql`insert into bookings
          (customer_id, service_id, slot_id, bay_id, occupied_from, occupied_until, status, payment, price_cents, hold_expires_at)
          values (${customer}, ${service}, ${slot}, ${bay}, ${startsAt.toISOString()}, ${endsAt.toISOString()},
            ${each.status}, ${each.payment}, 4550, ${each.status === 'pending' ? endsAt.toISOString() : null}) returning id`);
        await tx.execute(sql`insert into booking_lines (booking_id, position, kind, name, price_cents, minutes)
          values (${booking}, 0, 'service', 'Old Wash', 4550, 60)`);
        for (const [status, cents] of each.checkouts) {
          session += 1;
          await tx.execute(sql`insert into payments (booking_id, provider, session_id, amount_cents, currency, status)
            values (${booking}, 'sandbox', ${`sbx_old_${session}`}, ${cents}, 'USD', ${status})`);
        }
        for (const [status, cents] of each.refunds) {
          session += 1;
          await tx.execute(sql`insert into refunds (booking_id, provider, provider_refund_id, amount_cents, status)
            values (${booking}, 'sandbox', ${`re_old_${session}`}, ${cents}, ${status})`);
        }
      }
    });

    const rows = (query: ReturnType<typeof sql>) => rowsOf<Money>(db.execute(query));
    const before = byBooking(
      await rows(sql`select b.id as booking_id,
          coalesce((select sum(amount_cents) from payments p where p.booking_id = b.id and p.status = 'paid'), 0)
          - coalesce((select sum(amount_cents) from refunds r where r.booking_id = b.id and r.status = 'refunded'), 0)
          as cents
        from bookings b`),
    );

    await handle.migrate();

    const ledger = await rows(sql`select b.id as booking_id, coalesce(sum(l.amount_cents), 0) as cents
      from bookings b left join ledger_entries l on l.booking_id = b.id group by b.id`);
    expect(byBooking(ledger)).toEqual(before);
    expect(Object.values<number>(before).sort((a, b) => a - b)).toEqual([0, 0, 0, 3050, 4550, 4550]);
    const kinds = await rowsOf(
      db.execute(sql`select kind, method, amount_cents from ledger_entries order by amount_cents`),
    );
    expect(kinds).toEqual([
      { kind: 'refund', method: 'online', amount_cents: -4550 },
      { kind: 'refund', method: 'online', amount_cents: -1500 },
      ...Array.from({ length: 4 }, () => ({ kind: 'full', method: 'online', amount_cents: 4550 })),
    ]);
  } finally {
    await drop();
  }
}, 60_000);
