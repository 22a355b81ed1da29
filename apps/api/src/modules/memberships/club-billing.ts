import { siteHref } from '@carcare/contracts/site-routes';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberships, users } from '../../db/schema';
import type { MembershipEvent } from '../payments/public';
import { type ClubShop, membershipCancelledEmail, renewalFailedEmail } from './membership-emails';
import { applyMembershipEvent } from './membership-events';
import { membershipFor } from './membership-reads';

/** The shop as a membership email names it. */
export function clubShopOf(app: FastifyInstance): ClubShop {
  const { settings } = app.shop.current();
  return {
    name: settings.businessName,
    currency: settings.currency,
    locale: app.config.business.locale,
    timeZone: settings.timeZone,
  };
}

/**
 * Applies the provider's reports in order, each once, and tells the member what concerns them: a renewal that
 * failed (with the page to update the card on). Mails go out after the reply; a failure to send is logged.
 */
export async function applyEvents(app: FastifyInstance, provider: string, events: MembershipEvent[]): Promise<void> {
  for (const event of events) {
    const outcome = await applyMembershipEvent(app.db, provider, event);
    if (!outcome.applied || !outcome.failed) continue;
    const [row] = await app.db
      .select({ email: users.email, session: memberships.checkoutSessionId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.customerId))
      .where(eq(memberships.id, outcome.membershipId));
    const membership = await membershipFor(app.db, outcome.membershipId, undefined);
    if (!row?.email || !membership || !row.session) continue;
    const url = `${app.config.publicUrl}${siteHref('clubCheckout', { session: row.session })}`;
    await app.mailer.send(renewalFailedEmail(row.email, membership, clubShopOf(app), url));
  }
}

/** Confirms a member's cancellation by email. */
export async function mailCancellation(app: FastifyInstance, to: string | null, membershipId: string) {
  const membership = await membershipFor(app.db, membershipId, undefined);
  if (!to || !membership) return;
  await app.mailer.send(membershipCancelledEmail(to, membership, clubShopOf(app)));
}
