import { randomBytes } from 'node:crypto';
import { siteHref } from '@carcare/contracts/site-routes';
import type { PaymentProvider } from './payment-provider';

/** The test-mode provider: the API hosts the checkout page itself at /pay/<session>. */
export function sandboxProvider(publicUrl: string): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout() {
      const sessionId = `sbx_${randomBytes(18).toString('base64url')}`;
      return { sessionId, url: `${publicUrl}${siteHref('checkout', { session: sessionId })}` };
    },
    // The sandbox page reads the payment's state on every visit: an expired payment cannot be paid.
    async expireCheckout() {},
    // No money moved, so none goes back: the refund is recorded as done.
    async refund(request) {
      return { refundId: `sbx_re_${request.idempotencyKey}`, status: 'refunded' };
    },
  };
}
