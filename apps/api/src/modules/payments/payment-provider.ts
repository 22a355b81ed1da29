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

/** A payment service that hosts the checkout page. Outcomes come back through its own route. */
export type PaymentProvider = {
  name: 'sandbox' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Stops a checkout from taking payment; best effort, used when a hold expires. */
  expireCheckout(sessionId: string): Promise<void>;
};
