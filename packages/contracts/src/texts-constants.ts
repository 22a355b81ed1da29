/**
 * What the shop tells a customer about a booking, by text or email: each is sent once per booking and
 * occasion (a move, an offer), whatever the number of instances, and shown on the customer's booking.
 */
export const MESSAGE_KINDS = [
  'confirmation',
  'reminder',
  'moved',
  'cancelled',
  'ready',
  'waitlist_offer',
  'review_request',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** How a message went out: a text to the customer's phone, or an email (the fallback of a failed text). */
export const MESSAGE_CHANNELS = ['text', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * Where a message stands: waiting for its time (quiet hours) or an instance, taken on by one, handed to the
 * provider, reported delivered or failed by it, or not sent (the customer stopped texts, or has no number).
 */
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The keywords a customer texts to the shop's number, honoured and recorded. */
export const TEXT_KEYWORDS = ['stop', 'start', 'help'] as const;
export type TextKeyword = (typeof TEXT_KEYWORDS)[number];

export const TEXT_MESSAGES = {
  textsAcceptedInvalid: 'Texts accepted must be true or false',
  reviewRequestsOffInvalid: 'Review requests off must be true or false',
} as const;
