import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../src/db/schema';
import {
  asUser,
  createTestApp,
  mailsTo,
  movePastRefreshGrace,
  resetTokenIn,
  signedInUser,
  type TestApp,
  type TestUser,
} from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Device = { accessToken: string; refreshToken: string };

const signIn = async (email: string, password: string): Promise<Device> => {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(response.statusCode).toBe(200);
  const { accessToken, refreshToken } = response.json();
  return { accessToken, refreshToken };
};

const authState = (device: Pick<Device, 'accessToken'>) =>
  t.app.inject(asUser(device, { method: 'GET', url: '/api/auth/auth-state' }));

const refresh = (device: Pick<Device, 'refreshToken'>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/refreshToken',
    headers: { cookie: `refreshToken=${device.refreshToken}` },
  });

const recover = (token: string, newPassword: string) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/recover-password', payload: { token, newPassword } });

/** Asks for a reset link and returns its token, as read from the mail it sent. */
async function resetLink(email: string): Promise<string> {
  const before = mailsTo(t.config.dataDir, email);
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  expect(response.statusCode).toBe(200);
  await t.app.backgroundTasks.settled();
  const mail = mailsTo(t.config.dataDir, email).find((text) => !before.includes(text));
  const token = resetTokenIn(mail ?? '');
  if (!token) throw new Error(`no reset mail to ${email}`);
  return token;
}

const UNAUTHORIZED = { success: false, message: 'You are not signed in' };

describe('a password change', () => {
  let user: TestUser;
  let phone: Device;
  let laptop: Device;
  beforeAll(async () => {
    user = await signedInUser(t.app);
    phone = await signIn(user.email, user.password);
    laptop = await signIn(user.email, user.password);
  });

  it('ends every other session, their access and refresh tokens both, and keeps the one that made it', async () => {
    const outstandingLink = await resetLink(user.email);
    const change = await t.app.inject(
      asUser(phone, {
        method: 'PUT',
        url: '/api/auth/reset-password',
        payload: { oldPassword: user.password, newPassword: 'changed on the phone' },
      }),
    );
    expect(change.statusCode).toBe(200);

    expect((await refresh(laptop)).statusCode).toBe(401);
    const laptopState = await authState(laptop);
    expect(laptopState.statusCode).toBe(401);
    expect(laptopState.json()).toEqual(UNAUTHORIZED);
    // The session the test helper started is another device too.
    expect((await authState(user)).statusCode).toBe(401);

    expect((await authState(phone)).statusCode).toBe(200);
    const phoneRefresh = await refresh(phone);
    expect(phoneRefresh.statusCode).toBe(200);
    expect((await authState({ accessToken: phoneRefresh.json().data.accessToken })).statusCode).toBe(200);

    // A reset link sent before the change no longer works.
    const late = await recover(outstandingLink, 'taken over by a link');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(AUTH_MESSAGES.resetTokenInvalid);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.filter((row) => row.revokedAt === null)).toHaveLength(1);
  });
});

describe('reset links', () => {
  it('work only while they are the newest: issuing a link retires the older ones', async () => {
    const user = await signedInUser(t.app);
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    const older = await recover(first, 'from the first link');
    expect(older.statusCode).toBe(400);
    expect(older.json().message).toBe(AUTH_MESSAGES.resetTokenInvalid);
    expect((await recover(second, 'from the second link')).statusCode).toBe(200);
  });

  it('using one retires every other, and ends every session of the account', async () => {
    const user = await signedInUser(t.app);
    const device = await signIn(user.email, user.password);
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    expect((await recover(second, 'newer link used')).statusCode).toBe(200);
    const older = await recover(first, 'older link used after');
    expect(older.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: 'older link used after' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await authState(device)).statusCode).toBe(401);
    expect((await refresh(device)).statusCode).toBe(401);
  });
});

describe('logging out', () => {
  it('ends the access token as well as the refresh token', async () => {
    const user = await signedInUser(t.app);
    const device = await signIn(user.email, user.password);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `refreshToken=${device.refreshToken}` },
    });
    expect(logout.statusCode).toBe(200);
    expect((await authState(device)).statusCode).toBe(401);
    expect((await refresh(device)).statusCode).toBe(401);
    // Other sessions of the same account go on.
    expect((await authState(user)).statusCode).toBe(200);
  });

  it('with only the access token as bearer ends that session too', async () => {
    const user = await signedInUser(t.app);
    const device = await signIn(user.email, user.password);
    const logout = await t.app.inject(asUser(device, { method: 'POST', url: '/api/auth/logout' }));
    expect(logout.statusCode).toBe(200);
    expect((await authState(device)).statusCode).toBe(401);
    expect((await refresh(device)).statusCode).toBe(401);
  });

  it('a refresh token reused after the grace ends its session, access token included', async () => {
    const user = await signedInUser(t.app);
    const device = await signIn(user.email, user.password);
    const rotated = await refresh(device);
    expect(rotated.statusCode).toBe(200);
    movePastRefreshGrace(t.config);
    expect((await refresh(device).finally(() => vi.useRealTimers())).statusCode).toBe(401);
    expect((await authState({ accessToken: rotated.json().data.accessToken })).statusCode).toBe(401);
  });
});

describe('the revocation check', () => {
  it('is cached: a revocation made by another instance is honoured within the check interval', async () => {
    const cached = await createTestApp({ sessionCheckMs: 300 });
    try {
      const user = await signedInUser(cached.app);
      const state = () => cached.app.inject(asUser(user, { method: 'GET', url: '/api/auth/auth-state' }));
      expect((await state()).statusCode).toBe(200);
      // Another instance revokes the session: only the database knows.
      await cached.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
      // Answered from the cached check, without reading the session again...
      expect((await state()).statusCode).toBe(200);
      // ...until the check interval has passed.
      await vi.waitFor(async () => expect((await state()).statusCode).toBe(401), { timeout: 5_000, interval: 50 });
    } finally {
      await cached.close();
    }
  });
});
