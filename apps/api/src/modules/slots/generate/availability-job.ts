import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fillHorizon } from './ensure-days';

/**
 * Keeps every live service's days up to the horizon made, so that a customer's first read of a day rarely
 * has to make it: once as the server becomes ready, then every `lifecycle.availabilityIntervalMs` (0 turns
 * it off, as tests do). Every instance may run it: each day is made under its lock, each time once.
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
    const timer = setInterval(run, every);
    timer.unref();
    app.addHook('onReady', async () => run());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'availability-job' },
);
