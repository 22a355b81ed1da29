import { DEFAULT_BUSINESS_CONTACT, DEFAULT_CURRENCY } from '@carcare/contracts/app-config-constants';
import {
  DEFAULT_CANCELLATION_CUTOFF_HOURS,
  DEFAULT_REMINDER_HOURS_BEFORE,
} from '@carcare/contracts/bookings-constants';
import { DEFAULT_LOCALE } from '@carcare/contracts/display-format';
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

/** How often the reminder job runs. */
const REMINDER_INTERVAL_MS = 60_000;

/** How often the availability job makes the days up to the horizon match the shop's hours. */
const AVAILABILITY_INTERVAL_MS = 5 * 60_000;

/** The shop: its name, clock, language, money and contact, and what its customers may do after booking. */
export const shop = concern({
  title: 'The shop',
  settings: z.object({
    BUSINESS_NAME: z.string().min(1).default('CarCare').describe('shown by `GET /api/config`'),
    BUSINESS_TIMEZONE: timeZone.default('UTC').describe('IANA time zone of slot dates and times'),
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
        "the shop's address, shown to customers in refusals past the cancellation cut-off, emails and calendar events",
      ),
    BUSINESS_PHONE: z
      .string()
      .trim()
      .min(1)
      .max(30)
      .default(DEFAULT_BUSINESS_CONTACT.phone)
      .describe("the shop's phone number, shown where its address is"),
    BUSINESS_EMAIL: z
      .email()
      .default(DEFAULT_BUSINESS_CONTACT.email)
      .describe("the shop's email address, shown where its address is"),
    CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code')
      .default(DEFAULT_CURRENCY)
      .describe('three-letter currency code'),
    CANCELLATION_CUTOFF_HOURS: z.coerce
      .number()
      .int('must be a whole number of hours')
      .min(0)
      .max(24 * 30)
      .default(DEFAULT_CANCELLATION_CUTOFF_HOURS)
      .describe(
        'up to this many hours before the start a customer may cancel (refunded in full) or reschedule online; later only the shop can',
      ),
    REMINDER_HOURS_BEFORE: z.coerce
      .number()
      .int('must be a whole number of hours')
      .min(1)
      .max(24 * 14)
      .default(DEFAULT_REMINDER_HOURS_BEFORE)
      .describe('how long before the start the reminder email goes out (once, whichever instance sends it)'),
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
