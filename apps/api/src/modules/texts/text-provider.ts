/**
 * One text to a customer: the number in E.164 and the words, under MAX_TEXT_LENGTH. `reference` is our id of
 * the message, which its delivery reports carry back (the provider's own id may not be stored yet when the
 * first report comes).
 */
export type OutgoingText = { to: string; body: string; reference?: string };

/**
 * Where texts go: the outbox (a file each, nothing leaves the machine) or Twilio. `send` resolves with the
 * provider's id of the text, by which its delivery reports are matched, and throws when it was refused.
 */
export type TextProvider = {
  name: 'outbox' | 'twilio';
  send: (text: OutgoingText) => Promise<{ providerId: string }>;
};
