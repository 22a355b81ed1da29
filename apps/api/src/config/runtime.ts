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
    INIT_CWD: z.string().optional().meta({
      description:
        "set by npm to the directory the command was typed in; relative paths (`DATA_DIR`, `BACKUP_DIR`, `WEB_DIST_DIR`, a restore's archive) are read from there",
      whenUnset: 'the current directory',
    }),
  }),
  read: (env, { baseDir }) => ({
    env: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    /** The directory the command was typed in: relative paths given on the command line are read from here. */
    invocationDir: baseDir,
  }),
});
