import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received: its method, path (without the query), form body, query and idempotency key. */
export type StripeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
};

/**
 * How the fake answers a charge of a saved card (POST /v1/payment_intents): taken; refused because the bank
 * wants the customer (Stripe's `authentication_required` card error, with the payment intent); declined; or the
 * connection lost before any answer, after the charge was made (each attempt, as many times as told).
 */
export type ChargeAnswer = 'succeeded' | 'authentication_required' | 'card_declined' | 'connection_lost';

/** How the fake answers a refund: done, accepted and on its way, refused for the card, or failed inside Stripe. */
export type RefundAnswer = 'succeeded' | 'pending' | 'card_error' | 'api_error';

const REFUND_ERRORS = {
  card_error: { status: 402, type: 'card_error', code: 'expired_or_canceled_card', message: 'The card was closed' },
  api_error: { status: 500, type: 'api_error', code: undefined, message: 'An unknown error occurred' },
} as const;

/** The payment intent the fake says paid a checkout session. */
export const paymentIntentOf = (sessionId: string) => `pi_${sessionId}`;

/** A payment method the fake has, as intents expand it. */
export type FakeCard = { paymentMethod: string; customer: string; brand: string; last4: string };

type Reply = { status: number; body: string };

const json = (status: number, body: object): Reply => ({ status, body: JSON.stringify(body) });

const CARD_ERRORS = {
  authentication_required: {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  card_declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
} as const;

/**
 * A local stand-in for Stripe's API: Customers, Checkout Sessions (payment, setup and subscription; a session read back is
 * paid, by `paymentIntentOf` it), Setup and Payment Intents with their payment method expanded, off-session
 * charges and refunds answering as told, Subscriptions read, updated and cancelled (`answerNextCharge`, `answerNextRefund`, in order; succeeded
 * otherwise). Like Stripe, a repeated idempotency key is given its first answer again, and what its first
 * request made is not made twice.
 */
export function fakeStripe() {
  const requests: StripeRequest[] = [];
  const chargeAnswers: ChargeAnswer[] = [];
  const refundAnswers: Array<RefundAnswer | Promise<RefundAnswer>> = [];
  /** The refunds the fake made, in order. */
  const issued: Array<{ id: string; status: 'succeeded' | 'pending' }> = [];
  const refundWaiters: Array<(asked: { request: StripeRequest; refundId: string }) => void> = [];
  const answered = new Map<string, Reply>();
  const intents = new Map<string, FakeCard>();
  /** The payment intents the fake made, in order. */
  const charges: Array<{ id: string; status: string; amount: number }> = [];
  /** The subscriptions the fake has, as `subscriptions.retrieve` answers them (`holdsSubscription`). */
  const subscriptions = new Map<string, object>();
  let counter = 0;
  const next = (prefix: string) => {
    counter += 1;
    return `${prefix}_test_${counter}`;
  };

  const intentBody = (object: string, id: string, card: FakeCard | undefined) => ({
    id,
    object,
    status: 'succeeded',
    customer: card?.customer ?? null,
    payment_method: card
      ? {
          id: card.paymentMethod,
          object: 'payment_method',
          type: 'card',
          customer: card.customer,
          card: { brand: card.brand, last4: card.last4 },
        }
      : null,
  });

  function charge(request: StripeRequest): Reply {
    const answer = chargeAnswers.shift() ?? 'succeeded';
    const id = next('pi');
    const amount = Number(request.body.get('amount'));
    if (answer === 'succeeded' || answer === 'connection_lost') {
      charges.push({ id, status: 'succeeded', amount });
      return json(200, { id, object: 'payment_intent', status: 'succeeded', amount });
    }
    charges.push({ id, status: 'requires_payment_method', amount });
    const paymentIntent = { id, object: 'payment_intent', status: 'requires_payment_method', amount };
    return json(402, { error: { type: 'card_error', ...CARD_ERRORS[answer], payment_intent: paymentIntent } });
  }

  async function refund(request: StripeRequest): Promise<Reply> {
    const id = next('re');
    refundWaiters.shift()?.({ request, refundId: id });
    const answer = (await refundAnswers.shift()) ?? 'succeeded';
    if (answer === 'card_error' || answer === 'api_error') {
      const { status, ...error } = REFUND_ERRORS[answer];
      return json(status, { error });
    }
    issued.push({ id, status: answer });
    return json(200, {
      id,
      object: 'refund',
      amount: Number(request.body.get('amount')),
      currency: 'usd',
      payment_intent: request.body.get('payment_intent'),
      metadata: { refundId: request.body.get('metadata[refundId]') },
      status: answer,
    });
  }

  async function answer(request: StripeRequest): Promise<Reply> {
    const { method, path } = request;
    const expire = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/)?.[1];
    const session = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)?.[1];
    const setupIntent = path.match(/^\/v1\/setup_intents\/([^/]+)$/)?.[1];
    const paymentIntent = path.match(/^\/v1\/payment_intents\/([^/]+)$/)?.[1];
    if (method === 'POST' && path === '/v1/customers') {
      return json(200, { id: next('cus'), object: 'customer', email: request.body.get('email') });
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = next('cs');
      const mode = request.body.get('mode');
      return json(200, {
        id,
        object: 'checkout.session',
        mode,
        url: `https://checkout.example.test/${id}`,
        status: 'open',
      });
    }
    if (method === 'GET' && (setupIntent || paymentIntent) && intentReadsToFail > 0) {
      intentReadsToFail -= 1;
      return json(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }
    if (method === 'GET' && setupIntent) {
      return json(200, intentBody('setup_intent', setupIntent, intents.get(setupIntent)));
    }
    if (method === 'GET' && paymentIntent) {
      return json(200, intentBody('payment_intent', paymentIntent, intents.get(paymentIntent)));
    }
    if (method === 'POST' && path === '/v1/payment_intents') return charge(request);
    if (method === 'POST' && expire) return json(200, { id: expire, object: 'checkout.session', status: 'expired' });
    if (method === 'GET' && session) {
      return json(200, {
        id: session,
        object: 'checkout.session',
        status: 'complete',
        payment_status: 'paid',
        payment_intent: paymentIntentOf(session),
      });
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(request);
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = next('bps');
      return json(200, {
        id,
        object: 'billing_portal.session',
        customer: request.body.get('customer'),
        url: `https://billing.example.test/${id}`,
      });
    }
    const subscription = path.match(/^\/v1\/subscriptions\/([^/]+)$/)?.[1];
    if (subscription && subscriptions.has(subscription)) {
      const current = subscriptions.get(subscription) as Record<string, unknown>;
      if (method === 'POST' && request.body.get('cancel_at_period_end') !== null) {
        current.cancel_at_period_end = request.body.get('cancel_at_period_end') === 'true';
      }
      if (method === 'DELETE') current.status = 'canceled';
      return json(200, current);
    }
    return json(404, { error: { message: 'not faked', type: 'invalid_request_error' } });
  }

  const server: Server = createServer(async (request: IncomingMessage, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const url = new URL(request.url ?? '', 'http://fake.test');
    const key = request.headers['idempotency-key'];
    const recorded: StripeRequest = {
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      body: new URLSearchParams(raw),
      idempotencyKey: typeof key === 'string' ? key : undefined,
    };
    requests.push(recorded);
    const earlier = recorded.idempotencyKey ? answered.get(recorded.idempotencyKey) : undefined;
    const lost = recorded.path === '/v1/payment_intents' && connectionsToLose > 0;
    const reply = earlier ?? (await answer(recorded));
    if (recorded.idempotencyKey && recorded.method === 'POST') answered.set(recorded.idempotencyKey, reply);
    if (lost) {
      // The charge was made; the answer never arrives.
      connectionsToLose -= 1;
      request.socket.destroy();
      return;
    }
    response.setHeader('content-type', 'application/json');
    // Told not to retry, the SDK gives the failure to its caller at once.
    if (reply.status >= 500) response.setHeader('stripe-should-retry', 'false');
    response.statusCode = reply.status;
    response.end(reply.body);
  });
  let connectionsToLose = 0;
  let intentReadsToFail = 0;

  return {
    server,
    requests,
    charges,
    issued,
    answerNextRefund(answer: RefundAnswer | Promise<RefundAnswer>) {
      refundAnswers.push(answer);
    },
    /** Resolves with the next refund request, and the id its refund will have, before the fake answers it. */
    nextRefundRequest() {
      return new Promise<{ request: StripeRequest; refundId: string }>((resolve) => refundWaiters.push(resolve));
    },
    /** How the next charge is answered; `connection_lost` makes it and drops `times` answers (the SDK retries once). */
    answerNextCharge(answer: ChargeAnswer, times = 2) {
      chargeAnswers.push(answer);
      if (answer === 'connection_lost') connectionsToLose += times;
    },
    /** The next reads of an intent fail inside Stripe (500). */
    failIntentReads(times: number) {
      intentReadsToFail += times;
    },
    /** A subscription the fake answers for, as Stripe gives it (changed by updates and cancels as Stripe would). */
    holdsSubscription(subscription: { id: string } & Record<string, unknown>) {
      subscriptions.set(subscription.id, subscription);
    },
    /** The card a setup or payment intent carries once a checkout completed with it. */
    intentSaves(intentId: string, card: FakeCard) {
      intents.set(intentId, card);
    },
    /** The requests received since `from` (an index of `requests`), as "METHOD /path". */
    callsSince(from: number) {
      return requests.slice(from).map((request) => `${request.method} ${request.path}`);
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
    close() {
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
