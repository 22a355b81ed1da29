import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  asUser,
  createTestApp,
  movePastRefreshGrace,
  setCookie,
  signedInUser,
  type TestApp,
} from '../../../test/helper';
import { refreshTokens, sessions } from '../../db/schema';
import { rotateRefreshToken } from './auth.service';
import { hashToken, successorKeyFrom, successorToken } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type Device = { accessToken: string; refreshToken: string; sessionId: string };

async function signIn(): Promise<Device> {
  const user = await signedInUser(t.app);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  const { accessToken, refreshToken } = response.json();
  const [row] = await t.database.db
    .select({ sessionId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  return { accessToken, refreshToken, sessionId: row?.sessionId ?? '' };
}

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refreshToken', headers: { cookie: `refreshToken=${refreshToken}` } });

const authState = (accessToken: string) =>
  t.app.inject(asUser({ accessToken }, { method: 'GET', url: '/api/auth/auth-state' }));

const storedToken = async (token: string) => {
  const [row] = await t.database.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row;
};

const sessionRevokedAt = async (sessionId: string) => {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
  return row?.revokedAt;
};

describe('refreshes racing with one token', () => {
  it('all get the same successor, and the session goes on', async () => {
    const device = await signIn();
    const answers = await Promise.all([1, 2, 3, 4].map(() => refresh(device.refreshToken)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const successors = new Set(answers.map((answer) => answer.json().data.refreshToken));
    expect(successors.size).toBe(1);
    const [successor = ''] = successors;
    expect(successor).not.toBe(device.refreshToken);
    for (const answer of answers) {
      expect(setCookie(answer, 'refreshToken')?.value).toBe(successor);
      expect(answer.json()).toMatchObject({ success: true, message: AUTH_MESSAGES.tokenRefreshed });
      expect((await authState(answer.json().data.accessToken)).statusCode).toBe(200);
    }

    // Stored: the presented token rotated once, into the one successor; the session untouched.
    const rotated = await storedToken(device.refreshToken);
    const next = await storedToken(successor);
    expect(rotated?.revokedAt).not.toBeNull();
    expect(rotated?.replacedBy).toBe(next?.id);
    expect(next).toMatchObject({ familyId: device.sessionId, revokedAt: null, replacedBy: null });
    const family = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, device.sessionId));
    expect(family).toHaveLength(2);
    expect(await sessionRevokedAt(device.sessionId)).toBeNull();
    expect((await authState(device.accessToken)).statusCode).toBe(200);

    // The successor works as any refresh token does.
    const onward = await refresh(successor);
    expect(onward.statusCode).toBe(200);
    expect(onward.json().data.refreshToken).not.toBe(successor);
  });

  it('derive the successor from the presented token with a key from the JWT secret, storing only hashes', async () => {
    const device = await signIn();
    const answer = await refresh(device.refreshToken);
    const expected = successorToken(successorKeyFrom(t.config.jwtSecret), device.refreshToken);
    expect(answer.json().data.refreshToken).toBe(expected);
    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, device.sessionId));
    expect(rows.map((row) => row.tokenHash).sort()).toEqual(
      [hashToken(device.refreshToken), hashToken(expected)].sort(),
    );
  });
});

describe("a session's refresh tokens", () => {
  it('are one usable token at a time, kept by the database: a second live token in the session is refused', async () => {
    const device = await signIn();
    const [live] = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, device.sessionId));
    await expect(
      t.database.db.insert(refreshTokens).values({
        userId: live?.userId ?? '',
        familyId: device.sessionId,
        tokenHash: hashToken('a second token for the same session'),
        expiresAt: live?.expiresAt ?? new Date(),
      }),
    ).rejects.toThrow();
    const family = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, device.sessionId));
    expect(family).toHaveLength(1);
    expect((await refresh(device.refreshToken)).statusCode).toBe(200);
  });
});

describe('a rotated token presented again', () => {
  it("within the grace, after its successor was used too, gets the session's current token", async () => {
    const device = await signIn();
    const first = (await refresh(device.refreshToken)).json().data.refreshToken;
    const second = (await refresh(first)).json().data.refreshToken;

    const late = await refresh(device.refreshToken);
    expect(late.statusCode).toBe(200);
    // The current token, never the older `first`: a cookie set back to it would end the session later.
    expect(late.json().data.refreshToken).toBe(second);
    expect(setCookie(late, 'refreshToken')?.value).toBe(second);
    expect((await authState(late.json().data.accessToken)).statusCode).toBe(200);
    expect(await sessionRevokedAt(device.sessionId)).toBeNull();
    // Nothing was rotated for it: `second` is still the one live token of the session.
    expect((await storedToken(second))?.revokedAt).toBeNull();
    expect((await refresh(second)).statusCode).toBe(200);
  });

  it('past the grace ends the session: its refresh and access tokens are refused', async () => {
    const device = await signIn();
    const rotated = (await refresh(device.refreshToken)).json().data;

    movePastRefreshGrace(t.config);
    const reuse = await refresh(device.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ success: false, message: AUTH_MESSAGES.sessionExpired });
    expect(setCookie(reuse, 'refreshToken')).toBeUndefined();

    expect(await sessionRevokedAt(device.sessionId)).not.toBeNull();
    const state = await authState(rotated.accessToken);
    expect(state.statusCode).toBe(401);
    expect(state.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.unauthorized });
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
    const family = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, device.sessionId));
    expect(family.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('after a logout is refused, however soon', async () => {
    const device = await signIn();
    const rotated = (await refresh(device.refreshToken)).json().data;
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `refreshToken=${rotated.refreshToken}` },
    });
    expect(logout.statusCode).toBe(200);
    expect((await refresh(device.refreshToken)).statusCode).toBe(401);
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
  });

  it('after a password change is refused for the other sessions, however soon', async () => {
    const user = await signedInUser(t.app);
    const login = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
    const laptop = (await login()).json();
    const laptopRotated = (await refresh(laptop.refreshToken)).json().data;
    const change = await t.app.inject(
      asUser(user, {
        method: 'PUT',
        url: '/api/auth/reset-password',
        payload: { oldPassword: user.password, newPassword: 'a brand new secret' },
      }),
    );
    expect(change.statusCode).toBe(200);
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(401);
    expect((await refresh(laptopRotated.refreshToken)).statusCode).toBe(401);
  });
});

describe('the grace window', () => {
  const sign = () => 'access-token';
  const key = () => successorKeyFrom(t.config.jwtSecret);

  it('forgives a re-presentation up to its last millisecond, and not one after', async () => {
    const graceMs = 5000;
    const rotatedAt = new Date();
    const edge = await signIn();
    const rotation = (now: Date) => ({ successorKey: key(), graceMs, now });
    const successor = await rotateRefreshToken(t.app.db, edge.refreshToken, sign, () => {}, rotation(rotatedAt));
    const atEdge = await rotateRefreshToken(
      t.app.db,
      edge.refreshToken,
      sign,
      () => {},
      rotation(new Date(rotatedAt.getTime() + graceMs)),
    );
    expect(atEdge.refreshToken).toBe(successor.refreshToken);

    const revoked: string[][] = [];
    await expect(
      rotateRefreshToken(
        t.app.db,
        edge.refreshToken,
        sign,
        (ids) => revoked.push(ids),
        rotation(new Date(rotatedAt.getTime() + graceMs + 1)),
      ),
    ).rejects.toMatchObject({ statusCode: 401, message: AUTH_MESSAGES.sessionExpired });
    expect(revoked).toEqual([[edge.sessionId]]);
    expect(await sessionRevokedAt(edge.sessionId)).not.toBeNull();
  });

  it('is off at 0: any reuse ends the session at once', async () => {
    const device = await signIn();
    const rotation = { successorKey: key(), graceMs: 0 };
    await rotateRefreshToken(t.app.db, device.refreshToken, sign, () => {}, rotation);
    await expect(rotateRefreshToken(t.app.db, device.refreshToken, sign, () => {}, rotation)).rejects.toMatchObject({
      statusCode: 401,
    });
    expect(await sessionRevokedAt(device.sessionId)).not.toBeNull();
  });
});
