export type CheckoutRequest = {
  bookingId: string;
  amountCents: number;
  currency: string;
  /** What the customer pays for, e.g. "Premium Wash, 2026-11-24 09:00–10:00". */
  description: string;
  /** Left out for a customer the shop added without an email. */
  customerEmail?: string;
  /** When the slot's hold ends; the checkout should not accept payment after it. */
  expiresAt: Date;
  /**
   * The booking was made on another origin's page (CORS_ORIGINS): the checkout returns the customer to our
   * own result page, `/pay/<session>/result`, which leads back there, instead of our web app's.
   */
  returnsToResultPage?: boolean;
};

export type CheckoutSession = { sessionId: string; url: string };

/** Money to give back for a paid checkout. */
export type RefundRequest = {
  /** The paid checkout's session. */
  sessionId: string;
  amountCents: number;
  /** Our refund's id: asking again with the same key never refunds twice. */
  idempotencyKey: string;
};

/** The provider's refund: done, or accepted and still on its way (some payment methods take days). */
export type RefundResult = { refundId: string; status: 'pending' | 'refunded' };

/** How a checkout ended, as its provider reports it. */
export type PaymentOutcome = 'paid' | 'failed' | 'expired';

/** Where one of the provider's refunds ended: the money is back with the customer, or it could not be given back. */
export type RefundReport = {
  /** The provider's id of the refund. */
  providerRefundId: string;
  /** Our refund's id (the `idempotencyKey` it was asked with), when the provider's refund carries it. */
  refundId: string | undefined;
  status: 'refunded' | 'failed';
};

/**
 * What a provider's webhook call said once its signature was checked: `verified: false` for a call that
 * did not come from the provider; `report` for an outcome of one of our checkouts; `refunds` for refunds
 * that reached an end (any refund of the provider's, ours or not). Neither for an event that concerns none
 * (another kind of event, a completed checkout still waiting for its money, a refund still on its way).
 */
export type WebhookReading =
  | { verified: false }
  | { verified: true; report?: { sessionId: string; outcome: PaymentOutcome }; refunds?: RefundReport[] };

declare module 'fastify' {
  interface FastifyInstance {
    /** The checkout provider chosen by PAYMENT_PROVIDER. */
    payments: PaymentProvider;
  }
}

/** A payment service that hosts the checkout page. Outcomes come back through its webhook or its page. */
export type PaymentProvider = {
  name: 'sandbox' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Stops a checkout from taking payment; best effort, used when a hold expires. */
  expireCheckout(sessionId: string): Promise<void>;
  /** Gives money back for a paid checkout; throws when the provider refuses or cannot be reached. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** How the provider's webhook calls are read; providers that report no other way (the sandbox) have none. */
  webhook?: {
    /** The request header that carries the call's signature. */
    signatureHeader: string;
    /** Checks the signature over the call's exact bytes and reads what it reports. */
    read(rawBody: Buffer, signature: string | undefined): WebhookReading;
  };
};
