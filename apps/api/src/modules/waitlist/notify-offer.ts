import { formatDay, formatInstantDay } from '@carcare/contracts/display-format';
import { siteHref } from '@carcare/contracts/site-routes';
import type { Executor } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { queueCustomerMessage, type TextTiming } from '../texts/public';

/**
 * What telling a customer of an offer needs: the mailer, the shop as its emails name it, and for the text
 * when texts may go and the sender to wake.
 */
export type OfferNoticeContext = {
  db: Executor;
  mailer: Mailer;
  shop: { name: string; timeZone: string; locale: string; publicUrl: string };
  texting: { timing: TextTiming; kick: () => void };
};

/** An offer as its customer is told of it. */
export type OfferNotice = {
  /** The booking that holds the time. */
  bookingId: string;
  customer: { _id: string; firstName: string; email: string | null; phone: string | null };
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
 * announced. A customer who takes texts is texted the link (once, however many instances try), unless quiet
 * hours would hold the text past the hold itself; the email goes to every customer with an address. A
 * customer with neither sees the offer on their waitlist page only.
 */
export async function notifyOffer(context: OfferNoticeContext, offer: OfferNotice): Promise<void> {
  const { shop } = context;
  const when = `${formatDay(offer.date, shop.locale)} at ${offer.startTime}`;
  const until = `${clockOf(offer.heldUntil, shop)} on ${formatInstantDay(offer.heldUntil, shop.timeZone, shop.locale)}`;
  const waitlistUrl = `${shop.publicUrl}${siteHref('userWaitlist')}`;
  const link = offer.paymentUrl || waitlistUrl;
  const texted = await queueCustomerMessage(
    context.db,
    {
      bookingId: offer.bookingId,
      customerId: offer.customer._id,
      kind: 'waitlist_offer',
      text: `${shop.name}: ${offer.serviceName}, ${when}, is free and held for you until ${until}. Book and pay: ${link}`,
      askedByCustomer: false,
      notBefore: new Date(),
      // A text the morning would bring after the hold has lapsed tells of nothing.
      sendBefore: offer.heldUntil,
    },
    context.texting.timing,
  );
  if (texted) context.texting.kick();
  if (!offer.customer.email) return;
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
