import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fillHorizon } from './ensure-days';

/**
 * Keeps every live service's days up to the horizon made, so that a customer's first read of a day rarely
 * has to make it: every `lifecycle.availabilityIntervalMs` (0 turns it off, as tests do), the first time one
 * interval after the server starts rather than at once, so that a start (and a short-lived process, such
 * as a backup's) spends nothing on it. Until then a day is made by its first read. Every instance may run
 * it: each day is made under its lock, each time once.
 */
export const availabilityJobPlugin = fp(
  async (app: FastifyInstance) => {
    const every = app.config.lifecycle.availabilityIntervalMs;
    if (every <= 0) return;
    let running: Promise<void> | undefined;
    const run = () => {
      if (running) return;
      running = fillHorizon(app.db, app.shop.current())
        .then((remade) => {
          if (remade > 0) app.log.info(`made ${remade} service ${remade === 1 ? 'day' : 'days'} of availability`);
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'availability job failed'))
        .finally(() => {
          running = undefined;
        });
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(run, every);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'availability-job' },
);
