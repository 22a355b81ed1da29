import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { USER_MESSAGES } from '@carcare/contracts/users-constants';
import { hash as argon2Hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  asUser,
  createTestApp,
  movePastRefreshGrace,
  setCookie,
  signedInUser,
  type TestApp,
} from '../../../test/helper';
import { refreshTokens, users } from '../../db/schema';
import { replacePasswordHash } from '../users/public';
import { hashPassword } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let registrationCounter = 0;
const registration = (overrides: Record<string, unknown> = {}) => {
  registrationCounter += 1;
  return {
    firstName: 'Nadia',
    lastName: 'Rahman',
    email: `nadia${registrationCounter}@example.com`,
    address: '22 Gulshan Avenue, Dhaka',
    password: 'a long secret',
    confirmPassword: 'a long secret',
    phone: '+8801712345678',
    ...overrides,
  };
};

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register/customer', payload });

const storedUser = async (email: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row;
};

describe('POST /api/auth/register/customer', () => {
  it('creates a customer, signs it in and sets the refresh cookie', async () => {
    const payload = registration({ email: 'Mixed.Case@Example.com' });
    const response = await register(payload);

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: AUTH_MESSAGES.registered,
      data: {
        firstName: 'Nadia',
        lastName: 'Rahman',
        email: 'mixed.case@example.com',
        address: '22 Gulshan Avenue, Dhaka',
        phone: '+8801712345678',
        image: null,
        role: 'user',
        auth: { role: 'user' },
      },
    });
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.data).not.toHaveProperty('passwordHash');

    const cookie = setCookie(response, 'refreshToken');
    expect(cookie).toMatchObject({ value: body.refreshToken, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60);

    const stored = await storedUser('mixed.case@example.com');
    expect(stored?.role).toBe('user');
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.passwordHash).not.toContain(payload.password);
  });

  it('always creates role user, whatever the body claims', async () => {
    const payload = registration({ role: 'admin', auth: { role: 'admin' } });
    const response = await register(payload);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.role).toBe('user');
    expect((await storedUser(payload.email))?.role).toBe('user');
  });

  it('refuses an email already registered, in any letter case, with 409', async () => {
    const first = registration();
    expect((await register(first)).statusCode).toBe(201);
    const response = await register(registration({ email: first.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.emailTaken });
  });

  it.each([
    ['firstName', { firstName: '' }, AUTH_MESSAGES.firstNameRequired],
    ['firstName', { firstName: '   ' }, AUTH_MESSAGES.firstNameRequired],
    ['lastName', { lastName: undefined }, AUTH_MESSAGES.lastNameRequired],
    ['address', { address: '' }, AUTH_MESSAGES.addressRequired],
    ['email', { email: '' }, AUTH_MESSAGES.emailRequired],
    ['email', { email: 'not-an-email' }, AUTH_MESSAGES.emailInvalid],
    ['password', { password: '', confirmPassword: '' }, AUTH_MESSAGES.passwordRequired],
    ['confirmPassword', { confirmPassword: undefined }, AUTH_MESSAGES.confirmPasswordRequired],
    ['confirmPassword', { confirmPassword: 'something else' }, AUTH_MESSAGES.passwordsMustMatch],
    // An email the server lower-cases, beside a mismatch: still a 400 naming the confirmation.
    [
      'confirmPassword',
      { email: 'Nadia.Mixed@Example.com', confirmPassword: 'something else' },
      AUTH_MESSAGES.passwordsMustMatch,
    ],
    ['phone', { phone: '' }, AUTH_MESSAGES.phoneRequired],
    ['phone', { phone: '+880171' }, AUTH_MESSAGES.phoneInvalid],
    ['phone', { phone: 'call me' }, AUTH_MESSAGES.phoneInvalid],
  ])('rejects a bad %s with 400 %#', async (path, change, message) => {
    const payload = registration(change);
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.message).toBe(message);
    expect(body.errors).toContainEqual({ path, message });
    expect(setCookie(response, 'refreshToken')).toBeUndefined();
    expect(await storedUser(String(payload.email).toLowerCase())).toBeUndefined();
  });

  it('rejects a body that is not JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/customer',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'The request body is not valid JSON' });
  });
});

describe('POST /api/auth/login', () => {
  const credentials = registration();
  beforeAll(async () => {
    expect((await register(credentials)).statusCode).toBe(201);
  });

  it('signs in with the right password, whatever the email case', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: credentials.email.toUpperCase(), password: credentials.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: AUTH_MESSAGES.loggedIn, data: { email: credentials.email } });
    expect(typeof body.accessToken).toBe('string');
    expect(setCookie(response, 'refreshToken')?.value).toBe(body.refreshToken);
  });

  it('answers 401 for a wrong password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: credentials.email, password: 'wrong password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.wrongPassword });
    expect(setCookie(response, 'refreshToken')).toBeUndefined();
  });

  it('answers 404 for an unknown email', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'whatever' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.noAccount });
  });

  it.each([
    [{ password: 'x' }, 'email', AUTH_MESSAGES.emailRequired],
    [{ email: 'nope', password: 'x' }, 'email', AUTH_MESSAGES.emailInvalid],
    [{ email: 'a@example.com' }, 'password', AUTH_MESSAGES.passwordRequired],
    [{ email: 'a@example.com', password: '' }, 'password', AUTH_MESSAGES.passwordRequired],
  ])('rejects %j with 400', async (payload, path, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: [{ path, message }] });
  });
});

describe('password hashes (decision 050)', () => {
  /** The settings of every hash made before decision 050: argon2id, 19 MiB, 2 passes. */
  const EARLIER_HASH = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;
  const CURRENT_HASH = /^\$argon2id\$v=19\$m=7168,t=5,p=1\$/;
  const logIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('hashes a new password with argon2id at 7 MiB and 5 passes', async () => {
    const credentials = registration();
    expect((await register(credentials)).statusCode).toBe(201);
    expect((await storedUser(credentials.email))?.passwordHash).toMatch(CURRENT_HASH);
  });

  it("hashes an earlier account's password again at its next sign-in, which still works after", async () => {
    const credentials = registration();
    expect((await register(credentials)).statusCode).toBe(201);
    const earlier = await argon2Hash(credentials.password, { algorithm: 2 });
    expect(earlier).toMatch(EARLIER_HASH);
    await t.database.db.update(users).set({ passwordHash: earlier }).where(eq(users.email, credentials.email));

    expect((await logIn(credentials.email, 'wrong password')).statusCode).toBe(401);
    expect((await storedUser(credentials.email))?.passwordHash).toBe(earlier);
    expect((await logIn(credentials.email, credentials.password)).statusCode).toBe(200);
    const rehashed = (await storedUser(credentials.email))?.passwordHash;
    expect(rehashed).toMatch(CURRENT_HASH);
    expect((await logIn(credentials.email, credentials.password)).statusCode).toBe(200);
    expect((await storedUser(credentials.email))?.passwordHash).toBe(rehashed);
  });

  it('never puts a rehash over a password changed meanwhile', async () => {
    const credentials = registration();
    expect((await register(credentials)).statusCode).toBe(201);
    const user = await storedUser(credentials.email);
    if (!user?.passwordHash) throw new Error('the account was not stored');
    const changed = await hashPassword('a newer secret');
    await t.database.db.update(users).set({ passwordHash: changed }).where(eq(users.id, user.id));
    await replacePasswordHash(t.database.db, user.id, user.passwordHash, await hashPassword(credentials.password));
    expect((await storedUser(credentials.email))?.passwordHash).toBe(changed);
  });
});

describe('GET /api/auth/auth-state', () => {
  it('returns the signed-in user', async () => {
    const user = await signedInUser(t.app);
    const response = await t.app.inject(asUser(user, { method: 'GET', url: '/api/auth/auth-state' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { _id: user.id, email: user.email, role: 'user' } });
  });

  it.each([
    ['no header', undefined],
    ['a malformed token', 'Bearer not.a.jwt'],
    ['a token signed with another secret', `Bearer ${signWithOtherSecret()}`],
    ['an unsigned token', `Bearer ${unsignedToken()}`],
  ])('answers 401 with %s', async (_name, authorization) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/auth-state',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.unauthorized });
  });

  it('answers 401 for an expired access token', async () => {
    const user = await signedInUser(t.app);
    const { sid } = t.app.jwt.decode<{ sid: string }>(user.accessToken) ?? { sid: '' };
    const live = t.app.jwt.sign({ sub: user.id, role: 'user', sid });
    const expired = t.app.jwt.sign({ sub: user.id, role: 'user', sid }, { expiresIn: -10 });
    const authState = (accessToken: string) =>
      t.app.inject(asUser({ accessToken }, { method: 'GET', url: '/api/auth/auth-state' }));
    expect((await authState(live)).statusCode).toBe(200);
    expect((await authState(expired)).statusCode).toBe(401);
  });

  it('answers 401 for a validly signed token that names no session', async () => {
    const user = await signedInUser(t.app);
    const sessionless = t.app.jwt.sign({ sub: user.id, role: 'user' } as { sub: string; role: 'user'; sid: string });
    const response = await t.app.inject(
      asUser({ accessToken: sessionless }, { method: 'GET', url: '/api/auth/auth-state' }),
    );
    expect(response.statusCode).toBe(401);
  });
});

function signWithOtherSecret(): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ sub: crypto.randomUUID(), role: 'admin' })).toString('base64url');
  return `${header}.${payload}.c2lnbmF0dXJlLWZyb20tYW5vdGhlci1zZWNyZXQ`;
}

function unsignedToken(): string {
  const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ sub: crypto.randomUUID(), role: 'admin' })).toString('base64url');
  return `${header}.${payload}.`;
}

describe('POST /api/auth/refreshToken', () => {
  const refresh = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refreshToken', headers });

  it('rotates the token from the cookie and returns a new access token and user', async () => {
    const session = (await register(registration())).json();
    const response = await refresh({ cookie: `refreshToken=${session.refreshToken}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({ _id: session.data._id, email: session.data.email });
    expect(body.data.refreshToken).not.toBe(session.refreshToken);
    expect(setCookie(response, 'refreshToken')?.value).toBe(body.data.refreshToken);
    const state = await t.app.inject(
      asUser({ accessToken: body.data.accessToken }, { method: 'GET', url: '/api/auth/auth-state' }),
    );
    expect(state.statusCode).toBe(200);
  });

  it('accepts the refresh token as a bearer header', async () => {
    const session = (await register(registration())).json();
    const response = await refresh({ authorization: `Bearer ${session.refreshToken}` });
    expect(response.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is used again after the grace', async () => {
    const session = (await register(registration())).json();
    const rotated = (await refresh({ cookie: `refreshToken=${session.refreshToken}` })).json();

    movePastRefreshGrace(t.config);
    const reuse = await refresh({ cookie: `refreshToken=${session.refreshToken}` }).finally(() => vi.useRealTimers());
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ success: false, message: AUTH_MESSAGES.sessionExpired });

    const successor = await refresh({ cookie: `refreshToken=${rotated.data.refreshToken}` });
    expect(successor.statusCode).toBe(401);
    const live = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, session.data._id));
    expect(live.length).toBe(2);
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('refuses an expired refresh token', async () => {
    const session = (await register(registration())).json();
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, session.data._id));
    const response = await refresh({ cookie: `refreshToken=${session.refreshToken}` });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a missing or unknown token', async () => {
    expect((await refresh({})).statusCode).toBe(401);
    const unknown = await refresh({ cookie: 'refreshToken=made-up-token' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.sessionExpired);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the refresh token and clears its cookie', async () => {
    const session = (await register(registration())).json();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `refreshToken=${session.refreshToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.loggedOut });
    const cleared = setCookie(response, 'refreshToken');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');

    const afterwards = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refreshToken',
      headers: { cookie: `refreshToken=${session.refreshToken}` },
    });
    expect(afterwards.statusCode).toBe(401);
  });

  it('succeeds without a session, so that a stale client can always sign out', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
  });
});

describe('PUT /api/auth/update-role/:id', () => {
  const updateRole = (id: string, payload: unknown, caller?: { accessToken: string }) => {
    const options = { method: 'PUT' as const, url: `/api/auth/update-role/${id}`, payload: payload as object };
    return t.app.inject(caller ? asUser(caller, options) : options);
  };

  it('lets an admin make a user an admin, effective at once', async () => {
    const admin = await signedInUser(t.app, 'admin');
    const user = await signedInUser(t.app);
    const response = await updateRole(user.id, { role: 'admin' }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Successfully updated user role to admin',
      data: { _id: user.id, role: 'admin' },
    });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.role).toBe('admin');
    // The user's existing access token now carries admin rights, read from the database.
    const other = await signedInUser(t.app);
    expect((await updateRole(other.id, { role: 'admin' }, user)).statusCode).toBe(200);
  });

  it('answers 401 to a visitor and 403 to a customer, changing nothing', async () => {
    const customer = await signedInUser(t.app);
    const target = await signedInUser(t.app);
    const anonymous = await updateRole(target.id, { role: 'admin' });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await updateRole(target.id, { role: 'admin' }, customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.forbidden });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(stored?.role).toBe('user');
  });

  it("refuses an admin's change of their own role", async () => {
    const admin = await signedInUser(t.app, 'admin');
    const response = await updateRole(admin.id, { role: 'user' }, admin);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: AUTH_MESSAGES.ownRole });
  });

  it('answers 404 for an unknown user and 400 for a bad id or role', async () => {
    const admin = await signedInUser(t.app, 'admin');
    const unknown = await updateRole(crypto.randomUUID(), { role: 'user' }, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(USER_MESSAGES.notFound);

    const badId = await updateRole('not-a-uuid', { role: 'user' }, admin);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Invalid id');

    const user = await signedInUser(t.app);
    const badRole = await updateRole(user.id, { role: 'superuser' }, admin);
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toEqual({
      success: false,
      message: 'Role must be admin, staff or user',
      errors: [{ path: 'role', message: 'Role must be admin, staff or user' }],
    });
  });
});
