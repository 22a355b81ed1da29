import { randomUUID } from 'node:crypto';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { statementCounter } from '../../../test/reliability/statements';
import { findSignedInUser } from '../users/public';
import { createSessionCheck, revokeSession } from './sessions';

let t: TestApp;
let counter: ReturnType<typeof statementCounter> | undefined;

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  counter?.restore();
  counter = undefined;
});
afterAll(async () => {
  await t.close();
});

/** The session an access token names. */
const sessionOf = (user: TestUser): string =>
  JSON.parse(Buffer.from(user.accessToken.split('.')[1] ?? '', 'base64url').toString()).sid;

const customers = (count: number) => Promise.all(Array.from({ length: count }, () => signedInUser(t.app)));

/** Runs `reads` at once while the first statement they send is held: the others arrive while it is under way. */
async function whileTheFirstIsHeld<T>(reads: () => Promise<T>): Promise<T> {
  counter = statementCounter(t.database);
  const first = counter.holdNext();
  const answered = reads();
  await first.hasRun;
  first.release();
  return answered;
}

describe("a signed-in request's reads, made at once", () => {
  it('reads the users asked for while a read is under way in one statement, each answered its own', async () => {
    const signedIn = await customers(6);
    const ids = [...signedIn.map((user) => user.id), randomUUID(), signedIn[0]?.id ?? ''];

    const found = await whileTheFirstIsHeld(() => Promise.all(ids.map((id) => findSignedInUser(t.app.db, id))));

    expect(found.map((user) => user?.email)).toEqual([
      ...signedIn.map((user) => user.email),
      undefined,
      signedIn[0]?.email,
    ]);
    // The first read alone, then the seven asked for while it was under way.
    expect(counter?.reading('users')).toBe(2);
  });

  it("reads the sessions asked for while a read is under way in one statement: a revoked one or another user's is refused", async () => {
    const signedIn = await customers(5);
    const [first, revoked, borrowed, ...others] = signedIn;
    if (!first || !revoked || !borrowed) throw new Error('the customers were not signed in');
    await revokeSession(t.app.db, sessionOf(revoked));
    const check = createSessionCheck(t.app.db, 60_000);
    const asked = [
      [sessionOf(first), first.id],
      [sessionOf(revoked), revoked.id],
      [sessionOf(borrowed), first.id],
      ...others.map((user) => [sessionOf(user), user.id]),
      [randomUUID(), first.id],
    ] as const;

    const live = await whileTheFirstIsHeld(() =>
      Promise.all(asked.map(([session, user]) => check.isLive(session, user))),
    );

    expect(live).toEqual([true, false, false, true, true, false]);
    expect(counter?.reading('sessions')).toBe(2);
  });

  it('answers requests made at once each with its own user, and refuses the one whose session was revoked', async () => {
    const signedIn = await customers(6);
    const [, revoked] = signedIn;
    if (!revoked) throw new Error('the customers were not signed in');
    await revokeSession(t.app.db, sessionOf(revoked));

    const answers = await whileTheFirstIsHeld(() =>
      Promise.all(signedIn.map((user) => t.app.inject(asUser(user, { method: 'GET', url: '/api/auth/auth-state' })))),
    );

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.json().data?.email ?? answer.json().message)).toEqual(
      signedIn.map((user) => (user === revoked ? GENERIC_ERROR_MESSAGES.unauthorized : user.email)),
    );
    expect(counter?.reading('sessions')).toBeLessThan(signedIn.length);
    expect(counter?.reading('users')).toBeLessThan(signedIn.length - 1);
  });
});
