import { createHash, randomBytes } from 'node:crypto';
import { siteHref } from '@carcare/contracts/site-routes';
import type { PaymentProvider } from './payment-provider';
import { behaviourOf } from './sandbox-cards';

/** What the sandbox answers for a card it declines, in Stripe's words. */
export const SANDBOX_DECLINE_MESSAGE = 'Your card was declined.';

/** The test-mode provider: the API hosts the checkout page itself at /pay/<session>. */
export function sandboxProvider(publicUrl: string): PaymentProvider {
  const door = (sessionId: string) => `${publicUrl}${siteHref('checkout', { session: sessionId })}`;
  const newSession = (kind: string) => `sbx_${kind}${randomBytes(18).toString('base64url')}`;
  return {
    name: 'sandbox',
    async createCheckout() {
      const sessionId = newSession('');
      return { sessionId, url: door(sessionId) };
    },
    // The card is chosen on the sandbox's own page, which saves it (card_setups tells it whose).
    async createCardSetup() {
      const sessionId = newSession('setup_');
      return { sessionId, url: door(sessionId) };
    },
    /**
     * A charge behaves as its saved test card says. Its ids come from the idempotency key, so asking again with
     * the same key gives the same answer: the same payment, or the same page to authenticate on.
     */
    async chargeSavedCard(request) {
      const behaviour = behaviourOf(request.paymentMethodRef);
      if (!behaviour) throw new Error(`The sandbox has no saved card ${request.paymentMethodRef}`);
      const charge = createHash('sha256').update(request.idempotencyKey).digest('base64url').slice(0, 24);
      if (behaviour === 'declines') return { status: 'declined', message: SANDBOX_DECLINE_MESSAGE };
      if (behaviour === 'succeeds') return { status: 'succeeded', paymentRef: `sbx_pi_${charge}` };
      const sessionId = `sbx_auth_${charge}`;
      return { status: 'requires_action', paymentRef: `sbx_pi_${charge}`, sessionId, url: door(sessionId) };
    },
    // The sandbox's own club page takes the test card, and bills it on the sandbox's clock (memberships module).
    async createMembershipCheckout() {
      const sessionId = newSession('club_');
      return { sessionId, url: `${publicUrl}${siteHref('clubCheckout', { session: sessionId })}` };
    },
    // The sandbox page reads the payment's state on every visit: an expired payment cannot be paid.
    async expireCheckout() {},
    // No money moved, so none goes back: the refund is recorded as done.
    async refund(request) {
      return { refundId: `sbx_re_${request.idempotencyKey}`, status: 'refunded' };
    },
  };
}
