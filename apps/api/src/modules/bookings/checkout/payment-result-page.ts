import type { Booking } from '@carcare/contracts/bookings';
import { siteHref } from '@carcare/contracts/site-routes';
import { escapeHtml, formatAmount, STYLE } from '../../payments/public';

/** How a payment stands when its customer comes back from the checkout. */
export type PaymentResult = 'paid' | 'waiting' | 'not-paid';

/** The booking's payment as its result page tells it: paid, still open at the provider, or ended unpaid. */
export function paymentResultOf(booking: Pick<Booking, 'payment' | 'status'>, checkoutOpen: boolean): PaymentResult {
  if (booking.payment === 'paid') return 'paid';
  return booking.status === 'pending' && checkoutOpen ? 'waiting' : 'not-paid';
}

/** Where the result page leads back to: pages of the client the booking was made on (SPEC.md section 2). */
export const originMyBookingsUrl = (origin: string) => `${origin}${siteHref('userMyBookings')}`;
const originServicesUrl = (origin: string) => `${origin}${siteHref('services')}`;

type PageInput = {
  businessName: string;
  booking: Booking;
  amountCents: number;
  currency: string;
  result: PaymentResult;
  /** The site the customer booked on (an origin of CORS_ORIGINS), whose pages the links lead to. */
  origin: string;
  /** The checkout's own address (`/pay/<session>`), to go on paying while it is open. */
  checkoutPath: string;
};

/** What this page adds to the checkout's look: toned badges, links drawn as its buttons, room on phones. */
const RESULT_STYLE = `
  .mode.paid{background:#dcfce7;color:#166534} .mode.not-paid{background:#fee2e2;color:#991b1b}
  .actions{flex-wrap:wrap} .actions a{flex:1;padding:12px 16px;border-radius:10px;font-weight:600;text-align:center;text-decoration:none}
  .back{margin:18px 0 0;font-size:13px}
`;

const WORDING: Record<PaymentResult, { badge: string; heading: string; text: string }> = {
  paid: {
    badge: 'Paid',
    heading: 'Payment received',
    text: 'Your booking is confirmed. It is in My Bookings, with a countdown to your visit.',
  },
  waiting: {
    badge: 'Awaiting payment',
    heading: 'Payment not received yet',
    text: 'If you have just paid, it shows in My Bookings in a moment. Otherwise you can still pay while the time is held for you.',
  },
  'not-paid': {
    badge: 'Not paid',
    heading: 'Payment not completed',
    text: 'Nothing was charged and the booking is not confirmed; its time is free again. You can book again at any time.',
  },
};

/**
 * Where a customer who booked on another origin's page (an older client on its own site) lands after the
 * checkout: how the payment ended, and a way back to that site. Plain HTML with no script, like the sandbox's
 * checkout.
 */
export function renderPaymentResult({
  businessName,
  booking,
  amountCents,
  currency,
  result,
  origin,
  checkoutPath,
}: PageInput) {
  const wording = WORDING[result];
  const rows = [
    ['Service', booking.service.name],
    ['Date', booking.slot.date],
    ['Time', `${booking.slot.startTime} – ${booking.slot.endTime}`],
  ]
    .map(([term, value]) => `<dt>${escapeHtml(term ?? '')}</dt><dd>${escapeHtml(value ?? '')}</dd>`)
    .join('');
  const link = (href: string, label: string, kind: 'pay' | 'cancel') =>
    `<a class="${kind}" href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const links = [
    result === 'waiting' ? link(checkoutPath, 'Continue to payment', 'pay') : '',
    result === 'not-paid' ? link(originServicesUrl(origin), 'Book again', 'pay') : '',
    link(originMyBookingsUrl(origin), 'Back to My Bookings', result === 'paid' ? 'pay' : 'cancel'),
  ]
    .filter(Boolean)
    .join('\n    ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(wording.heading)} · ${escapeHtml(businessName)}</title><style>${STYLE}${RESULT_STYLE}</style></head>
<body><main>
  <span class="mode ${result}">${escapeHtml(wording.badge)}</span>
  <h1>${escapeHtml(wording.heading)}</h1>
  <p>${escapeHtml(wording.text)}</p>
  <dl>${rows}<dt>Total</dt><dd class="total">${escapeHtml(formatAmount(amountCents, currency))}</dd></dl>
  <div class="actions">
    ${links}
  </div>
  <p class="back">You return to ${escapeHtml(new URL(origin).host)}.</p>
</main></body></html>`;
}
