import { DEFAULT_BUSINESS_CONTACT, DEFAULT_CURRENCY } from '@carcare/contracts/app-config-constants';
import {
  DEFAULT_CANCELLATION_CUTOFF_HOURS,
  DEFAULT_REMINDER_HOURS_BEFORE,
} from '@carcare/contracts/bookings-constants';
import { DEFAULT_LOCALE } from '@carcare/contracts/display-format';
import { SETTING_LIMITS } from '@carcare/contracts/shop-settings-constants';
import { z } from 'zod';
import { concern } from './concern';

const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as Europe/Berlin');

const locale = z.string().refine((tag) => {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}, 'must be a language tag such as en-US or en-GB');

/**
 * Said of every variable the shop's settings row was seeded from: it counts on the first start only
 * (decision 035), after which the Settings screen is where the shop changes it.
 */
export const SEEDS = ": the first start's value only; the Settings screen is the source from then on";

/** How often the reminder job runs. */
const REMINDER_INTERVAL_MS = 60_000;

/** How often the availability job makes the days up to the horizon match the shop's hours. */
const AVAILABILITY_INTERVAL_MS = 5 * 60_000;

/** The shop: its name, clock, language, money and contact, and what its customers may do after booking. */
export const shop = concern({
  title: 'The shop',
  settings: z.object({
    BUSINESS_NAME: z
      .string()
      .min(1)
      .default('CarCare')
      .describe(`the business's name, shown by \`GET /api/config\`${SEEDS}`),
    BUSINESS_TIMEZONE: timeZone.default('UTC').describe(`IANA time zone of slot dates and times${SEEDS}`),
    BUSINESS_LOCALE: locale
      .default(DEFAULT_LOCALE)
      .describe('how dates read on every screen and in emails (`en-GB`: 26 Nov 2026)'),
    BUSINESS_ADDRESS: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .default(DEFAULT_BUSINESS_CONTACT.address)
      .describe(
        `the shop's address, shown to customers in refusals past the cancellation cut-off, emails and calendar events${SEEDS}`,
      ),
    BUSINESS_PHONE: z
      .string()
      .trim()
      .min(1)
      .max(30)
      .default(DEFAULT_BUSINESS_CONTACT.phone)
      .describe(`the shop's phone number, shown where its address is${SEEDS}`),
    BUSINESS_EMAIL: z
      .email()
      .default(DEFAULT_BUSINESS_CONTACT.email)
      .describe(`the shop's email address, shown where its address is${SEEDS}`),
    CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code')
      .default(DEFAULT_CURRENCY)
      .describe(`three-letter currency code${SEEDS}`),
    CANCELLATION_CUTOFF_HOURS: z.coerce
      .number()
      .int('must be a whole number of hours')
      .min(SETTING_LIMITS.cancellationCutoffHours.min)
      .max(SETTING_LIMITS.cancellationCutoffHours.max)
      .default(DEFAULT_CANCELLATION_CUTOFF_HOURS)
      .describe(
        `up to this many hours before the start a customer may cancel (refunded in full) or reschedule online; later only the shop can${SEEDS}`,
      ),
    REMINDER_HOURS_BEFORE: z.coerce
      .number()
      .int('must be a whole number of hours')
      .min(SETTING_LIMITS.reminderHoursBefore.min)
      .max(SETTING_LIMITS.reminderHoursBefore.max)
      .default(DEFAULT_REMINDER_HOURS_BEFORE)
      .describe(`how long before the start the reminder email goes out (once, whichever instance sends it)${SEEDS}`),
  }),
  read: (env) => ({
    business: {
      name: env.BUSINESS_NAME,
      timeZone: env.BUSINESS_TIMEZONE,
      /** How dates read on every screen, in emails and calendar files (a BCP 47 tag such as en-US). */
      locale: env.BUSINESS_LOCALE,
      currency: env.CURRENCY,
      /** How customers reach the shop: shown in refusals past the cut-off, emails and calendar events. */
      contact: { address: env.BUSINESS_ADDRESS, phone: env.BUSINESS_PHONE, email: env.BUSINESS_EMAIL },
    },
    /** What customers may do after booking, and when they are reminded. */
    lifecycle: {
      /** Up to this many hours before the start a customer may cancel (refunded in full) or reschedule. */
      cancellationCutoffHours: env.CANCELLATION_CUTOFF_HOURS,
      reminderHoursBefore: env.REMINDER_HOURS_BEFORE,
      /** How often the reminder job runs; 0 turns it off (tests run it themselves). */
      reminderIntervalMs: REMINDER_INTERVAL_MS,
      /** How often the availability job runs; 0 turns it off (tests make their days themselves). */
      availabilityIntervalMs: AVAILABILITY_INTERVAL_MS,
    },
  }),
});
