import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serialRuns } from '../../lib/serial-runs';
import type { Signal } from '../../lib/signal';
import { type MatchContext, matchWaitlist } from './match-waitlist';
import { notifyOffer } from './notify-offer';

/** What a run of the waitlist needs from the app, as this instance knows the shop now. */
export function matchContextOf(app: FastifyInstance): MatchContext {
  const { settings } = app.shop.current();
  return {
    provider: app.payments,
    publicUrl: app.config.publicUrl,
    offerMinutes: app.config.waitlist.offerMinutes,
    shop: app.shop.current(),
    log: app.log,
    notify: (offer) =>
      notifyOffer(
        {
          db: app.db,
          mailer: app.mailer,
          texting: {
            timing: { quietHours: app.config.texts.quietHours, timeZone: settings.timeZone },
            kick: app.texts.kick,
          },
          shop: {
            name: settings.businessName,
            timeZone: settings.timeZone,
            locale: app.config.business.locale,
            publicUrl: app.config.publicUrl,
          },
        },
        offer,
      ),
  };
}

/**
 * Runs the waitlist's matching as the server becomes ready, every `waitlist.matchIntervalMs` (0 turns the job
 * off, as tests do: they run it themselves with a clock of their choosing), and at once whenever `timesFreed` is raised (a cancellation, a move, a sweep of
 * lapsed holds, new hours): a freed time is offered within seconds. A kick during a run starts one more run
 * after it, so that nothing freed meanwhile waits for the timer. Closing the server lets a run finish.
 */
export const waitlistJobPlugin = fp(
  async (app: FastifyInstance, options: { timesFreed?: Signal }) => {
    const matching = serialRuns(() =>
      matchWaitlist(app.db, matchContextOf(app), new Date())
        .then((outcome) => {
          if (outcome.offered.length > 0) app.responseCache.invalidate('slots');
          const count = outcome.offered.length;
          if (count > 0) app.log.info(`offered ${count} freed ${count === 1 ? 'time' : 'times'} to the waitlist`);
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'waitlist matching failed')),
    );
    const every = app.config.waitlist.matchIntervalMs;
    if (every <= 0) return;
    const timer = setInterval(matching.run, every);
    timer.unref();
    options.timesFreed?.listen(matching.run);
    app.addHook('onReady', async () => matching.run());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await matching.close();
    });
  },
  { name: 'waitlist-job' },
);
