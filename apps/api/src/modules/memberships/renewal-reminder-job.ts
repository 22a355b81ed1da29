import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clubShopOf } from './club-billing';
import { sendRenewalReminders } from './renewal-reminders';

/**
 * Runs the renewal reminder job as the server becomes ready and then as often as the booking reminders
 * (`lifecycle.reminderIntervalMs`; 0 turns it off, as tests do). Closing the server lets a run under way finish,
 * so that no reminder is left claimed and unsent.
 */
export const renewalReminderJobPlugin = fp(
  async (app: FastifyInstance) => {
    const every = app.config.lifecycle.reminderIntervalMs;
    if (every <= 0) return;
    let running: Promise<void> | undefined;
    const run = () => {
      if (running) return;
      const shop = { ...clubShopOf(app), publicUrl: app.config.publicUrl };
      running = sendRenewalReminders(app.db, app.mailer, shop, app.log)
        .then((count) => {
          if (count > 0) app.log.info(`sent ${count} renewal ${count === 1 ? 'reminder' : 'reminders'}`);
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'renewal reminder job failed'))
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
  { name: 'renewal-reminder-job' },
);
