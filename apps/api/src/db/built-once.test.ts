import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { builtOnce } from './built-once';
import { bays } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('builds its statement once and runs it with each call’s values, on the handle and in a transaction', async () => {
  let builds = 0;
  const named = builtOnce<{ name: string; at: string }, { name: string; at: string; later: string }>(
    'built_once_test',
    (value) => {
      builds += 1;
      return sql`select ${bays.name} as name, ${value('at')}::timestamptz as at,
        ${value('at')}::timestamptz + interval '1 hour' as later
        from ${bays} where ${bays.name} = ${value('name')}`;
    },
  );
  const [bay] = await t.app.db.select({ name: bays.name }).from(bays).limit(1);
  if (!bay) throw new Error('the shop has no bay');

  const first = await named(t.app.db, { name: bay.name, at: '2026-03-08T09:30:00.000Z' });
  expect(first).toHaveLength(1);
  expect(first[0]?.name).toBe(bay.name);
  // Timestamps come back as the drivers give them: text, read as the same instant.
  expect(new Date(String(first[0]?.at)).toISOString()).toBe('2026-03-08T09:30:00.000Z');
  expect(new Date(String(first[0]?.later)).toISOString()).toBe('2026-03-08T10:30:00.000Z');

  const inTransaction = await t.app.db.transaction((tx) =>
    named(tx, { name: 'No such bay', at: '2026-03-08T09:30:00.000Z' }),
  );
  expect(inTransaction).toEqual([]);
  expect(builds).toBe(1);
});
