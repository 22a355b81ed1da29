import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../apps/api/src/db/schema';
import { businessDate } from '../../apps/api/src/lib/business-time';
import { listBookings, matchingBookingBatches } from '../../apps/api/src/modules/bookings/reads/booking-reads';
import { getOverview, getSchedule } from '../../apps/api/src/modules/reports/overview';

type Recorded = { query: string; params: unknown[] };

export type ExplainedQuery = { scenario: string; sql: string; executionMs: number; plan: string };

/**
 * Runs the owner's-view reads through the API's own functions against a PostgreSQL database, records every
 * statement they send, and has PostgreSQL EXPLAIN (ANALYZE, BUFFERS) each: the plans show which index
 * serves each query and how many rows it touches.
 */
export async function explainOwnerQueries(
  url: string,
  options: { timeZone: string; deepPage: number; searchTerm: string },
): Promise<ExplainedQuery[]> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let recorded: Recorded[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => recorded.push({ query, params }) },
  });
  const { timeZone } = options;
  const today = businessDate(timeZone);
  const yearAgo = businessDate(timeZone, new Date(), -364);
  const tenDaysAgo = businessDate(timeZone, new Date(), -10);
  const scenarios: Array<[string, () => Promise<unknown>]> = [
    ['overview, 12 months', () => getOverview(db, { from: yearAgo, to: today }, timeZone)],
    ['day board', () => getSchedule(db, tenDaysAgo, timeZone)],
    ['bookings, status filter, page 1', () => listBookings(db, { page: 1, limit: 10, status: 'confirm' }, timeZone)],
    [
      `bookings, status filter, page ${options.deepPage}`,
      () => listBookings(db, { page: options.deepPage, limit: 10, status: 'confirm' }, timeZone),
    ],
    ['bookings, search', () => listBookings(db, { page: 1, limit: 10, search: options.searchTerm }, timeZone)],
    [
      'bookings, paid in a month',
      () =>
        listBookings(
          db,
          { page: 1, limit: 10, payment: 'paid', from: businessDate(timeZone, new Date(), -40), to: tenDaysAgo },
          timeZone,
        ),
    ],
    [
      'export, one batch',
      async () => {
        for await (const _batch of matchingBookingBatches(db, { from: yearAgo, to: today }, timeZone)) return;
      },
    ],
  ];
  const explained: ExplainedQuery[] = [];
  const client = await pool.connect();
  try {
    for (const [scenario, run] of scenarios) {
      recorded = [];
      await run();
      for (const { query, params } of recorded) {
        if (/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(query)) continue;
        // EXPLAIN ANALYZE runs the statement: whatever it would write is rolled back.
        await client.query('begin');
        const result = await client
          .query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, format text) ${query}`, params)
          .finally(() => client.query('rollback'));
        const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
        const executionMs = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? Number.NaN);
        explained.push({ scenario, sql: query, executionMs, plan });
      }
    }
  } finally {
    client.release();
    await pool.end();
  }
  return explained;
}
