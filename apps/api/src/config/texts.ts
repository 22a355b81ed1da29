import { DEFAULT_REVIEW_REQUEST_DELAY_HOURS, DEFAULT_TEXT_QUIET_HOURS } from '@carcare/contracts/texts-constants';
import { z } from 'zod';
import { concern, type Refusal } from './concern';

/** How often the sender looks for due texts (and emails standing in for failed ones). */
const TEXT_SEND_INTERVAL_MS = 5_000;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Quiet hours as `HH:MM-HH:MM` (across midnight when the first is later), or empty for none. */
const quietHours = z
  .string()
  .trim()
  .refine((value) => {
    if (value === '') return true;
    const [from, to, ...rest] = value.split('-');
    return rest.length === 0 && CLOCK.test(from ?? '') && CLOCK.test(to ?? '') && from !== to;
  }, 'must be two different times HH:MM-HH:MM, such as 21:00-08:00, or empty for none');

/** Where texts to customers go: Twilio when its account is configured, otherwise the outbox. */
export const texts = concern({
  title: 'Texts',
  settings: z.object({
    TWILIO_ACCOUNT_SID: z.string().optional().meta({
      description:
        'the Twilio account that sends texts, with `TWILIO_AUTH_TOKEN` and `TWILIO_FROM` or `TWILIO_MESSAGING_SERVICE_SID`; otherwise each text is written to `DATA_DIR/outbox/sms` as a file: a `To:` line with the number (E.164), a blank line, then the text',
      whenUnset: 'unset: the outbox',
    }),
    TWILIO_AUTH_TOKEN: z
      .string()
      .optional()
      .describe(
        "required with `TWILIO_ACCOUNT_SID`; also checks the signature of Twilio's calls to `/api/texts/status` and `/api/texts/inbound` (point the number's incoming messages webhook at the latter)",
      ),
    TWILIO_FROM: z.string().optional().describe('the number texts are sent from (E.164)'),
    TWILIO_MESSAGING_SERVICE_SID: z
      .string()
      .optional()
      .describe('a Twilio messaging service to send from instead of `TWILIO_FROM`'),
    TWILIO_API_URL: z
      .url()
      .optional()
      .meta({ description: "where Twilio's API is called (a stand-in for tests)", whenUnset: "unset: Twilio's own" }),
    TEXT_WEBHOOK_TOKEN: z.string().min(32, 'must be at least 32 characters').optional().meta({
      description:
        'with the outbox (no Twilio account), the key that signs calls to the text webhooks as Twilio signs them with its auth token; unset, the webhooks answer 404 "Texts are not set up"',
      whenUnset: 'unset: webhooks off',
    }),
    TEXT_QUIET_HOURS: quietHours
      .default(DEFAULT_TEXT_QUIET_HOURS)
      .describe(
        "in the shop's time zone, no text goes out that the customer did not just ask for (a reminder, ready, review request waits for the end); empty: none",
      ),
    REVIEW_REQUEST_DELAY_HOURS: z.coerce
      .number()
      .min(0)
      .max(168)
      .default(DEFAULT_REVIEW_REQUEST_DELAY_HOURS)
      .describe('how long after a booking is marked completed its customer is asked for a review'),
  }),
  refuse: (env) => {
    const refusals: Refusal[] = [];
    if (env.TWILIO_ACCOUNT_SID === undefined) return refusals;
    if (env.TWILIO_AUTH_TOKEN === undefined) {
      refusals.push({ key: 'TWILIO_AUTH_TOKEN', message: 'required with TWILIO_ACCOUNT_SID' });
    }
    if (env.TWILIO_FROM === undefined && env.TWILIO_MESSAGING_SERVICE_SID === undefined) {
      refusals.push({ key: 'TWILIO_FROM', message: 'TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required' });
    }
    return refusals;
  },
  read: (env) => ({
    texts: {
      twilio:
        env.TWILIO_ACCOUNT_SID !== undefined && env.TWILIO_AUTH_TOKEN !== undefined
          ? {
              accountSid: env.TWILIO_ACCOUNT_SID,
              authToken: env.TWILIO_AUTH_TOKEN,
              from: env.TWILIO_FROM,
              messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
              apiUrl: env.TWILIO_API_URL,
            }
          : undefined,
      webhookToken: env.TEXT_WEBHOOK_TOKEN,
      /** Empty: none. */
      quietHours: env.TEXT_QUIET_HOURS,
      reviewRequestDelayHours: env.REVIEW_REQUEST_DELAY_HOURS,
      /** How often the sender runs; 0 turns it off (tests run it themselves, with a clock of their choosing). */
      sendIntervalMs: TEXT_SEND_INTERVAL_MS,
    },
  }),
});

export type TextsConfig = ReturnType<typeof texts.read>['texts'];
export type TwilioAccount = NonNullable<TextsConfig['twilio']>;
