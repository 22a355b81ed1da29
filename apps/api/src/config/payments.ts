import {
  DEFAULT_MAX_PENDING_HOLDS_PER_ADDRESS,
  DEFAULT_MAX_UNPAID_DAY_PERCENT,
  DEFAULT_PAYMENT_HOLD_MINUTES,
  DEFAULT_UNOPENED_HOLD_MINUTES,
} from '@carcare/contracts/bookings-constants';
import { SETTING_LIMITS } from '@carcare/contracts/shop-settings-constants';
import { z } from 'zod';
import { concern, type Refusal } from './concern';
import { SEEDS } from './shop';

/** Where the Stripe SDK sends its calls. */
export type StripeConnection = { host: string; port: number; protocol: 'http' | 'https' };

/** Taking the money: the provider, and how long and how many unpaid bookings may hold the bays (decision 025). */
export const payments = concern({
  title: 'Payments and unpaid bookings',
  settings: z.object({
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional().meta({
      description: '`sandbox` or `stripe`; production refuses to start until it is set, and warns when it is `sandbox`',
      whenUnset: '`sandbox`; none in production',
    }),
    STRIPE_SECRET_KEY: z.string().optional().describe('required with `PAYMENT_PROVIDER=stripe`'),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .optional()
      .describe(
        'required with `PAYMENT_PROVIDER=stripe`; point a webhook at `/api/payments/stripe/webhook` with the `checkout.session.*`, `charge.refunded`, `charge.refund.updated` and `refund.*` events',
      ),
    PAYMENT_HOLD_MINUTES: z.coerce
      .number()
      .int()
      .min(SETTING_LIMITS.paymentHoldMinutes.min)
      .max(SETTING_LIMITS.paymentHoldMinutes.max)
      .default(DEFAULT_PAYMENT_HOLD_MINUTES)
      .describe(`how long an unpaid booking holds its slot${SEEDS}`),
    UNOPENED_HOLD_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1440)
      .default(DEFAULT_UNOPENED_HOLD_MINUTES)
      .describe(
        'how long an unpaid booking holds its slot until its checkout page is opened (at most the payment hold of the Settings screen); opening it extends the hold to the payment hold from the booking (decision 025)',
      ),
    HOLD_SWEEP_SECONDS: z.coerce
      .number()
      .min(0)
      .max(3600)
      .default(60)
      .describe(
        'how often the sweeper releases unpaid bookings past their hold (`0` turns it off); every instance may run it, each booking is released once',
      ),
    MAX_PENDING_HOLDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(2)
      .describe('how many unpaid bookings one customer may hold at once'),
    MAX_PENDING_HOLDS_PER_ADDRESS: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(DEFAULT_MAX_PENDING_HOLDS_PER_ADDRESS)
      .describe(
        'how many unpaid bookings may come from one client address (as `TRUST_PROXY` resolves it) at once, whatever the accounts',
      ),
    MAX_UNPAID_DAY_PERCENT: z.coerce
      .number()
      .int('must be a whole percentage')
      .min(1)
      .max(100)
      .default(DEFAULT_MAX_UNPAID_DAY_PERCENT)
      .describe(
        "while unpaid bookings hold this share of a day's bay time, no new unpaid booking is taken that day (`100`: no cap)",
      ),
  }),
  refuse: (env, { production }) => {
    const refusals: Refusal[] = [];
    if (production && env.PAYMENT_PROVIDER === undefined) {
      refusals.push({
        key: 'PAYMENT_PROVIDER',
        message: 'required in production: stripe, or sandbox for a test deployment that takes no money',
      });
    }
    if (env.PAYMENT_PROVIDER === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
      refusals.push({
        key: 'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET',
        message: 'required when PAYMENT_PROVIDER=stripe',
      });
    }
    if (env.UNOPENED_HOLD_MINUTES > env.PAYMENT_HOLD_MINUTES) {
      refusals.push({
        key: 'UNOPENED_HOLD_MINUTES',
        message: `must be at most PAYMENT_HOLD_MINUTES (${env.PAYMENT_HOLD_MINUTES}): opening the checkout only ever extends a hold`,
      });
    }
    return refusals;
  },
  read: (env) => ({
    payment: {
      provider: env.PAYMENT_PROVIDER ?? 'sandbox',
      holdMinutes: env.PAYMENT_HOLD_MINUTES,
      /** How long a booking holds its time until its checkout page is opened (then `holdMinutes` from its making). */
      unopenedHoldMinutes: env.UNOPENED_HOLD_MINUTES,
      /** How many unpaid bookings one customer may hold at once. */
      maxPendingHolds: env.MAX_PENDING_HOLDS,
      /** How many unpaid bookings may come from one client address at once, whichever accounts made them. */
      maxPendingHoldsPerAddress: env.MAX_PENDING_HOLDS_PER_ADDRESS,
      /** While unpaid holds cover this percentage of a day's bay time, no new one is taken that day; 100: no cap. */
      maxUnpaidDayPercent: env.MAX_UNPAID_DAY_PERCENT,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      /** Where the Stripe SDK sends its calls; only tests point it at a local fake. */
      stripeConnection: undefined as StripeConnection | undefined,
      /** How often the expiry sweeper runs; 0 turns it off. */
      sweepIntervalMs: env.HOLD_SWEEP_SECONDS * 1000,
    },
  }),
});
