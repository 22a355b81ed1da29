import { DEFAULT_WAITLIST_OFFER_MINUTES } from '@carcare/contracts/waitlist-constants';
import { z } from 'zod';
import { concern } from './concern';

/** The waitlist: how long a freed time is held for the customer it is offered to, and how often times are matched. */
export const waitlist = concern({
  title: 'Waitlist',
  settings: z.object({
    WAITLIST_OFFER_MINUTES: z.coerce
      .number()
      .int('must be a whole number of minutes')
      .min(1)
      .max(1440)
      .default(DEFAULT_WAITLIST_OFFER_MINUTES)
      .describe(
        'how long a freed time is held for the waitlisted customer it is offered to; unanswered, it goes to the next',
      ),
    WAITLIST_MATCH_SECONDS: z.coerce
      .number()
      .min(0)
      .max(3600)
      .default(5)
      .describe(
        'how often freed times are matched with the waitlist (`0` turns the timer off); cancellations, moves, lapsed holds and new hours also start a match at once; every instance may run it, each offer is made once',
      ),
  }),
  read: (env) => ({
    waitlist: {
      offerMinutes: env.WAITLIST_OFFER_MINUTES,
      /** How often the matching job runs; 0 turns it off (tests run it themselves). */
      matchIntervalMs: env.WAITLIST_MATCH_SECONDS * 1000,
    },
  }),
});
