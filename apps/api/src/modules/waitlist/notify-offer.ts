import { formatDay, formatInstantDay } from '@carcare/contracts/display-format';
import { siteHref } from '@carcare/contracts/site-routes';
import type { Mailer } from '../../lib/mailer';

/** What telling a customer of an offer needs: the mailer, and the shop as its emails name it. */
export type OfferNoticeContext = {
  mailer: Mailer;
  shop: { name: string; timeZone: string; locale: string; publicUrl: string };
};

/** An offer as its customer is told of it. */
export type OfferNotice = {
  customer: { firstName: string; email: string | null; phone: string | null };
  serviceName: string;
  /** The time offered, in the shop's time. */
  date: string;
  startTime: string;
  /** Until when the time is held for them. */
  heldUntil: Date;
  /** Where they book and pay; empty when no checkout could be opened (their waitlist page still shows it). */
  paymentUrl: string;
};

/** The hour and minute of an instant on the shop's clock, as its screens write it. */
function clockOf(instant: Date, shop: OfferNoticeContext['shop']): string {
  return new Intl.DateTimeFormat(shop.locale, { timeZone: shop.timeZone, hour: 'numeric', minute: '2-digit' }).format(
    instant,
  );
}

/**
 * Tells the customer a time they waited for is theirs to book until it lapses: the one place an offer is
 * announced, so that a text can be sent beside the email here. A customer without an email sees the offer on
 * their waitlist page only.
 */
export async function notifyOffer(context: OfferNoticeContext, offer: OfferNotice): Promise<void> {
  const { shop } = context;
  if (!offer.customer.email) return;
  const when = `${formatDay(offer.date, shop.locale)} at ${offer.startTime}`;
  const until = `${clockOf(offer.heldUntil, shop)} on ${formatInstantDay(offer.heldUntil, shop.timeZone, shop.locale)}`;
  const waitlistUrl = `${shop.publicUrl}${siteHref('userWaitlist')}`;
  const link = offer.paymentUrl || waitlistUrl;
  await context.mailer.send({
    to: offer.customer.email,
    subject: `${shop.name}: a time for your ${offer.serviceName} is free, ${when}`,
    text: [
      `Hello ${offer.customer.firstName},`,
      '',
      `A time you were waiting for has freed up: ${offer.serviceName}, ${when}.`,
      `We are holding it for you until ${until}. Book and pay here to make it yours:`,
      link,
      '',
      `If it is not booked by then, it goes to the next customer on the waitlist. Your waitlist: ${waitlistUrl}`,
      '',
      shop.name,
    ].join('\n'),
  });
}
