import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/app';
import { openDatabase } from '../../src/db/client';
import { createPostgresDatabase, createTestApp, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('closing the app on PostgreSQL', () => {
  it('lets every job finish the run it is in before afterClose closes the pool', async () => {
    const postgres = await createPostgresDatabase();
    const database = await openDatabase({ kind: 'postgres', url: postgres.url });
    await database.migrate();
    const problems: string[] = [];
    const minute = 60_000;
    const app = await buildApp({
      config: {
        ...t.config,
        // Every job runs as the app becomes ready, as in production.
        payment: { ...t.config.payment, sweepIntervalMs: minute },
        lifecycle: { ...t.config.lifecycle, reminderIntervalMs: minute, availabilityIntervalMs: minute },
        texts: { ...t.config.texts, sendIntervalMs: minute },
        waitlist: { ...t.config.waitlist, matchIntervalMs: minute },
      },
      database,
      logger: {
        level: 'warn',
        stream: {
          write: (line: string) => {
            const record = JSON.parse(line);
            problems.push(`${record.msg}: ${record.err?.message ?? ''}`);
          },
        },
      },
      // As the server closes its database: a pool that has ended refuses every query at once.
      afterClose: () => database.close(),
    });
    try {
      await app.ready();
      // Closed at once, while the jobs' first runs are under way: none of them meets an ended pool.
      await app.close();
      expect(problems).toEqual([]);
    } finally {
      await postgres.drop();
    }
  });
});
