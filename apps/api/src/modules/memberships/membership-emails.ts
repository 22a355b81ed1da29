import type { Membership } from '@carcare/contracts/memberships';
import type { Mail } from '../../lib/mailer';
import { escapeHtml, formatAmount } from '../payments/public';

/** What a membership email needs of the shop: its name and money. */
export type ClubShop = { name: string; currency: string; locale: string; timeZone: string };

const dayOf = (instant: string | null, shop: ClubShop) =>
  instant
    ? new Intl.DateTimeFormat(shop.locale, { dateStyle: 'long', timeZone: shop.timeZone }).format(new Date(instant))
    : '';

const carsOf = (membership: Membership) =>
  membership.vehicles
    .map(
      (vehicle) =>
        `${[vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ')}${vehicle.plate ? ` (${vehicle.plate})` : ''}`,
    )
    .join(', ');

function letter(to: string, subject: string, paragraphs: string[]): Mail {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: `<!doctype html><html><body>${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}</body></html>`,
  };
}

/** Confirms the member's cancellation: nothing more is billed, and it lasts to the end of the paid period. */
export function membershipCancelledEmail(to: string, membership: Membership, shop: ClubShop): Mail {
  const until = dayOf(membership.periodEnd, shop);
  return letter(to, `${shop.name}: your ${membership.plan.name} ends on ${until}`, [
    `You cancelled your ${membership.plan.name} for ${carsOf(membership)}.`,
    `Nothing more will be charged. Your washes continue until the end of the paid period, on ${until}.`,
    'Changed your mind? You can join again at any time from the wash club page.',
  ]);
}

/** Tells the member a renewal failed, and where to update the card before the grace period ends. */
export function renewalFailedEmail(to: string, membership: Membership, shop: ClubShop, cardUpdateUrl: string): Mail {
  return letter(to, `${shop.name}: we could not renew your ${membership.plan.name}`, [
    `We could not charge your card ${formatAmount(Math.round(membership.plan.price * 100), shop.currency)} for your ${membership.plan.name}.`,
    `You keep washing until ${dayOf(membership.graceUntil, shop)}. Update your card here to keep your membership: ${cardUpdateUrl}`,
  ]);
}

/** Reminds a yearly member of the coming renewal: when, how much, and where to change or cancel it before. */
export function renewalReminderEmail(to: string, membership: Membership, shop: ClubShop, pageUrl: string): Mail {
  const on = dayOf(membership.periodEnd, shop);
  const price = formatAmount(Math.round(membership.plan.price * 100), shop.currency);
  return letter(to, `${shop.name}: your ${membership.plan.name} renews on ${on}`, [
    `Your ${membership.plan.name} for ${carsOf(membership)} renews on ${on}, and ${price} will be charged to your card for the year ahead.`,
    `Nothing to do if you would like to keep it. To change or cancel it before then, visit your wash club page: ${pageUrl}`,
  ]);
}
