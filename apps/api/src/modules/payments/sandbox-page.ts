import type { Booking } from '@carcare/contracts/bookings';
import { formatDay } from '@carcare/contracts/display-format';
import { siteHref } from '@carcare/contracts/site-routes';
import { SANDBOX_CARDS } from './sandbox-cards';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export const formatAmount = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

/** The look of the API's own payment pages: this checkout and the result page of bookings/payment-result-page.ts. */
export const STYLE = `
  body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
  main{max-width:420px;margin:48px auto;padding:28px;background:#fff;border-radius:14px;box-shadow:0 10px 30px rgba(15,23,42,.08)}
  .mode{display:inline-block;padding:4px 10px;border-radius:999px;background:#fef3c7;color:#92400e;font-size:12px;font-weight:700;letter-spacing:.04em}
  h1{font-size:20px;margin:14px 0 4px} p{color:#475569;margin:0 0 18px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px} dt{color:#64748b} dd{margin:0;font-weight:600;text-align:right}
  .total{font-size:22px} form{display:inline} .actions{display:flex;gap:12px}
  button{flex:1;padding:12px 16px;border-radius:10px;border:0;font-size:15px;font-weight:600;cursor:pointer}
  .pay{background:#0284c7;color:#fff} .cancel{background:#e2e8f0;color:#0f172a} a{color:#0284c7}
  fieldset{border:1px solid #e2e8f0;border-radius:10px;margin:0 0 20px;padding:10px 14px} legend{font-weight:600;padding:0 4px}
  label{display:flex;gap:10px;align-items:flex-start;padding:6px 0;overflow-wrap:anywhere} label span{color:#64748b;font-size:13px;display:block}
`;

/**
 * The test cards to choose from, as radio buttons of the form `form` (the first chosen) under `legend`; each card
 * says what it does when `later` (a charge made without the customer, a membership's renewal) is tried.
 */
export function cardChoice(form: string, legend = 'Test card to keep on file', later = 'charge') {
  const options = SANDBOX_CARDS.map(
    (card, index) =>
      `<label><input type="radio" name="card" value="${card.behaviour}" form="${form}"${index === 0 ? ' checked' : ''}>` +
      `<div>${escapeHtml(card.number)}<span>${escapeHtml(card.label.replace('charge', later))}</span></div></label>`,
  ).join('');
  return `<fieldset><legend>${escapeHtml(legend)}</legend>${options}</fieldset>`;
}

type PageInput = {
  sessionId: string;
  businessName: string;
  booking: Booking;
  amountCents: number;
  currency: string;
  /** The shop's locale: the day reads as on the web app's screens. */
  locale: string;
  open: boolean;
  /** Where a closed session's page sends the customer: their bookings, on the site they booked from. */
  myBookingsUrl: string;
  /** The checkout also keeps the card: the page offers the test cards to choose from. */
  savesCard?: boolean;
};

/** The sandbox provider's hosted checkout: plainly a test, with no script at all. */
export function renderSandboxCheckout(input: PageInput) {
  const { sessionId, businessName, booking, amountCents, currency, open, myBookingsUrl, savesCard } = input;
  // The page's buttons post to the checkout's own address.
  const checkout = escapeHtml(siteHref('checkout', { session: sessionId }));
  const rows = [
    ['Service', booking.service.name],
    ['Date', formatDay(booking.slot.date, input.locale)],
    ['Time', `${booking.slot.startTime} - ${booking.slot.endTime}`],
  ]
    .map(([term, value]) => `<dt>${escapeHtml(term ?? '')}</dt><dd>${escapeHtml(value ?? '')}</dd>`)
    .join('');
  const actions = open
    ? `${savesCard ? cardChoice('pay') : ''}<div class="actions">
        <form method="post" action="${checkout}/pay" id="pay"><button class="pay" type="submit">Pay</button></form>
        <form method="post" action="${checkout}/cancel"><button class="cancel" type="submit">Cancel payment</button></form>
      </div>`
    : `<p>This payment session is closed. <a href="${escapeHtml(myBookingsUrl)}">Go to My Bookings</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Test payment · ${escapeHtml(businessName)}</title><style>${STYLE}</style></head>
<body><main>
  <span class="mode">TEST MODE · no real payment</span>
  <h1>Pay ${escapeHtml(businessName)}</h1>
  <p>This is the sandbox checkout. No card is charged.</p>
  <dl>${rows}<dt>Total</dt><dd class="total">${escapeHtml(formatAmount(amountCents, currency))}</dd></dl>
  ${actions}
</main></body></html>`;
}

type CardSetupPageInput = {
  sessionId: string;
  businessName: string;
  open: boolean;
  /** Where the customer goes once done or when the setup is over. */
  returnUrl: string;
};

/** The sandbox's page that keeps a test card on file and takes nothing now. */
export function renderSandboxCardSetup(input: CardSetupPageInput) {
  const setup = escapeHtml(siteHref('checkout', { session: input.sessionId }));
  const actions = input.open
    ? `${cardChoice('save')}<div class="actions">
        <form method="post" action="${setup}/save" id="save"><button class="pay" type="submit">Save card</button></form>
        <form method="post" action="${setup}/cancel"><button class="cancel" type="submit">Cancel</button></form>
      </div>`
    : `<p>This card is saved. <a href="${escapeHtml(input.returnUrl)}">Continue</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Test card · ${escapeHtml(input.businessName)}</title><style>${STYLE}</style></head>
<body><main>
  <span class="mode">TEST MODE · no real payment</span>
  <h1>Keep a card on file with ${escapeHtml(input.businessName)}</h1>
  <p>Nothing is charged now: the shop charges this card later for what your booking owes.</p>
  ${actions}
</main></body></html>`;
}
