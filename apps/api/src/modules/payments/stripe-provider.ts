import { siteHref, sitePathTemplate } from '@carcare/contracts/site-routes';
import Stripe from 'stripe';
import type { StripeConnection } from '../../config';
import type { PaymentOutcome, PaymentProvider, RefundReport, WebhookReading } from './payment-provider';

/** Stripe's minimum lifetime for a Checkout Session; our hold may be shorter and expires it early. */
const STRIPE_MIN_SESSION_MS = 30 * 60 * 1000;

/** The Checkout Session events that settle one of our checkouts. */
const STRIPE_OUTCOMES: Partial<Record<string, PaymentOutcome>> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

/** A Stripe refund's end states; `pending` and `requires_action` are still on their way. */
const REFUND_ENDS: Partial<Record<string, RefundReport['status']>> = {
  succeeded: 'refunded',
  failed: 'failed',
  canceled: 'failed',
};

/**
 * The refunds an event tells of, undefined for an event about something else. `refund.*` events carry the
 * refund; `charge.refunded` carries the charge, whose list of refunds newer API versions leave out (the
 * `refund.*` events then tell of them).
 */
function refundsIn(event: Stripe.Event): Stripe.Refund[] | undefined {
  switch (event.type) {
    case 'charge.refunded':
      return event.data.object.refunds?.data ?? [];
    case 'charge.refund.updated':
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return [event.data.object];
    default:
      return undefined;
  }
}

/** The refunds that reached an end, with our refund id where we gave it (as metadata, when asking for it). */
function refundReports(refunds: Stripe.Refund[]): RefundReport[] {
  return refunds.flatMap((refund) => {
    const status = refund.status ? REFUND_ENDS[refund.status] : undefined;
    return status ? [{ providerRefundId: refund.id, refundId: refund.metadata?.refundId, status }] : [];
  });
}

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
  // Stripe writes the session's id where `{CHECKOUT_SESSION_ID}` stands.
  const originResult = `${publicUrl}${sitePathTemplate('checkoutResult', { session: '{CHECKOUT_SESSION_ID}' })}`;
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
        success_url: request.returnsToResultPage
          ? originResult
          : `${publicUrl}${siteHref('paymentSuccess', {}, { booking: request.bookingId })}`,
        cancel_url: request.returnsToResultPage
          ? originResult
          : `${publicUrl}${siteHref('paymentFailed', {}, { booking: request.bookingId })}`,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async expireCheckout(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
    async refund({ sessionId, amountCents, idempotencyKey }) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        const paymentIntent =
          typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
        if (!paymentIntent) throw new Error(`Stripe checkout session ${sessionId} has no payment to refund`);
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntent, amount: amountCents, metadata: { refundId: idempotencyKey } },
          { idempotencyKey: `refund-${idempotencyKey}` },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          throw new Error(`Stripe refused refund ${refund.id}: ${refund.failure_reason ?? refund.status}`);
        }
        return { refundId: refund.id, status: refund.status === 'succeeded' ? 'refunded' : 'pending' };
      } catch (error) {
        // Stripe's errors carry Stripe's HTTP status (402 for a card error), which must not become our answer.
        throw new Error(`Stripe did not refund checkout session ${sessionId}`, { cause: error });
      }
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
        const refunds = refundsIn(event);
        if (refunds) return { verified: true, refunds: refundReports(refunds) };
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
