import { z } from 'zod';
import { concern } from './concern';

/** How the process runs: its mode, how much it logs, and where it was started from. */
export const runtime = concern({
  title: 'Running',
  settings: z.object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'])
      .default('development')
      .describe(
        '`production` logs JSON, requires `PUBLIC_URL` and `PAYMENT_PROVIDER`, seeds demo data only when asked and never logs generated passwords (they go to `DATA_DIR/secrets` only)',
      ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .describe('pino level: `fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`'),
    HEAP_GROWING_PERCENT: z.coerce
      .number()
      .int()
      .min(10)
      .max(1000)
      .default(50)
      .describe(
        "how far the server's JavaScript heap may grow past what its last full garbage collection kept, in percent; more trades memory for fewer collections",
      ),
    INIT_CWD: z.string().optional().meta({
      description:
        "set by npm to the directory the command was typed in; relative paths (`DATA_DIR`, `BACKUP_DIR`, `WEB_DIST_DIR`, a restore's archive) are read from there",
      whenUnset: 'the current directory',
    }),
  }),
  read: (env, { baseDir }) => ({
    env: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    /** V8's heap growing factor, as 1 + this / 100: left to V8, it lets a burst's garbage pile up (decision 050). */
    heapGrowingPercent: env.HEAP_GROWING_PERCENT,
    /** The directory the command was typed in: relative paths given on the command line are read from here. */
    invocationDir: baseDir,
  }),
});
