import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  mailsTo as mailsToIn,
  resetTokenIn,
  signedInUser,
  type TestApp,
} from '../../../test/helper';
import { passwordResetTokens, refreshTokens } from '../../db/schema';
import { recoverPassword } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const mailsTo = (email: string) => mailsToIn(t.config.dataDir, email);

describe('PUT /api/auth/reset-password', () => {
  it('changes the password when the current one is right', async () => {
    const user = await signedInUser(t.app);
    const response = await t.app.inject(
      asUser(user, {
        method: 'PUT',
        url: '/api/auth/reset-password',
        payload: { oldPassword: user.password, newPassword: 'a brand new secret' },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordChanged });
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new secret')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a short new one and a visitor', async () => {
    const user = await signedInUser(t.app);
    const wrong = await t.app.inject(
      asUser(user, {
        method: 'PUT',
        url: '/api/auth/reset-password',
        payload: { oldPassword: 'nope', newPassword: 'long enough pw' },
      }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.oldPasswordWrong);
    const short = await t.app.inject(
      asUser(user, {
        method: 'PUT',
        url: '/api/auth/reset-password',
        payload: { oldPassword: user.password, newPassword: 'short' },
      }),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(AUTH_MESSAGES.newPasswordTooShort);
    const visitor = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/reset-password',
      payload: { oldPassword: 'a', newPassword: 'bbbbbbbbbb' },
    });
    expect(visitor.statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('forgot and recover password', () => {
  it('mails a one-time link and answers the same for an unknown email', async () => {
    const user = await signedInUser(t.app);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ghost@example.com' },
    });
    // The answer goes out before the mail: wait for the mail.
    await t.app.backgroundTasks.settled();
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(AUTH_MESSAGES.resetLinkSent);
    expect(mailsTo('ghost@example.com')).toHaveLength(0);

    const [mail] = mailsTo(user.email);
    expect(mail).toContain(`${t.config.publicUrl}/reset-password?token=`);
    const token = resetTokenIn(mail ?? '');
    expect(token.length).toBeGreaterThan(30);
    const stored = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(token);

    // A session started before the reset is ended by it.
    const session = (await login(user.email, user.password)).json();
    const recovered = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/recover-password',
      payload: { token, newPassword: 'recovered secret' },
    });
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json().message).toBe(AUTH_MESSAGES.passwordRecovered);
    expect((await login(user.email, 'recovered secret')).statusCode).toBe(200);
    const live = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(live.filter((row) => row.revokedAt === null)).toHaveLength(1);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refreshToken',
      headers: { cookie: `refreshToken=${session.refreshToken}` },
    });
    expect(refresh.statusCode).toBe(401);

    const reused = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/recover-password',
      payload: { token, newPassword: 'second attempt' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(AUTH_MESSAGES.resetTokenInvalid);
  });

  it('refuses a link older than an hour', async () => {
    const user = await signedInUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    await t.app.backgroundTasks.settled();
    const token = resetTokenIn(mailsTo(user.email)[0] ?? '');
    await expect(
      recoverPassword(t.database.db, token, 'too late secret', new Date(Date.now() + 61 * 60_000)),
    ).rejects.toThrow(AUTH_MESSAGES.resetTokenInvalid);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('rejects malformed requests with 400', async () => {
    const badEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nope' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe(AUTH_MESSAGES.emailInvalid);
    const noToken = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/recover-password',
      payload: { newPassword: 'long enough' },
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().message).toBe(AUTH_MESSAGES.resetTokenRequired);
    const made = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/recover-password',
      payload: { token: 'made-up', newPassword: 'long enough' },
    });
    expect(made.statusCode).toBe(400);
    expect(made.json().message).toBe(AUTH_MESSAGES.resetTokenInvalid);
  });
});
