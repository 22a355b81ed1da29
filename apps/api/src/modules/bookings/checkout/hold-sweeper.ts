import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireStaleHolds } from './holds';

/**
 * Runs the expiry sweeper once as the server becomes ready (holds that ran out while it was down are
 * released at once) and then on a timer (DESIGN.md: every minute); 0 turns it off, as tests do. `onReleased`
 * hears of every sweep that freed times (the waitlist offers them). Closing the server lets a sweep finish.
 */
export const holdSweeperPlugin = fp(
  async (app: FastifyInstance, options: { onReleased?: () => void }) => {
    const every = app.config.payment.sweepIntervalMs;
    if (every <= 0) return;
    let running: Promise<void> | undefined;
    let closed = false;
    const sweep = () => {
      if (running || closed) return;
      running = expireStaleHolds(app.db, app.payments, app.log)
        .then((count) => {
          if (count === 0) return;
          app.responseCache.invalidate('slots');
          options.onReleased?.();
          app.log.info(`released ${count} unpaid ${count === 1 ? 'booking' : 'bookings'} past their hold`);
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'expiry sweep failed'))
        .finally(() => {
          running = undefined;
        });
    };
    const timer = setInterval(sweep, every);
    timer.unref();
    app.addHook('onReady', async () => sweep());
    app.addHook('onClose', async () => {
      closed = true;
      clearInterval(timer);
      await running;
    });
  },
  { name: 'hold-sweeper' },
);
