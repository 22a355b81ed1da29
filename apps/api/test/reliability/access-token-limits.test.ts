import { createHmac } from 'node:crypto';
import { ACCESS_TOKEN_MINUTES } from '@carcare/contracts/auth-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from '../helper';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInUser(t.app);
  bob = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const UNAUTHORIZED = { success: false, message: GENERIC_ERROR_MESSAGES.unauthorized };

const authState = (token: string) =>
  t.app.inject(asUser({ accessToken: token }, { method: 'GET', url: '/api/auth/auth-state' }));

/** What the server put in a token it issued. */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    role: string;
    sid: string;
    iat: number;
    exp: number;
  };

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with the app's own secret (HS256) and exactly the claims given, nothing added. */
function signed(claims: Record<string, unknown>): string {
  const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}`;
  return `${unsigned}.${createHmac('sha256', t.config.jwtSecret).update(unsigned).digest('base64url')}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("an access token's session", () => {
  it("refuses a validly signed token that names another user's live session", async () => {
    const bobSession = claimsOf(bob.accessToken).sid;
    const forged = signed({ sub: alice.id, role: 'user', sid: bobSession, iat: nowSeconds(), exp: nowSeconds() + 600 });

    const response = await authState(forged);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
    // Both sessions are still there for their owners.
    expect((await authState(alice.accessToken)).statusCode).toBe(200);
    expect((await authState(bob.accessToken)).statusCode).toBe(200);
  });

  it("a token naming another user's session cannot log that session out", async () => {
    const victim = await signedInUser(t.app);
    const forged = signed({
      sub: alice.id,
      role: 'user',
      sid: claimsOf(victim.accessToken).sid,
      iat: nowSeconds(),
      exp: nowSeconds() + 600,
    });

    const logout = await t.app.inject(asUser({ accessToken: forged }, { method: 'POST', url: '/api/auth/logout' }));
    expect(logout.statusCode).toBe(200);
    expect((await authState(victim.accessToken)).statusCode).toBe(200);
  });

  it('refuses a validly signed token whose session or user is no id at all, rather than failing on it', async () => {
    for (const claims of [
      { sub: alice.id, sid: 'not-a-session' },
      { sub: 'not-a-user', sid: claimsOf(alice.accessToken).sid },
    ]) {
      const response = await authState(signed({ ...claims, role: 'user', iat: nowSeconds(), exp: nowSeconds() + 600 }));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
    }
  });
});

describe("an access token's lifetime", () => {
  it(`ends ${ACCESS_TOKEN_MINUTES} minutes after it was issued, however late its exp`, async () => {
    const { sid } = claimsOf(alice.accessToken);
    const longLived = signed({ sub: alice.id, role: 'user', sid, iat: nowSeconds(), exp: nowSeconds() + 365 * 86_400 });
    expect((await authState(longLived)).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (ACCESS_TOKEN_MINUTES + 1) * 60_000 });
    const later = await authState(longLived);
    expect(later.statusCode).toBe(401);
    expect(later.json()).toEqual(UNAUTHORIZED);
  });

  it(`refuses a token issued ${ACCESS_TOKEN_MINUTES + 1} minutes ago whose exp is a year ahead`, async () => {
    const { sid } = claimsOf(alice.accessToken);
    const issued = nowSeconds() - (ACCESS_TOKEN_MINUTES + 1) * 60;
    const response = await authState(
      signed({ sub: alice.id, role: 'user', sid, iat: issued, exp: issued + 365 * 86_400 }),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });

  it('refuses a token that does not say when it was issued', async () => {
    const { sid } = claimsOf(alice.accessToken);
    const response = await authState(signed({ sub: alice.id, role: 'user', sid, exp: nowSeconds() + 600 }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });

  it('refuses a token issued in the future, which the age limit would never reach', async () => {
    const { sid } = claimsOf(alice.accessToken);
    const issued = nowSeconds() + 365 * 86_400;
    const response = await authState(signed({ sub: alice.id, role: 'user', sid, iat: issued, exp: issued + 600 }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });
});
