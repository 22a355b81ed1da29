import { PASSWORD_RESET_MINUTES } from '@carcare/contracts/auth-constants';
import { siteHref } from '@carcare/contracts/site-routes';
import { and, count, eq, gt, isNull, lte } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import { findUserByEmail } from '../users/public';
import { newOpaqueToken } from './tokens';

/**
 * The most reset mails one account is sent in an hour, however many times and on however many instances
 * it is asked for: the form cannot be used to flood someone's mailbox.
 */
export const MAX_RESET_MAILS_PER_HOUR = 3;

const HOUR_MS = 60 * 60 * 1000;

/**
 * Emails a one-time link valid for PASSWORD_RESET_MINUTES, unless the account was sent
 * MAX_RESET_MAILS_PER_HOUR already in the past hour. Unknown emails and accounts past the limit get the
 * same answer (given before this runs) and no mail, so that the form tells nothing about an account.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  options: { mailer: Mailer; publicUrl: string; businessName: string; now?: Date },
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user?.email) return;
  const to = user.email;
  const now = options.now ?? new Date();
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const { token, hash: tokenHash } = newOpaqueToken();
  const ofUser = eq(passwordResetTokens.userId, user.id);
  const issued = await db.transaction(async (tx) => {
    // The links of the past hour are the mails sent in it: counted under a lock, so concurrent requests
    // (here or on another instance) take their turn and the last ones see the limit reached.
    await lockUntilCommit(tx, 'passwordResets', user.id);
    await tx
      .delete(passwordResetTokens)
      .where(and(ofUser, isNull(passwordResetTokens.usedAt), lte(passwordResetTokens.createdAt, hourAgo)));
    const [sent] = await tx
      .select({ value: count() })
      .from(passwordResetTokens)
      .where(and(ofUser, gt(passwordResetTokens.createdAt, hourAgo)));
    if ((sent?.value ?? 0) >= MAX_RESET_MAILS_PER_HOUR) return false;
    // Only the newest link works: issuing one ends every link sent before it (kept, to be counted).
    await tx
      .update(passwordResetTokens)
      .set({ expiresAt: now })
      .where(and(ofUser, isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)));
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000),
      createdAt: now,
    });
    return true;
  });
  if (!issued) return;
  const link = `${options.publicUrl}${siteHref('resetPassword', {}, { token })}`;
  await options.mailer.send({
    to,
    subject: `Reset your ${options.businessName} password`,
    text: `Hello ${user.firstName},\n\nSomeone asked to reset the password of your ${options.businessName} account. Open this link within ${PASSWORD_RESET_MINUTES} minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
  });
}
