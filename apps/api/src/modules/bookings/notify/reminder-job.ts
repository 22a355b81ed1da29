import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendDueReminders } from './reminders';
import { textingOf } from './send-booking-texts';
import { currentShopDetails } from './shop-details';

/**
 * Runs the reminder job once as the server becomes ready (reminders that fell due while it was down go out
 * at once) and then every `lifecycle.reminderIntervalMs`; 0 turns it off, as tests do. Closing the server
 * lets a run under way finish, so that no reminder is left claimed and unsent.
 */
export const reminderJobPlugin = fp(
  async (app: FastifyInstance) => {
    const every = app.config.lifecycle.reminderIntervalMs;
    if (every <= 0) return;
    let running: Promise<void> | undefined;
    const run = () => {
      if (running) return;
      running = sendDueReminders(app.db, app.mailer, currentShopDetails(app), app.log, new Date(), textingOf(app))
        .then((count) => {
          if (count > 0) app.log.info(`sent ${count} booking ${count === 1 ? 'reminder' : 'reminders'}`);
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'reminder job failed'))
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
  { name: 'reminder-job' },
);
