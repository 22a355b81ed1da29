import { AUTH_MESSAGES } from '@carcare/contracts/auth-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { passwordResetTokens } from '../../src/db/schema';
import { MAX_RESET_MAILS_PER_HOUR, requestPasswordReset } from '../../src/modules/auth/request-password-reset';
import {
  createPostgresDatabase,
  createTestApp,
  mailsTo,
  resetTokenIn,
  signedInUser,
  type TestApp,
  testDatabaseKind,
} from '../helper';
import { type ServerProcess, startInstances, stopServerProcesses } from '../server-process';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

const SAME_ANSWER = { success: true, message: AUTH_MESSAGES.resetLinkSent };

describe('forgot-password mails', () => {
  it('are at most 3 an hour per account, and the answer tells nothing of the limit', async () => {
    expect(MAX_RESET_MAILS_PER_HOUR).toBe(3);
    const user = await signedInUser(t.app);
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await forgot(user.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(SAME_ANSWER);
    }
    // An address with no account gets the very same answer.
    const unknown = await forgot('nobody.at.all@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(SAME_ANSWER);
    await t.app.backgroundTasks.settled();

    const mails = mailsTo(t.config.dataDir, user.email);
    expect(mails).toHaveLength(3);
    expect(mailsTo(t.config.dataDir, 'nobody.at.all@example.com')).toHaveLength(0);
    const links = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(links).toHaveLength(3);

    // Only the newest link works, the earlier ones do not.
    const recover = (mail: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/recover-password',
        payload: { token: resetTokenIn(mail), newPassword: 'a new password 1' },
      });
    const first = await recover(mails[0] ?? '');
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe(AUTH_MESSAGES.resetTokenInvalid);
    expect((await recover(mails[2] ?? '')).statusCode).toBe(200);
  });

  it('are sent again once the hour of the earliest has passed', async () => {
    const user = await signedInUser(t.app);
    const mailing = { mailer: t.app.mailer, publicUrl: t.config.publicUrl, businessName: 'CarCare' };
    const start = new Date();
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    for (const minutes of [0, 10, 20, 30, 59])
      await requestPasswordReset(t.database.db, user.email, { ...mailing, now: at(minutes) });
    expect(mailsTo(t.config.dataDir, user.email)).toHaveLength(3);
    // 60 minutes after the first, one mail of the hour has left the window.
    await requestPasswordReset(t.database.db, user.email, { ...mailing, now: at(60) });
    expect(mailsTo(t.config.dataDir, user.email)).toHaveLength(4);
    await requestPasswordReset(t.database.db, user.email, { ...mailing, now: at(65) });
    expect(mailsTo(t.config.dataDir, user.email)).toHaveLength(4);
  });

  it('are 3 of 10 requests at once: across two API processes on PostgreSQL, in one on the embedded database', async () => {
    const email = 'flooded.owner@example.com';
    const requests = Array.from({ length: 10 }, (_, index) => index);
    if (testDatabaseKind === 'postgres') {
      const postgres = await createPostgresDatabase();
      onTestFinished(() => postgres.drop());
      const instances = await startInstances(2, {
        DATABASE_URL: postgres.url,
        ADMIN_EMAIL: email,
        ADMIN_PASSWORD: 'the owner password',
        SEED_DEMO_DATA: 'false',
      });
      onTestFinished(() => instances.stop());
      const [a, b] = instances.servers as [ServerProcess, ServerProcess];
      const answers = await Promise.all(
        requests.map((index) =>
          fetch(`${(index % 2 === 0 ? a : b).base}/api/auth/forgot-password`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email }),
          }).then(async (response) => ({ status: response.status, body: await response.json() })),
        ),
      );
      expect(answers).toEqual(requests.map(() => ({ status: 200, body: SAME_ANSWER })));
      // A stopping server finishes the mails it started.
      await stopServerProcesses(instances.servers);
      const sent = instances.dataDirs.flatMap((dataDir) => mailsTo(dataDir, email));
      expect(sent).toHaveLength(3);
    } else {
      const user = await signedInUser(t.app);
      const answers = await Promise.all(requests.map(() => forgot(user.email)));
      expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual(
        requests.map(() => [200, SAME_ANSWER]),
      );
      await t.app.backgroundTasks.settled();
      expect(mailsTo(t.config.dataDir, user.email)).toHaveLength(3);
    }
  }, 120_000);
});
