import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { siteHref } from '@carcare/contracts/site-routes';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Database } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import { newOpaqueToken } from './tokens';

/** How long the link a customer the shop added is sent stays valid. */
export const CLAIM_LINK_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Emails a customer the shop added a link to set their password, valid for CLAIM_LINK_DAYS: only the newest
 * link sent works. Refused (409) when the customer has no email or has already set a password; a user who
 * is not a customer is not found (404).
 */
export async function sendClaimLink(
  db: Database,
  customerId: string,
  options: { mailer: Mailer; publicUrl: string; businessName: string; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  const { token, hash: tokenHash } = newOpaqueToken();
  const customer = await db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'passwordResets', customerId);
    const [found] = await tx.select().from(users).where(eq(users.id, customerId)).for('update');
    if (found?.role !== 'user') throw new AppError(404, FRONT_DESK_MESSAGES.customerUnknown);
    if (found.passwordHash !== null) throw new AppError(409, FRONT_DESK_MESSAGES.alreadyClaimed);
    if (found.email === null) throw new AppError(409, FRONT_DESK_MESSAGES.claimNoEmail);
    const ofCustomer = eq(passwordResetTokens.userId, customerId);
    // Only the newest link works: sending one ends every claim link sent before it.
    await tx
      .update(passwordResetTokens)
      .set({ expiresAt: now })
      .where(
        and(
          ofCustomer,
          eq(passwordResetTokens.purpose, 'claim'),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      );
    await tx.insert(passwordResetTokens).values({
      userId: customerId,
      tokenHash,
      purpose: 'claim',
      expiresAt: new Date(now.getTime() + CLAIM_LINK_DAYS * DAY_MS),
      createdAt: now,
    });
    return { email: found.email, firstName: found.firstName };
  });
  const link = `${options.publicUrl}${siteHref('claimAccount', {}, { token })}`;
  await options.mailer.send({
    to: customer.email,
    subject: `Your ${options.businessName} account`,
    text: `Hello ${customer.firstName},\n\n${options.businessName} keeps your bookings in an account. Open this link within ${CLAIM_LINK_DAYS} days to choose a password, and you can see and manage them yourself:\n\n${link}\n\nIf you did not expect this email, ignore it.\n`,
  });
}
