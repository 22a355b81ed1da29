import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleChanges, users } from '../../src/db/schema';
import { asUser, createTestApp, signedInUser, type TestApp } from '../helper';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('role changes on PostgreSQL', () => {
  it('made at once by two administrators each keep the role they really changed from', async () => {
    expect(t.database.kind).toBe('postgres');
    const [first, second] = [await signedInUser(t.app, 'admin'), await signedInUser(t.app, 'admin')];
    if (!first || !second) throw new Error('administrators were not created');
    const rounds = 6;
    for (let round = 0; round < rounds; round++) {
      const target = await signedInUser(t.app);
      const answers = await Promise.all([
        t.app.inject(
          asUser(first, { method: 'PUT', url: `/api/auth/update-role/${target.id}`, payload: { role: 'staff' } }),
        ),
        t.app.inject(
          asUser(second, { method: 'PUT', url: `/api/auth/update-role/${target.id}`, payload: { role: 'admin' } }),
        ),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const [stored] = await t.database.db.select().from(users).where(eq(users.id, target.id));
      const trail = await t.database.db
        .select()
        .from(roleChanges)
        .where(eq(roleChanges.userId, target.id))
        .orderBy(roleChanges.id);
      // Two changes in a chain: the second starts from where the first left the role, and ends where it is now.
      expect(trail).toHaveLength(2);
      expect(trail[0]?.fromRole).toBe('user');
      expect(trail[1]?.fromRole).toBe(trail[0]?.toRole);
      expect(trail[1]?.toRole).toBe(stored?.role);
    }
  });
});
