import { z } from 'zod';
import { concern } from './concern';

const booleanText = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

/** What the first start creates in an empty database: the first administrator and, if asked, a demo shop. */
export const firstStart = concern({
  title: 'The first start',
  settings: z.object({
    ADMIN_EMAIL: z.email().optional().meta({
      description: 'the first administrator, created on the first start',
      whenUnset: '`admin@carcare.local`',
    }),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional().meta({
      description:
        "the first administrator's password (at least 8 characters); unset, one is generated and written to `DATA_DIR/secrets`",
      whenUnset: 'generated',
    }),
    SEED_DEMO_DATA: booleanText.optional().meta({
      description:
        "seed a demo shop on the first start: its week (Monday to Saturday 08:00–18:00), a Christmas closure, three bays, services, a month of bookings behind and a week ahead (the demo customer's among them), reviews",
      whenUnset: '`true`; `false` in production',
    }),
  }),
  read: (env, { production }) => ({
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    /** Defaults to true, except in production, where demo data is only seeded when asked for. */
    seedDemoData: env.SEED_DEMO_DATA ?? !production,
  }),
});
