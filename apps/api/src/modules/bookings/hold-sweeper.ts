import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireStaleHolds } from './bookings.service';

/** Runs the expiry sweeper on a timer (DESIGN.md: every minute); 0 turns the timer off, as tests do. */
export const holdSweeperPlugin = fp(
  async (app: FastifyInstance) => {
    const every = app.config.payment.sweepIntervalMs;
    if (every <= 0) return;
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      expireStaleHolds(app.db, app.payments, app.log)
        .then((count) => {
          if (count > 0)
            app.log.info(`released ${count} unpaid ${count === 1 ? 'booking' : 'bookings'} past their hold`);
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'expiry sweep failed'))
        .finally(() => {
          running = false;
        });
    }, every);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'hold-sweeper' },
);
