/** One text to a customer: the number in E.164 and the words, under MAX_TEXT_LENGTH. */
export type OutgoingText = { to: string; body: string };

/**
 * Where texts go: the outbox (a file each, nothing leaves the machine) or Twilio. `send` resolves with the
 * provider's id of the text, by which its delivery reports are matched, and throws when it was refused.
 */
export type TextProvider = {
  name: 'outbox' | 'twilio';
  send: (text: OutgoingText) => Promise<{ providerId: string }>;
};
