import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serialRuns } from '../../lib/serial-runs';
import { createOutboxProvider } from './outbox-provider';
import { sendDueMessages } from './send-due-messages';
import type { TextProvider } from './text-provider';
import { createTwilioProvider } from './twilio-provider';

/** Where the provider reports on each text it was given. */
export const STATUS_WEBHOOK_PATH = '/api/texts/status';

export type Texts = {
  provider: TextProvider;
  /** Runs the sender now (again after a run under way): a message just queued goes out within seconds. */
  kick: () => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    texts: Texts;
  }
}

/**
 * The text provider (Twilio when configured, otherwise the outbox), and the sender job: it runs as the server
 * becomes ready, every `texts.sendIntervalMs` (0 turns it off, as tests do; they run it with their own clock),
 * and whenever a message is queued. Closing the server lets a run under way finish, so that no message is
 * left claimed and unsent.
 */
export const textsPlugin = fp(
  async (app: FastifyInstance) => {
    const { texts, dataDir, publicUrl } = app.config;
    const provider = texts.twilio
      ? await createTwilioProvider(texts.twilio, `${publicUrl}${STATUS_WEBHOOK_PATH}`)
      : createOutboxProvider({ dataDir, log: app.log });
    const every = texts.sendIntervalMs;
    const sender = serialRuns(() =>
      sendDueMessages({
        db: app.db,
        provider,
        mailer: app.mailer,
        shopName: () => app.shop.current().settings.businessName,
        log: app.log,
      })
        .then((count) => {
          if (count > 0) app.log.info(`sent ${count} booking ${count === 1 ? 'message' : 'messages'}`);
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'text sender failed')),
    );
    app.decorate('texts', { provider, kick: every > 0 ? sender.run : () => {} });
    if (every <= 0) return;
    const timer = setInterval(sender.run, every);
    timer.unref();
    app.addHook('onReady', async () => sender.run());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await sender.close();
    });
  },
  { name: 'texts' },
);
