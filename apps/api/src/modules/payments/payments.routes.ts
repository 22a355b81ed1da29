import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { getBooking, settleCheckout } from '../bookings/bookings.service';
import { findPaymentBySession, type PaymentOutcome } from './payments.service';
import { renderSandboxCheckout } from './sandbox-page';

const sessionParams = z.object({ session: z.string().min(1).max(200) });
const SESSION_NOT_FOUND = 'Payment session not found';

/** The sandbox provider's hosted checkout at /pay/<session>: Pay or Cancel payment, then back to the web app. */
export const sandboxCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  // The checkout page's buttons are plain HTML forms: browsers post them urlencoded, with nothing in them to read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  app.get('/pay/:session', { schema: { hide: true, params: sessionParams } }, async (request, reply) => {
    const payment = await findPaymentBySession(app.db, 'sandbox', request.params.session);
    const booking = payment ? await getBooking(app.db, payment.bookingId) : undefined;
    if (!payment || !booking) throw new AppError(404, SESSION_NOT_FOUND);
    return reply
      .type('text/html')
      .header('Cache-Control', 'no-store')
      .send(
        renderSandboxCheckout({
          sessionId: payment.sessionId,
          businessName: app.config.business.name,
          booking,
          amountCents: payment.amountCents,
          currency: payment.currency,
          open: payment.status === 'open' && booking.status === 'pending',
        }),
      );
  });

  const actions = [
    ['pay', 'paid'],
    ['cancel', 'failed'],
  ] as const;
  for (const [action, outcome] of actions) {
    app.post(`/pay/:session/${action}`, { schema: { hide: true, params: sessionParams } }, async (request, reply) => {
      const payment = await findPaymentBySession(app.db, 'sandbox', request.params.session);
      if (!payment) throw new AppError(404, SESSION_NOT_FOUND);
      const booking = await settleCheckout(app.db, 'sandbox', payment.sessionId, outcome, request.log);
      app.responseCache.invalidate('slots');
      app.responseCache.invalidate('slots');
      const settled = booking ?? (await getBooking(app.db, payment.bookingId));
      const page = settled?.status === 'confirm' ? 'success' : 'failed';
      return reply.redirect(`/payment/${page}?booking=${payment.bookingId}`, 303);
    });
  }
};

const STRIPE_OUTCOMES: Partial<Record<string, PaymentOutcome>> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

/** Stripe's webhook: only events whose signature verifies with STRIPE_WEBHOOK_SECRET are applied. */
export function stripeWebhookRoutes(stripe: Stripe, webhookSecret: string): FastifyPluginAsync {
  return async (app) => {
    // The signature covers the exact bytes Stripe sent, so this route keeps the raw body.
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post(
      '/payments/stripe/webhook',
      { config: { access: 'public', rateLimit: false }, schema: { tags: ['payments'], summary: 'Stripe webhook' } },
      async (request, reply) => {
        const signature = request.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('unsigned');
          event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
        } catch {
          throw new AppError(400, 'Invalid webhook signature');
        }
        const outcome = STRIPE_OUTCOMES[event.type];
        if (outcome && event.data.object.object === 'checkout.session') {
          const session = event.data.object as Stripe.Checkout.Session;
          // A completed session may still be awaiting an asynchronous payment method.
          if (!(event.type === 'checkout.session.completed' && session.payment_status === 'unpaid')) {
            await settleCheckout(app.db, 'stripe', session.id, outcome, request.log);
            app.responseCache.invalidate('slots');
            app.responseCache.invalidate('slots');
          }
        }
        return reply.send({ received: true });
      },
    );
  };
}
