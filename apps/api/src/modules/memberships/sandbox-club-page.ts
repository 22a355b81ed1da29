import type { Membership } from '@carcare/contracts/memberships';
import { siteHref } from '@carcare/contracts/site-routes';
import { cardChoice, escapeHtml, formatAmount, STYLE } from '../payments/public';

type ClubPageInput = {
  sessionId: string;
  businessName: string;
  membership: Membership;
  currency: string;
  /** Where the member goes on: their wash club page. */
  returnUrl: string;
  /** Said above the form: the last card tried was declined. */
  notice?: string;
};

/**
 * The sandbox's page for joining a plan or buying a pack, and for updating the card of a membership whose
 * renewal failed: plainly a test, with no script at all.
 */
export function renderSandboxClub(input: ClubPageInput) {
  const { membership, currency } = input;
  const door = escapeHtml(siteHref('clubCheckout', { session: input.sessionId }));
  const price = formatAmount(Math.round(membership.plan.price * 100), currency);
  const every = membership.plan.interval ? ` / ${membership.plan.interval}` : '';
  const cars = membership.vehicles
    .map((vehicle) =>
      [vehicle.make, vehicle.model, vehicle.plate ? `(${vehicle.plate})` : ''].filter(Boolean).join(' '),
    )
    .join(', ');
  let actions: string;
  if (membership.status === 'pending') {
    actions = `${cardChoice('join', 'Test card', 'renewal')}<div class="actions">
        <form method="post" action="${door}/subscribe" id="join"><button class="pay" type="submit">${membership.plan.interval ? 'Subscribe' : 'Pay'}</button></form>
        <form method="post" action="${door}/cancel"><button class="cancel" type="submit">Cancel</button></form>
      </div>`;
  } else if (membership.status === 'past_due' || membership.status === 'suspended') {
    actions = `<p>The last renewal was declined. Choose another card: the renewal is paid with it at once.</p>
      ${cardChoice('card', 'New test card', 'renewal')}<div class="actions">
        <form method="post" action="${door}/card" id="card"><button class="pay" type="submit">Update card</button></form>
      </div>`;
  } else {
    actions = `<p>Nothing to pay here. <a href="${escapeHtml(input.returnUrl)}">Go to your wash club</a></p>`;
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Test payment · ${escapeHtml(input.businessName)}</title><style>${STYLE}</style></head>
<body><main>
  <span class="mode">TEST MODE · no real payment</span>
  <h1>${escapeHtml(membership.plan.name)}</h1>
  <p>This is the sandbox checkout. No card is charged.</p>
  ${input.notice ? `<p role="alert">${escapeHtml(input.notice)}</p>` : ''}
  <dl><dt>For</dt><dd>${escapeHtml(cars)}</dd><dt>Price</dt><dd class="total">${escapeHtml(price + every)}</dd></dl>
  ${actions}
</main></body></html>`;
}
