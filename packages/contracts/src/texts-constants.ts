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

/** The words a customer texts to stop, start again, or ask for help, as carriers and Twilio know them. */
export const TEXT_KEYWORD_WORDS: Record<TextKeyword, readonly string[]> = {
  stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'],
  start: ['START', 'YES', 'UNSTOP'],
  help: ['HELP', 'INFO'],
};

/** The longest fields the text provider's webhooks take: its ids, statuses and numbers are short. */
export const TEXT_WEBHOOK_LIMITS = { field: 64, body: 1600 } as const;

/** A text longer than this is two or more messages on the customer's phone: booking texts stay shorter. */
export const MAX_TEXT_LENGTH = 320;

/** A review request goes out this many hours after the booking is marked completed, unless configured. */
export const DEFAULT_REVIEW_REQUEST_DELAY_HOURS = 3;

/** Quiet hours in the shop's time zone, unless configured: no text the customer did not ask for then. */
export const DEFAULT_TEXT_QUIET_HOURS = '21:00-08:00';

export const TEXT_MESSAGES = {
  textsAcceptedInvalid: 'Texts accepted must be true or false',
  reviewRequestsOffInvalid: 'Review requests off must be true or false',
  /** The webhooks, when no provider or webhook token is configured: nothing may post to them. */
  notSetUp: 'Texts are not set up',
  badSignature: 'The request is not signed by the text provider',
  statusRecorded: 'Delivery report recorded',
  messageReferenceInvalid: 'message must be the id of a text the shop sent',
  /** The reply to HELP. */
  help: (shop: string, phone: string) =>
    `${shop}: texts about your bookings. Call ${phone} for help. Text STOP to stop.`,
} as const;
