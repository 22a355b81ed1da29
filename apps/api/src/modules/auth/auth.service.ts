import { randomUUID } from 'node:crypto';
import type { LoginInput } from '@carcare/contracts/auth';
import { AUTH_MESSAGES, PASSWORD_RESET_MINUTES, REFRESH_TOKEN_DAYS } from '@carcare/contracts/auth-constants';
import type { Role } from '@carcare/contracts/users';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { passwordResetTokens, refreshTokens, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import {
  createUser,
  findUserByEmail,
  findUserById,
  type NewUser,
  setPasswordHash,
  setUserRole,
} from '../users/users.service';
import { hashToken, newOpaqueToken } from './tokens';

export type AccessTokenSigner = (user: UserRow) => string;
export type Session = { user: UserRow; accessToken: string; refreshToken: string };

const DAY_MS = 24 * 60 * 60 * 1000;

export function hashPassword(password: string): Promise<string> {
  // 2 is Algorithm.Argon2id, a const enum that cannot be imported under verbatimModuleSyntax.
  return hash(password, { algorithm: 2 });
}

async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

async function issueRefreshToken(db: Executor, userId: string, familyId: string) {
  const { token, hash: tokenHash } = newOpaqueToken();
  const [row] = await db
    .insert(refreshTokens)
    .values({ userId, familyId, tokenHash, expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * DAY_MS) })
    .returning({ id: refreshTokens.id });
  if (!row) throw new Error('refresh token was not stored');
  return { token, id: row.id };
}

/** Starts a new session: a fresh refresh-token family. */
async function startSession(db: Executor, user: UserRow, sign: AccessTokenSigner): Promise<Session> {
  const { token } = await issueRefreshToken(db, user.id, randomUUID());
  return { user, accessToken: sign(user), refreshToken: token };
}

export type RegisterCustomerInput = Omit<NewUser, 'passwordHash' | 'role'> & { password: string };

export async function registerCustomer(
  db: Database,
  input: RegisterCustomerInput,
  sign: AccessTokenSigner,
): Promise<Session> {
  const { password, ...profile } = input;
  const user = await createUser(db, { ...profile, passwordHash: await hashPassword(password), role: 'user' });
  if (!user) throw new AppError(409, AUTH_MESSAGES.emailTaken);
  return startSession(db, user, sign);
}

export async function logIn(db: Database, input: Required<LoginInput>, sign: AccessTokenSigner): Promise<Session> {
  const user = await findUserByEmail(db, input.email);
  if (!user) throw new AppError(404, AUTH_MESSAGES.noAccount);
  if (!(await passwordMatches(user.passwordHash, input.password))) {
    throw new AppError(401, AUTH_MESSAGES.wrongPassword);
  }
  return startSession(db, user, sign);
}

/**
 * Exchanges a refresh token for a new pair. The old token is retired in the same statement that
 * checks it, so two racing refreshes cannot both win; presenting a retired token again means it
 * leaked, and the whole family is revoked.
 */
export async function rotateRefreshToken(db: Database, token: string, sign: AccessTokenSigner): Promise<Session> {
  const tokenHash = hashToken(token);
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!current) return undefined;
    const user = await findUserById(tx, current.userId);
    if (!user) return undefined;
    const next = await issueRefreshToken(tx, user.id, current.familyId);
    await tx.update(refreshTokens).set({ replacedBy: next.id }).where(eq(refreshTokens.id, current.id));
    return { user, refreshToken: next.token };
  });
  if (!outcome) {
    await revokeFamilyOf(db, tokenHash);
    throw new AppError(401, AUTH_MESSAGES.sessionExpired);
  }
  return { user: outcome.user, refreshToken: outcome.refreshToken, accessToken: sign(outcome.user) };
}

async function revokeFamilyOf(db: Executor, tokenHash: string): Promise<void> {
  const [known] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (!known) return;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, known.familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends the session the token belongs to; unknown or already revoked tokens are ignored. */
export async function logOut(db: Database, token: string | undefined): Promise<void> {
  if (token) await revokeFamilyOf(db, hashToken(token));
}

export async function changeRole(db: Database, actor: UserRow, targetId: string, role: Role): Promise<UserRow> {
  if (actor.id === targetId) throw new AppError(403, AUTH_MESSAGES.ownRole);
  const user = await setUserRole(db, targetId, role);
  if (!user) throw new AppError(404, AUTH_MESSAGES.userNotFound);
  return user;
}

export async function changePassword(db: Database, user: UserRow, oldPassword: string, newPassword: string) {
  if (!(await passwordMatches(user.passwordHash, oldPassword))) {
    throw new AppError(400, AUTH_MESSAGES.oldPasswordWrong);
  }
  await setPasswordHash(db, user.id, await hashPassword(newPassword));
}

/**
 * Emails a one-time link valid for PASSWORD_RESET_MINUTES. Unknown emails get the same answer and no
 * mail, so that the form does not tell who has an account.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  options: { mailer: Mailer; publicUrl: string; businessName: string; now?: Date },
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const now = options.now ?? new Date();
  const { token, hash: tokenHash } = newOpaqueToken();
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000),
  });
  const link = `${options.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await options.mailer.send({
    to: user.email,
    subject: `Reset your ${options.businessName} password`,
    text: `Hello ${user.firstName},\n\nSomeone asked to reset the password of your ${options.businessName} account. Open this link within ${PASSWORD_RESET_MINUTES} minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
  });
}

/** Sets a new password with a reset token, once, and signs the account out everywhere. */
export async function recoverPassword(db: Database, token: string, newPassword: string, now: Date = new Date()) {
  const passwordHash = await hashPassword(newPassword);
  const recovered = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return false;
    await setPasswordHash(tx, used.userId, passwordHash);
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, used.userId), isNull(refreshTokens.revokedAt)));
    return true;
  });
  if (!recovered) throw new AppError(400, AUTH_MESSAGES.resetTokenInvalid);
}
