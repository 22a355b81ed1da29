/**
 * A waitlist entry: waiting for a time, holding an offer, booked from one, left by its customer, or past
 * its last preferred day.
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'left', 'expired'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** An offer of a freed time: held for its customer, taken (paid), lapsed unanswered, or withdrawn. */
export const WAITLIST_OFFER_STATUSES = ['open', 'taken', 'lapsed', 'withdrawn'] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/** At most this many preferred days and time windows an entry names. */
export const WAITLIST_MAX_WINDOWS = 3;
