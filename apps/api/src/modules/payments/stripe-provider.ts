import Stripe from 'stripe';
import type { StripeConnection } from '../../config';
import type { PaymentOutcome, PaymentProvider, WebhookReading } from './payment-provider';

/** Stripe's minimum lifetime for a Checkout Session; our hold may be shorter and expires it early. */
const STRIPE_MIN_SESSION_MS = 30 * 60 * 1000;

/** The Checkout Session events that settle one of our checkouts. */
const STRIPE_OUTCOMES: Partial<Record<string, PaymentOutcome>> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  publicUrl: string;
  /** Where the SDK sends its calls; only tests point it at a local fake. */
  connection?: StripeConnection;
};

/** Stripe Checkout: the customer pays on Stripe's page; the signed webhook tells us the outcome. */
export function stripeProvider({ secretKey, webhookSecret, publicUrl, connection }: StripeOptions): PaymentProvider {
  const stripe = new Stripe(secretKey, { telemetry: false, maxNetworkRetries: 1, timeout: 10_000, ...connection });
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
    webhook: {
      signatureHeader: 'stripe-signature',
      read(rawBody, signature): WebhookReading {
        let event: Stripe.Event;
        try {
          if (signature === undefined) return { verified: false };
          event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
        } catch {
          return { verified: false };
        }
        const outcome = STRIPE_OUTCOMES[event.type];
        if (!outcome || event.data.object.object !== 'checkout.session') return { verified: true };
        const session = event.data.object as Stripe.Checkout.Session;
        // A completed session may still be awaiting an asynchronous payment method.
        if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid') {
          return { verified: true };
        }
        return { verified: true, report: { sessionId: session.id, outcome } };
      },
    },
  };
}
