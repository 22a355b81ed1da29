import { z } from 'zod';
import { concern } from './concern';

/** Where the emails go. */
export const mail = concern({
  title: 'Mail',
  settings: z.object({
    SMTP_URL: z.string().optional().meta({
      description: 'real mail server; otherwise mail is written to `DATA_DIR/outbox`',
      whenUnset: 'unset: the outbox',
    }),
  }),
  read: (env) => ({ smtpUrl: env.SMTP_URL }),
});
