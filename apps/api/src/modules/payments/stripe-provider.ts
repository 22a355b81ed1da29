import { siteHref, sitePathTemplate } from '@carcare/contracts/site-routes';
import type Stripe from 'stripe';
import type { StripeConnection } from '../../config';
import type {
  CheckoutRequest,
  MembershipEvent,
  PaymentOutcome,
  PaymentProvider,
  RefundReport,
  SavedCardChargeResult,
  SavedCardReport,
  SubscriptionState,
  WebhookReading,
} from './payment-provider';

/** Stripe's minimum lifetime for a Checkout Session; our hold may be shorter and expires it early. */
const STRIPE_MIN_SESSION_MS = 30 * 60 * 1000;

/** The Checkout Session events that settle one of our checkouts. */
const STRIPE_OUTCOMES: Partial<Record<string, PaymentOutcome>> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

/** A subscription's status as our memberships read it; `incomplete` reports nothing until it is paid or expires. */
const SUBSCRIPTION_STATUSES: Partial<Record<Stripe.Subscription.Status, SubscriptionState['status']>> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  paused: 'paused',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

/** The events that carry a subscription as it now stands. */
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

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

/** The card a payment or setup intent saved, with the payment method expanded; undefined for anything but a card. */
function cardOf(
  intent: Stripe.PaymentIntent | Stripe.SetupIntent,
  session: Stripe.Checkout.Session,
): Omit<SavedCardReport, 'sessionId' | 'customerId'> | undefined {
  const method = intent.payment_method;
  const customer = intent.customer ?? session.customer;
  const customerRef = typeof customer === 'string' ? customer : customer?.id;
  if (!method || typeof method === 'string' || !method.card || !customerRef) return undefined;
  return { customerRef, paymentMethodRef: method.id, brand: method.card.brand, last4: method.card.last4 };
}

type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  publicUrl: string;
  /** Where the SDK sends its calls; only tests point it at a local fake. */
  connection?: StripeConnection;
};

/** Stripe Checkout: the customer pays on Stripe's page; the signed webhook tells us the outcome. */
export async function stripeProvider({
  secretKey,
  webhookSecret,
  publicUrl,
  connection,
}: StripeOptions): Promise<PaymentProvider> {
  // Stripe's SDK is loaded by a shop that takes payments through Stripe, and never by one that does not (decision 050).
  const { default: StripeSdk } = await import('stripe');
  const stripe = new StripeSdk(secretKey, { telemetry: false, maxNetworkRetries: 1, timeout: 10_000, ...connection });
  // Stripe writes the session's id where `{CHECKOUT_SESSION_ID}` stands.
  const originResult = `${publicUrl}${sitePathTemplate('checkoutResult', { session: '{CHECKOUT_SESSION_ID}' })}`;

  /** The Stripe customer a saved card belongs to: the one we know for our customer, else a new one carrying their id. */
  async function stripeCustomer(request: { customerId: string; customerRef?: string; customerEmail?: string }) {
    if (request.customerRef) return request.customerRef;
    const customer = await stripe.customers.create({
      email: request.customerEmail,
      metadata: { customerId: request.customerId },
    });
    return customer.id;
  }

  /** Who pays: a Stripe customer when the card is kept (Stripe keeps cards on a customer), else just an email. */
  async function payer(request: CheckoutRequest) {
    if (!request.saveCard || !request.customerId) return { customer_email: request.customerEmail };
    const customer = await stripeCustomer({ ...request, customerId: request.customerId });
    return {
      customer,
      payment_intent_data: { setup_future_usage: 'off_session' as const },
    };
  }

  /** The saved card a completed checkout reports, read from its intent with the payment method expanded. */
  async function savedCardOf(session: Stripe.Checkout.Session): Promise<SavedCardReport | undefined> {
    const customerId = session.metadata?.customerId;
    if (!customerId) return undefined;
    const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : value?.id);
    let intent: Stripe.PaymentIntent | Stripe.SetupIntent | undefined;
    const setupIntent = idOf(session.setup_intent);
    const paymentIntent = idOf(session.payment_intent);
    if (session.mode === 'setup' && setupIntent) {
      intent = await stripe.setupIntents.retrieve(setupIntent, { expand: ['payment_method'] });
    } else if (session.metadata?.saveCard === 'true' && paymentIntent) {
      intent = await stripe.paymentIntents.retrieve(paymentIntent, { expand: ['payment_method'] });
    }
    const card = intent && cardOf(intent, session);
    return card && { sessionId: session.id, customerId, ...card };
  }

  /** The subscription's state as our memberships read it, named by the event's time (which orders them). */
  function subscriptionState(subscription: Stripe.Subscription, created: number): SubscriptionState | undefined {
    const membershipId = subscription.metadata?.membershipId;
    const status = SUBSCRIPTION_STATUSES[subscription.status];
    const item = subscription.items?.data?.[0];
    if (!membershipId || !status || !item) return undefined;
    return {
      subscriptionRef: subscription.id,
      membershipId,
      status,
      periodStart: new Date(item.current_period_start * 1000),
      periodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      pausedUntil: subscription.pause_collection?.resumes_at
        ? new Date(subscription.pause_collection.resumes_at * 1000)
        : null,
      version: created,
    };
  }

  /**
   * What an event reports of our memberships, undefined for an event about something else: a membership's
   * checkout completed (a subscription's state, or a pack's one payment), an invoice of its subscription paid or
   * failed (with the subscription as it now stands), or the subscription changed or ended.
   */
  async function membershipEventsOf(event: Stripe.Event): Promise<MembershipEvent[] | undefined> {
    const object = event.data.object as { object?: string; metadata?: Stripe.Metadata | null };
    if (event.type === 'checkout.session.completed' && object.metadata?.membershipId) {
      const session = event.data.object as Stripe.Checkout.Session;
      const membershipId = object.metadata.membershipId;
      if (session.mode === 'payment') {
        if (session.payment_status !== 'paid') return [];
        const ref = typeof session.payment_intent === 'string' ? session.payment_intent : session.id;
        const invoice = {
          ref,
          amountCents: session.amount_total ?? 0,
          paid: true,
          periodStart: new Date(event.created * 1000),
        };
        return [{ eventId: event.id, type: event.type, membershipId, invoice }];
      }
      const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      if (!subscriptionId) return [];
      const state = subscriptionState(await stripe.subscriptions.retrieve(subscriptionId), event.created);
      return state ? [{ eventId: event.id, type: event.type, membershipId, state }] : [];
    }
    // A paused subscription stays `active` at Stripe, its renewals voided: the voided renewal is when the member's
    // pause begins (they wash to the end of the period they paid), and Stripe's update on resuming ends it.
    if (event.type === 'invoice.voided') {
      const invoice = event.data.object as Stripe.Invoice;
      const subscriptionId = invoice.parent?.subscription_details?.subscription;
      const id = typeof subscriptionId === 'string' ? subscriptionId : subscriptionId?.id;
      if (!id) return undefined;
      const subscription = await stripe.subscriptions.retrieve(id);
      const state = subscriptionState(subscription, event.created);
      if (!state || !subscription.pause_collection) return undefined;
      return [
        {
          eventId: event.id,
          type: event.type,
          membershipId: state.membershipId,
          state: { ...state, status: 'paused' },
        },
      ];
    }
    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
      const invoice = event.data.object as Stripe.Invoice;
      const subscriptionId = invoice.parent?.subscription_details?.subscription;
      const id = typeof subscriptionId === 'string' ? subscriptionId : subscriptionId?.id;
      if (!id) return undefined;
      const subscription = await stripe.subscriptions.retrieve(id);
      const state = subscriptionState(subscription, event.created);
      if (!state) return undefined;
      const period = invoice.lines?.data?.[0]?.period;
      return [
        {
          eventId: event.id,
          type: event.type,
          membershipId: state.membershipId,
          state,
          invoice: {
            ref: invoice.id ?? event.id,
            amountCents: event.type === 'invoice.paid' ? invoice.amount_paid : invoice.amount_due,
            paid: event.type === 'invoice.paid',
            periodStart: new Date((period?.start ?? invoice.period_start) * 1000),
          },
        },
      ];
    }
    if (SUBSCRIPTION_EVENTS.has(event.type) && object.object === 'subscription') {
      const state = subscriptionState(event.data.object as Stripe.Subscription, event.created);
      return state ? [{ eventId: event.id, type: event.type, membershipId: state.membershipId, state }] : undefined;
    }
    return undefined;
  }

  return {
    name: 'stripe',
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        ...(await payer(request)),
        client_reference_id: request.bookingId,
        metadata: {
          bookingId: request.bookingId,
          ...(request.saveCard && request.customerId && { customerId: request.customerId, saveCard: 'true' }),
        },
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
    async createCardSetup(request) {
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        currency: request.currency.toLowerCase(),
        customer: await stripeCustomer(request),
        client_reference_id: request.bookingId,
        metadata: { customerId: request.customerId, ...(request.bookingId && { bookingId: request.bookingId }) },
        setup_intent_data: { description: request.description },
        success_url: request.returnUrl,
        cancel_url: request.returnUrl,
      });
      if (!session.url) throw new Error('Stripe returned a setup session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    /**
     * Stripe Checkout in subscription mode, priced inline at the plan's price and interval (a pack: payment mode,
     * once); the membership's id rides on the session and on the subscription, where its events find it.
     */
    async createMembershipCheckout(request) {
      const metadata = { membershipId: request.membershipId, customerId: request.customerId };
      const amount = {
        currency: request.currency.toLowerCase(),
        unit_amount: request.amountCents,
        product_data: { name: request.description },
      };
      const session = await stripe.checkout.sessions.create({
        mode: request.interval ? 'subscription' : 'payment',
        customer: await stripeCustomer(request),
        client_reference_id: request.membershipId,
        metadata,
        line_items: [
          {
            quantity: 1,
            price_data: request.interval ? { ...amount, recurring: { interval: request.interval } } : amount,
          },
        ],
        ...(request.interval ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
        success_url: request.returnUrl,
        cancel_url: request.returnUrl,
      });
      if (!session.url) throw new Error('Stripe returned a membership checkout without a URL');
      return { sessionId: session.id, url: session.url };
    },
    subscriptions: {
      async cancelAtPeriodEnd(subscriptionRef) {
        await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: true });
      },
      async cancelNow(subscriptionRef) {
        await stripe.subscriptions.cancel(subscriptionRef);
      },
      async cardUpdateUrl(subscriptionRef, returnUrl) {
        const subscription = await stripe.subscriptions.retrieve(subscriptionRef);
        const customer = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
        const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
        return session.url;
      },
      // The renewal invoices falling in the pause are voided; Stripe bills again from `resumes_at`.
      async pause(subscriptionRef, resumesAt) {
        await stripe.subscriptions.update(subscriptionRef, {
          pause_collection: { behavior: 'void', resumes_at: Math.floor(resumesAt.getTime() / 1000) },
        });
      },
      async resume(subscriptionRef, billNow) {
        await stripe.subscriptions.update(subscriptionRef, {
          pause_collection: '',
          ...(billNow ? { billing_cycle_anchor: { type: 'now' }, proration_behavior: 'none' as const } : {}),
        });
      },
      // Restarting the cycle now invoices at once, the prorations with it; a declined card changes nothing.
      async switchPrice(subscriptionRef, price) {
        const subscription = await stripe.subscriptions.retrieve(subscriptionRef);
        const item = subscription.items.data[0];
        if (!item) throw new Error(`Stripe subscription ${subscriptionRef} has no item`);
        const product = await stripe.products.create({ name: price.description });
        try {
          await stripe.subscriptions.update(subscriptionRef, {
            items: [
              {
                id: item.id,
                price_data: {
                  currency: price.currency.toLowerCase(),
                  product: product.id,
                  unit_amount: price.amountCents,
                  recurring: { interval: price.interval },
                },
              },
            ],
            proration_behavior: 'create_prorations',
            billing_cycle_anchor: { type: 'now' },
            payment_behavior: 'error_if_incomplete',
          });
        } catch (error) {
          if (error instanceof StripeSdk.errors.StripeCardError) return 'declined';
          throw error;
        }
        return 'switched';
      },
    },
    async chargeSavedCard(request): Promise<SavedCardChargeResult> {
      const { customerRef, paymentMethodRef, amountCents, description, idempotencyKey, bookingId } = request;
      const currency = request.currency.toLowerCase();
      let needsAuthentication: string | undefined;
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency,
            customer: customerRef,
            payment_method: paymentMethodRef,
            off_session: true,
            confirm: true,
            description,
            metadata: { bookingId, chargeId: idempotencyKey },
          },
          { idempotencyKey: `charge-${idempotencyKey}` },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', paymentRef: intent.id };
        if (intent.status !== 'requires_action') {
          return {
            status: 'declined',
            message: intent.last_payment_error?.message ?? `The charge is ${intent.status}`,
          };
        }
        needsAuthentication = intent.id;
      } catch (error) {
        if (!(error instanceof StripeSdk.errors.StripeCardError)) {
          throw new Error(`Stripe did not charge the saved card for booking ${bookingId}`, { cause: error });
        }
        if (error.code !== 'authentication_required' || !error.payment_intent) {
          return { status: 'declined', message: error.message };
        }
        needsAuthentication = error.payment_intent.id;
      }
      // The bank wants the customer: they pay the same amount on a Checkout page of their own.
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer: customerRef,
          client_reference_id: bookingId,
          metadata: { bookingId, chargeId: idempotencyKey, paymentIntent: needsAuthentication },
          line_items: [
            { quantity: 1, price_data: { currency, unit_amount: amountCents, product_data: { name: description } } },
          ],
          success_url: `${publicUrl}${siteHref('paymentSuccess', {}, { booking: bookingId })}`,
          cancel_url: `${publicUrl}${siteHref('paymentFailed', {}, { booking: bookingId })}`,
        },
        { idempotencyKey: `charge-${idempotencyKey}-checkout` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { status: 'requires_action', paymentRef: needsAuthentication, sessionId: session.id, url: session.url };
    },
    async expireCheckout(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
    async refund({ sessionId, paymentRef, amountCents, idempotencyKey }) {
      const paid = sessionId ?? paymentRef;
      try {
        const session = sessionId === undefined ? undefined : await stripe.checkout.sessions.retrieve(sessionId);
        const paymentIntent =
          session === undefined
            ? paymentRef
            : typeof session.payment_intent === 'string'
              ? session.payment_intent
              : session.payment_intent?.id;
        if (!paymentIntent) throw new Error(`Stripe checkout session ${paid} has no payment to refund`);
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
        throw new Error(`Stripe did not refund ${paid}`, { cause: error });
      }
    },
    webhook: {
      signatureHeader: 'stripe-signature',
      async read(rawBody, signature): Promise<WebhookReading> {
        let event: Stripe.Event;
        try {
          if (signature === undefined) return { verified: false };
          event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
        } catch {
          return { verified: false };
        }
        const refunds = refundsIn(event);
        if (refunds) return { verified: true, refunds: refundReports(refunds) };
        const membershipEvents = await membershipEventsOf(event);
        if (membershipEvents) return { verified: true, membershipEvents };
        const outcome = STRIPE_OUTCOMES[event.type];
        if (!outcome || event.data.object.object !== 'checkout.session') return { verified: true };
        const session = event.data.object as Stripe.Checkout.Session;
        const savedCard = outcome === 'paid' ? await savedCardOf(session) : undefined;
        // A setup session takes no money: the card it saved is all it reports.
        if (session.mode === 'setup') return { verified: true, savedCard };
        // A completed session may still be awaiting an asynchronous payment method.
        if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid') {
          return { verified: true };
        }
        return { verified: true, report: { sessionId: session.id, outcome }, savedCard };
      },
    },
  };
}
