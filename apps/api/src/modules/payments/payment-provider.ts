export type CheckoutRequest = {
  bookingId: string;
  amountCents: number;
  currency: string;
  /** What the customer pays for, e.g. "Premium Wash, 2026-11-24 09:00–10:00". */
  description: string;
  customerEmail: string;
  /** When the slot's hold ends; the checkout should not accept payment after it. */
  expiresAt: Date;
};

export type CheckoutSession = { sessionId: string; url: string };

/** How a checkout ended, as its provider reports it. */
export type PaymentOutcome = 'paid' | 'failed' | 'expired';

/**
 * What a provider's webhook call said once its signature was checked: `verified: false` for a call that
 * did not come from the provider; `report` for an outcome of one of our checkouts, absent for an event
 * that concerns none (another kind of event, or a completed checkout still waiting for its money).
 */
export type WebhookReading =
  | { verified: false }
  | { verified: true; report?: { sessionId: string; outcome: PaymentOutcome } };

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
  /** How the provider's webhook calls are read; providers that report no other way (the sandbox) have none. */
  webhook?: {
    /** The request header that carries the call's signature. */
    signatureHeader: string;
    /** Checks the signature over the call's exact bytes and reads what it reports. */
    read(rawBody: Buffer, signature: string | undefined): WebhookReading;
  };
};
