import Stripe from 'stripe';
import type { PaymentProvider } from './payment-provider';

/** Stripe's minimum lifetime for a Checkout Session; our hold may be shorter and expires it early. */
const STRIPE_MIN_SESSION_MS = 30 * 60 * 1000;

export type StripeConnection = { host: string; port: number; protocol: 'http' | 'https' };

export function createStripeClient(secretKey: string, connection?: StripeConnection): Stripe {
  return new Stripe(secretKey, { telemetry: false, maxNetworkRetries: 1, timeout: 10_000, ...connection });
}

export function stripeProvider(stripe: Stripe, publicUrl: string): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        customer_email: request.customerEmail,
        client_reference_id: request.bookingId,
        metadata: { bookingId: request.bookingId },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountCents,
              product_data: { name: request.description },
            },
          },
        ],
        expires_at: Math.ceil(Math.max(request.expiresAt.getTime(), Date.now() + STRIPE_MIN_SESSION_MS) / 1000),
        success_url: `${publicUrl}/payment/success?booking=${request.bookingId}`,
        cancel_url: `${publicUrl}/payment/failed?booking=${request.bookingId}`,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async expireCheckout(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
  };
}
