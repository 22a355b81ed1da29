import { randomBytes } from 'node:crypto';
import type { LoginInput } from '@carcare/contracts/auth';
import { AUTH_MESSAGES, REFRESH_TOKEN_DAYS } from '@carcare/contracts/auth-constants';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import type { Role } from '@carcare/contracts/users';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, exists, gt, isNull, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { violates } from '../../db/errors';
import { passwordResetTokens, refreshTokens, sessions, type UserRow, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  createUser,
  findUserByEmail,
  findUserById,
  type NewUser,
  replacePasswordHash,
  setPasswordHash,
} from '../users/public';
import { currentTokenWithinGrace, type RefreshRotation } from './refresh-grace';
import { changeRoleAudited } from './role-changes';
import { openSession, revokeSession, revokeUserSessions } from './sessions';
import { hashToken, newOpaqueToken, successorToken } from './tokens';

/** Signs an access token for the user that names the session it belongs to. */
type AccessTokenSigner = (user: UserRow, sessionId: string) => string;
export type Session = { user: UserRow; accessToken: string; refreshToken: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Argon2id with 7 MiB, 5 passes and one lane: one of the settings OWASP's password storage cheat sheet gives as
 * equally strong as 19 MiB and 2 passes, trading memory for passes. A burst of sign-ins holds a hash's memory
 * per worker thread at once, so the smaller setting keeps the server's peak down (decision 050).
 */
const ARGON2 = {
  // 2 is Algorithm.Argon2id, a const enum that cannot be imported under verbatimModuleSyntax.
  algorithm: 2,
  memoryCost: 7168,
  timeCost: 5,
  parallelism: 1,
} as const;
/** How a hash made with ARGON2 begins: its algorithm, version and settings, as the PHC string writes them. */
const CURRENT_HASH_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** Whether a stored hash was made with other settings than ARGON2's (an account from before decision 050). */
const hashIsOutdated = (passwordHash: string) => !passwordHash.startsWith(CURRENT_HASH_PREFIX);

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a password nobody knows, checked when no account has the email, so that an unknown email
 * costs the same argon2 verification as a wrong password and timing does not tell who has an account.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

async function issueRefreshToken(
  db: Executor,
  userId: string,
  familyId: string,
  token = newOpaqueToken().token,
  now = new Date(),
) {
  const [row] = await db
    .insert(refreshTokens)
    .values({
      userId,
      familyId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_DAYS * DAY_MS),
    })
    .returning({ id: refreshTokens.id });
  if (!row) throw new Error('refresh token was not stored');
  return { token, id: row.id };
}

/**
 * How a sign-in's session refreshes: `rotates` false for a client that keeps the refresh token it got at
 * sign-in (an origin of NON_ROTATING_REFRESH_ORIGINS, decision 015), whose token then serves its whole life.
 */
export type SessionKind = { rotates: boolean };

/** Starts a new session: its first refresh token and an access token naming it. */
async function startSession(db: Database, user: UserRow, sign: AccessTokenSigner, kind: SessionKind): Promise<Session> {
  return db.transaction(async (tx) => {
    const sessionId = await openSession(tx, user.id, kind);
    const { token } = await issueRefreshToken(tx, user.id, sessionId);
    return { user, accessToken: sign(user, sessionId), refreshToken: token };
  });
}

type RegisterCustomerInput = Omit<NewUser, 'passwordHash' | 'role'> & { password: string };

export async function registerCustomer(
  db: Database,
  input: RegisterCustomerInput,
  sign: AccessTokenSigner,
  kind: SessionKind = { rotates: true },
): Promise<Session> {
  const { password, ...profile } = input;
  const user = await createUser(db, { ...profile, passwordHash: await hashPassword(password), role: 'user' });
  if (!user) throw new AppError(409, AUTH_MESSAGES.emailTaken);
  return startSession(db, user, sign, kind);
}

export async function logIn(
  db: Database,
  input: Required<LoginInput>,
  sign: AccessTokenSigner,
  kind: SessionKind = { rotates: true },
): Promise<Session> {
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await passwordMatches(await dummyPasswordHash(), input.password);
    throw new AppError(404, AUTH_MESSAGES.noAccount);
  }
  // A customer the shop added signs in once they have set a password (the link they were sent, or a reset).
  if (
    !(await passwordMatches(user.passwordHash ?? (await dummyPasswordHash()), input.password)) ||
    !user.passwordHash
  ) {
    throw new AppError(401, AUTH_MESSAGES.wrongPassword);
  }
  // Hashed again with today's settings while the password is at hand; never over a password changed meanwhile.
  if (hashIsOutdated(user.passwordHash)) {
    await replacePasswordHash(db, user.id, user.passwordHash, await hashPassword(input.password));
  }
  return startSession(db, user, sign, kind);
}

/**
 * The session of a live refresh token whose session does not rotate (decision 015): such a token is
 * answered with itself until it expires or its session is revoked (logout, password change, reset).
 */
async function keptTokenSession(db: Executor, tokenHash: string, now: Date) {
  const [kept] = await db
    .select({ userId: refreshTokens.userId, sessionId: refreshTokens.familyId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.familyId))
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
        eq(sessions.rotates, false),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1);
  return kept;
}

/**
 * Exchanges a refresh token for a new pair. The old token is retired in the same statement that
 * checks it, so two racing refreshes cannot both rotate it: the loser (on PostgreSQL it waits for the
 * winner's row lock, then finds the token rotated) gets the session's current token if it comes within
 * the grace window. Presenting a retired token otherwise means it leaked, and its whole session is
 * revoked (and reported to `onRevoked`). A session that does not rotate keeps its token: it gets a new
 * access token and the same refresh token back.
 */
export async function rotateRefreshToken(
  db: Database,
  token: string,
  sign: AccessTokenSigner,
  onRevoked: (sessionIds: string[]) => void,
  rotation: RefreshRotation,
): Promise<Session> {
  const tokenHash = hashToken(token);
  const now = rotation.now ?? new Date();
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
          exists(
            tx
              .select({ id: sessions.id })
              .from(sessions)
              .where(and(eq(sessions.id, refreshTokens.familyId), eq(sessions.rotates, true))),
          ),
        ),
      )
      .returning();
    if (!current) {
      const kept = await keptTokenSession(tx, tokenHash, now);
      const keeper = kept && (await findUserById(tx, kept.userId));
      if (kept && keeper) return { user: keeper, sessionId: kept.sessionId, refreshToken: token };
      const reissued = await currentTokenWithinGrace(tx, token, rotation, now);
      const user = reissued && (await findUserById(tx, reissued.userId));
      return reissued && user
        ? { user, sessionId: reissued.sessionId, refreshToken: reissued.refreshToken }
        : undefined;
    }
    const user = await findUserById(tx, current.userId);
    if (!user) return undefined;
    // Derived, not random: the same token presented again within the grace gets this successor back.
    const successor = successorToken(rotation.successorKey, token);
    const next = await issueRefreshToken(tx, user.id, current.familyId, successor, now);
    await tx.update(refreshTokens).set({ replacedBy: next.id }).where(eq(refreshTokens.id, current.id));
    return { user, sessionId: current.familyId, refreshToken: successor };
  });
  if (!outcome) {
    onRevoked(await revokeSessionOf(db, tokenHash));
    throw new AppError(401, AUTH_MESSAGES.sessionExpired);
  }
  return {
    user: outcome.user,
    refreshToken: outcome.refreshToken,
    accessToken: sign(outcome.user, outcome.sessionId),
  };
}

/** Revokes the session a refresh token belongs to, whether the token is current, rotated or expired. */
async function revokeSessionOf(db: Executor, tokenHash: string): Promise<string[]> {
  const [known] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return known ? revokeSession(db, known.familyId) : [];
}

/**
 * Ends a session: the one of the presented refresh token, and the one the caller's access token names
 * (usually the same). Unknown or already revoked tokens are ignored. Returns the sessions it revoked.
 */
export async function logOut(
  db: Database,
  presented: { refreshToken?: string; accessToken?: { sessionId: string; userId: string } },
): Promise<string[]> {
  const revoked = presented.refreshToken ? await revokeSessionOf(db, hashToken(presented.refreshToken)) : [];
  const { accessToken } = presented;
  if (accessToken) revoked.push(...(await revokeSession(db, accessToken.sessionId, accessToken.userId)));
  return revoked;
}

/** Changes another user's role, kept in the audit trail; one's own role is not one's to change. */
export async function changeRole(db: Database, actor: UserRow, targetId: string, role: Role): Promise<UserRow> {
  if (actor.id === targetId) throw new AppError(403, AUTH_MESSAGES.ownRole);
  return changeRoleAudited(db, actor, targetId, role);
}

/**
 * Changes the password given the current one. Every other session of the user ends and every reset
 * link still outstanding stops working; the session that asked goes on. Returns the sessions it revoked.
 */
export async function changePassword(
  db: Database,
  user: UserRow,
  currentSessionId: string,
  passwords: { oldPassword: string; newPassword: string },
): Promise<string[]> {
  if (!user.passwordHash || !(await passwordMatches(user.passwordHash, passwords.oldPassword))) {
    throw new AppError(400, AUTH_MESSAGES.oldPasswordWrong);
  }
  const passwordHash = await hashPassword(passwords.newPassword);
  return db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    return revokeUserSessions(tx, user.id, currentSessionId);
  });
}

/**
 * Sets a new password with a reset token, once, and signs the account out everywhere; every other link
 * of the account stops working. Returns the sessions it revoked.
 */
export async function recoverPassword(
  db: Database,
  token: string,
  newPassword: string,
  now: Date = new Date(),
): Promise<string[]> {
  const passwordHash = await hashPassword(newPassword);
  const revoked = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          eq(passwordResetTokens.purpose, 'reset'),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ id: passwordResetTokens.id, userId: passwordResetTokens.userId });
    if (!used) return undefined;
    await setPasswordHash(tx, used.userId, passwordHash);
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, used.userId), ne(passwordResetTokens.id, used.id)));
    return revokeUserSessions(tx, used.userId);
  });
  if (!revoked) throw new AppError(400, AUTH_MESSAGES.resetTokenInvalid);
  return revoked;
}

/**
 * A customer the shop added sets their password with the link they were sent (and their email, when the
 * account has none): the link is used up, every other link of the account stops working, and the customer is
 * signed in as a login signs them in. A bad, used or expired link, or an account that already has a password,
 * is refused (400).
 */
export async function claimAccount(
  db: Database,
  input: { token: string; password: string; email?: string },
  sign: AccessTokenSigner,
  kind: SessionKind = { rotates: true },
  now: Date = new Date(),
): Promise<Session> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [used] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashToken(input.token)),
            eq(passwordResetTokens.purpose, 'claim'),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ id: passwordResetTokens.id, userId: passwordResetTokens.userId });
      const [customer] = used ? await tx.select().from(users).where(eq(users.id, used.userId)).for('update') : [];
      if (!used || !customer || customer.passwordHash !== null) {
        throw new AppError(400, FRONT_DESK_MESSAGES.claimInvalid);
      }
      const email = customer.email ?? input.email;
      if (email === undefined) throw new AppError(400, FRONT_DESK_MESSAGES.claimEmailRequired);
      const [claimed] = await tx
        .update(users)
        .set({ passwordHash, email: email.toLowerCase() })
        .where(eq(users.id, customer.id))
        .returning();
      if (!claimed) throw new Error('the claimed account vanished');
      await tx
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, claimed.id), ne(passwordResetTokens.id, used.id)));
      const sessionId = await openSession(tx, claimed.id, kind);
      const { token } = await issueRefreshToken(tx, claimed.id, sessionId, undefined, now);
      return { user: claimed, accessToken: sign(claimed, sessionId), refreshToken: token };
    });
  } catch (error) {
    if (violates(error, 'users_email_key')) throw new AppError(409, AUTH_MESSAGES.emailTaken);
    throw error;
  }
}
