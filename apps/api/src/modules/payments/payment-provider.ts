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
  /** Our customer the checkout is for: the provider's customer and the saved card carry their id. */
  customerId?: string;
  /** Also keep the card the customer pays with, for charges made later without them (off-session). */
  saveCard?: boolean;
  /** The provider's customer already known for this customer (their saved cards'), reused rather than made anew. */
  customerRef?: string;
};

/** A checkout that takes nothing now and keeps the customer's card for later charges (Stripe: setup mode). */
export type CardSetupRequest = {
  /** The booking the card is kept for, if one is. */
  bookingId?: string;
  customerId: string;
  customerRef?: string;
  customerEmail?: string;
  currency: string;
  /** What the card is kept for, e.g. "Premium Wash, 2026-11-24 09:00–10:00: paid at the shop". */
  description: string;
  /** Where the customer goes when they are done (or give up): our web app's page, or our own result page. */
  returnUrl: string;
};

/** A card the provider kept for the customer, as it reports it once the customer saved it. */
export type SavedCardReport = {
  /** The checkout that saved it. */
  sessionId: string;
  /** Our customer, as the checkout was opened for them. */
  customerId: string;
  customerRef: string;
  paymentMethodRef: string;
  brand: string;
  last4: string;
};

/** A charge of a saved card made without the customer (a balance, a fee). */
export type SavedCardCharge = {
  customerRef: string;
  paymentMethodRef: string;
  amountCents: number;
  currency: string;
  description: string;
  /** Ours: asking again with the same key never charges twice, and gives the first answer again. */
  idempotencyKey: string;
  /** The booking charged, kept with the charge at the provider. */
  bookingId: string;
};

/**
 * How a charge of a saved card ended: taken; waiting for the customer, who authenticates and pays on the page
 * at `url` (a checkout of the provider's, `sessionId`, for the same amount); or refused for the card.
 */
export type SavedCardChargeResult =
  | { status: 'succeeded'; paymentRef: string }
  | { status: 'requires_action'; paymentRef: string; sessionId: string; url: string }
  | { status: 'declined'; message: string };

export type CheckoutSession = { sessionId: string; url: string };

/** Money to give back for a paid checkout. */
export type RefundRequest = (
  | {
      /** The paid checkout's session. */
      sessionId: string;
      paymentRef?: undefined;
    }
  | {
      /** A payment of the provider's made without a checkout (a charge of the card on file). */
      paymentRef: string;
      sessionId?: undefined;
    }
) & {
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
  | {
      verified: true;
      report?: { sessionId: string; outcome: PaymentOutcome };
      refunds?: RefundReport[];
      /** The card a completed checkout saved for later charges. */
      savedCard?: SavedCardReport;
      /** What the event reports of our memberships: subscriptions' states, invoices paid or failed. */
      membershipEvents?: MembershipEvent[];
    };

/**
 * A checkout that starts a membership's subscription (billed every `interval`) or takes a pack's one payment
 * (`interval` null), for our membership `membershipId`, which the provider keeps with it.
 */
export type MembershipCheckoutRequest = {
  membershipId: string;
  customerId: string;
  customerRef?: string;
  customerEmail?: string;
  amountCents: number;
  currency: string;
  interval: 'month' | 'year' | null;
  /** What the customer joins, e.g. "Wash Club for the 2021 Toyota RAV4 (AB12CD)". */
  description: string;
  /** Where the customer goes when done (or giving up). */
  returnUrl: string;
};

/**
 * A subscription as its provider reports it: its whole state, so that reports applied in any order end in the
 * newest (`version` orders them).
 */
export type SubscriptionState = {
  subscriptionRef: string;
  membershipId: string;
  status: 'active' | 'past_due' | 'canceled' | 'paused';
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  pausedUntil: Date | null;
  version: number;
};

/** What a subscription bills from now on: the new plan's price and interval, and what the customer sees it as. */
export type SubscriptionPrice = {
  amountCents: number;
  currency: string;
  interval: 'month' | 'year';
  /** E.g. "Family Club for the 2021 Toyota RAV4 (AB12CD)". */
  description: string;
};

/** One of the provider's reports about a membership: its subscription's state, and an invoice paid or failed. */
export type MembershipEvent = {
  /** The provider's id of the event: each is applied once, however often it is delivered. */
  eventId: string;
  type: string;
  membershipId: string;
  state?: SubscriptionState;
  invoice?: { ref: string; amountCents: number; paid: boolean; periodStart: Date };
};

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
  /** Opens a checkout that takes no money and keeps the customer's card for later charges. */
  createCardSetup(request: CardSetupRequest): Promise<CheckoutSession>;
  /**
   * Opens the checkout of a membership (a subscription billed every `interval`) or a pack (one payment); what
   * it then bills is reported as MembershipEvents.
   */
  createMembershipCheckout(request: MembershipCheckoutRequest): Promise<CheckoutSession>;
  /**
   * Charges a saved card without the customer. Throws when the provider cannot be reached or fails (not for a
   * card it refuses: that is `declined`); asking again with the same idempotency key is then safe.
   */
  chargeSavedCard(request: SavedCardCharge): Promise<SavedCardChargeResult>;
  /**
   * The subscriptions a provider bills itself (Stripe); the sandbox's are billed on its own clock by the
   * memberships module.
   */
  subscriptions?: {
    /** Ends the subscription with its paid period: nothing more is billed. */
    cancelAtPeriodEnd(subscriptionRef: string): Promise<void>;
    /** Ends the subscription now (the shop ended the membership): nothing more is billed. */
    cancelNow(subscriptionRef: string): Promise<void>;
    /**
     * The provider's page where the member updates the card the subscription is billed to (Stripe: a customer
     * portal session, short-lived: asked for on each visit), returning to `returnUrl`.
     */
    cardUpdateUrl(subscriptionRef: string, returnUrl: string): Promise<string>;
    /**
     * Bills nothing from the end of the paid period until `resumesAt` (a whole number of months after it), when
     * billing restarts on its own.
     */
    pause(subscriptionRef: string, resumesAt: Date): Promise<void>;
    /** Ends a pause early: one under way bills a new period now (`billNow`); one not yet begun is called off. */
    resume(subscriptionRef: string, billNow: boolean): Promise<void>;
    /**
     * Moves the subscription to a new price and interval, its period restarting now: the unused part of the
     * current period is credited against the new price and the rest charged at once. `declined` when the card
     * refuses that charge, and nothing changed.
     */
    switchPrice(subscriptionRef: string, price: SubscriptionPrice): Promise<'switched' | 'declined'>;
  };
  /** How the provider's webhook calls are read; providers that report no other way (the sandbox) have none. */
  webhook?: {
    /** The request header that carries the call's signature. */
    signatureHeader: string;
    /**
     * Checks the signature over the call's exact bytes and reads what it reports, asking the provider for what
     * the call leaves out (the card a checkout saved); throws when the provider cannot be reached.
     */
    read(rawBody: Buffer, signature: string | undefined): Promise<WebhookReading>;
  };
};
