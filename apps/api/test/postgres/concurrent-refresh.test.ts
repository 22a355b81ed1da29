import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/modules/auth/tokens';
import { asUser, createTestApp, signedInUser, type TestApp, waitForLockWaits } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('two refreshes with one token at the same instant', () => {
  it('both get the same successor: the second waits for the first to rotate the token, then is forgiven', async () => {
    expect(t.database.kind).toBe('postgres');
    const user = await signedInUser(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const { refreshToken } = login.json();

    // Hold the token's row so that both refreshes are surely in flight together, each blocked in its UPDATE.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from refresh_tokens where token_hash = $1 for update', [hashToken(refreshToken)]);
      const refresh = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/refreshToken',
          headers: { cookie: `refreshToken=${refreshToken}` },
        });
      const racing = Promise.all([refresh(), refresh()]);
      await waitForLockWaits(holder, 2);
      await holder.query('commit');

      const [first, second] = await racing;
      expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
      const successor = first?.json().data.refreshToken;
      expect(second?.json().data.refreshToken).toBe(successor);
      for (const answer of [first, second]) {
        const state = await t.app.inject(
          asUser({ accessToken: answer?.json().data.accessToken }, { method: 'GET', url: '/api/auth/auth-state' }),
        );
        expect(state.statusCode).toBe(200);
      }
      const { rows } = await holder.query<{ revoked: boolean }>(
        'select revoked_at is not null as revoked from sessions where user_id = $1',
        [user.id],
      );
      expect(rows.map((row) => row.revoked)).toEqual([false, false]);
    } finally {
      await holder.end();
    }
  });
});
