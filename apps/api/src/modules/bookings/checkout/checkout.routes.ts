import { PAYMENT_MESSAGES } from '@carcare/contracts/bookings-constants';
import { SITE_ROUTES, siteHref } from '@carcare/contracts/site-routes';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookings } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { applyEvents } from '../../memberships/public';
import type { PaymentOutcome } from '../../payments/public';
import { renderSandboxCardSetup, renderSandboxCheckout, savedSandboxCard } from '../../payments/public';
import { mailCardSaved, mailContextOf, mailSettlement } from '../notify/send-booking-emails';
import { getBooking } from '../reads/booking-reads';
import { findCheckout } from './checkout-records';
import { holdTimes, openCheckout } from './open-checkout';
import { originMyBookingsUrl, paymentResultOf, renderPaymentResult } from './payment-result-page';
import { applyRefundReport } from './refund-records';
import { findCardSetup, storeSavedCard } from './saved-cards';
import { settleCheckout } from './settle-checkout';

const sessionParams = z.object({ session: z.string().min(1).max(200) });

type Checkout = NonNullable<Awaited<ReturnType<typeof findCheckout>>>;

/** The checkout's door and its result page, at the paths the site's route table gives them. */
const DOOR_PATH = SITE_ROUTES.checkout.path;
const RESULT_PATH = SITE_ROUTES.checkoutResult.path;

/** The web app's page that tells the customer how their payment ended. */
const paymentResultPath = (status: string | undefined, bookingId: string) =>
  siteHref(status === 'confirm' ? 'paymentSuccess' : 'paymentFailed', {}, { booking: bookingId });

/** Our own result page for a checkout of a booking made on another origin's page. */
const originResultPath = (sessionId: string) => siteHref('checkoutResult', { session: sessionId });

/**
 * The origin a checkout leads back to: the one whose page made its booking, while CORS_ORIGINS still lists it
 * (an origin dropped from it since gets our web app's pages, as our own bookings do).
 */
const returnOriginOf = (app: FastifyInstance, checkout: Checkout) =>
  checkout.returnOrigin !== null && app.config.corsOrigins.includes(checkout.returnOrigin)
    ? checkout.returnOrigin
    : undefined;

/** Whether the checkout is a charge of a balance or a fee rather than the booking's own payment. */
const isChargeOfTheCard = (checkout: Checkout) => checkout.purpose === 'balance' || checkout.purpose === 'fee';

/**
 * Where a customer goes once the checkout is over: our result page for another origin's booking, else the web
 * app's, as the booking stands (or, for a balance or a fee, as the checkout ended: the booking is not its outcome).
 */
const resultPathOf = async (app: FastifyInstance, checkout: Checkout, status: string | undefined) => {
  if (returnOriginOf(app, checkout)) return originResultPath(checkout.sessionId);
  if (!isChargeOfTheCard(checkout)) return paymentResultPath(status, checkout.bookingId);
  const ended = await findCheckout(app.db, checkout.provider, checkout.sessionId);
  return paymentResultPath(ended?.status === 'paid' ? 'confirm' : undefined, checkout.bookingId);
};

/**
 * Whether the checkout still takes payment: one for the booking's price (in full or a deposit) while its booking
 * waits for it, one for a balance or a fee (the customer authenticating a charge of their card) while it is open.
 */
const takesPayment = (checkout: Checkout, booking: { status: string }) =>
  checkout.status === 'open' && (booking.status === 'pending' || isChargeOfTheCard(checkout));

/** The test card a sandbox form chose, as its urlencoded body carries it. */
const chosenCard = (body: unknown) =>
  typeof body === 'object' && body !== null && 'card' in body && typeof body.card === 'string' ? body.card : undefined;

const SANDBOX_ACTIONS: ReadonlyArray<readonly [action: string, outcome: PaymentOutcome]> = [
  ['pay', 'paid'],
  ['cancel', 'failed'],
];

/**
 * `/pay/<session>`, where every payment link leads: it records that the customer opened the checkout, which
 * extends the booking's short first hold (decision 025), then shows the sandbox's own checkout page or sends
 * the customer on to the provider's. A checkout no longer open leads to the payment's result page.
 */
export const checkoutDoorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(DOOR_PATH, { schema: { hide: true, params: sessionParams } }, async (request, reply) => {
    const checkout = await findCheckout(app.db, app.payments.name, request.params.session);
    if (!checkout) {
      // A card setup's door: the sandbox's page to choose the test card, or the provider's.
      const setup = await findCardSetup(app.db, app.payments.name, request.params.session);
      if (!setup) throw new AppError(404, PAYMENT_MESSAGES.sessionNotFound);
      reply.header('Cache-Control', 'no-store');
      const open = setup.savedAt === null;
      if (app.payments.name !== 'sandbox') return reply.redirect(open ? setup.checkoutUrl : setup.returnUrl, 303);
      return reply.type('text/html').send(
        renderSandboxCardSetup({
          sessionId: setup.sessionId,
          businessName: app.shop.current().settings.businessName,
          open,
          returnUrl: setup.returnUrl,
        }),
      );
    }
    await openCheckout(
      app.db,
      checkout.bookingId,
      holdTimes(app.shop.current().settings.paymentHoldMinutes, app.config.payment.unopenedHoldMinutes),
    );
    const booking = await getBooking(app.db, checkout.bookingId);
    if (!booking) throw new AppError(404, PAYMENT_MESSAGES.sessionNotFound);
    reply.header('Cache-Control', 'no-store');
    const open = takesPayment(checkout, booking);
    const origin = returnOriginOf(app, checkout);
    if (app.payments.name === 'sandbox') {
      return reply.type('text/html').send(
        renderSandboxCheckout({
          sessionId: checkout.sessionId,
          businessName: app.shop.current().settings.businessName,
          booking,
          amountCents: checkout.amountCents,
          currency: checkout.currency,
          locale: app.config.business.locale,
          open,
          myBookingsUrl: origin ? originMyBookingsUrl(origin) : siteHref('userMyBookings'),
          savesCard: checkout.savesCard,
        }),
      );
    }
    if (open && checkout.checkoutUrl) return reply.redirect(checkout.checkoutUrl, 303);
    return reply.redirect(await resultPathOf(app, checkout, booking.status), 303);
  });

  /**
   * `/pay/<session>/result`: where the checkout of a booking made on another origin's page (an older client on
   * its own site) ends, whichever the provider: how the payment stands, and links back to that site. A booking
   * made on our web app is sent on to the web app's own result page.
   */
  app.get(RESULT_PATH, { schema: { hide: true, params: sessionParams } }, async (request, reply) => {
    const checkout = await findCheckout(app.db, app.payments.name, request.params.session);
    const booking = checkout && (await getBooking(app.db, checkout.bookingId));
    if (!checkout || !booking) throw new AppError(404, PAYMENT_MESSAGES.sessionNotFound);
    reply.header('Cache-Control', 'no-store');
    const origin = returnOriginOf(app, checkout);
    if (!origin) return reply.redirect(paymentResultPath(booking.status, checkout.bookingId), 303);
    return reply.type('text/html').send(
      renderPaymentResult({
        businessName: app.shop.current().settings.businessName,
        booking,
        amountCents: checkout.amountCents,
        currency: checkout.currency,
        result: paymentResultOf(booking, checkout.status === 'open'),
        origin,
        checkoutPath: siteHref('checkout', { session: checkout.sessionId }),
      }),
    );
  });
};

/**
 * The sandbox provider's hosted checkout's buttons at /pay/<session>: Pay or Cancel payment, then back to the web
 * app; a card setup's Save card or Cancel, then back where it was opened from.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  // The checkout page's buttons are plain HTML forms, posted urlencoded: the test card chosen is all they carry.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, { card: new URLSearchParams(String(body)).get('card') ?? undefined }),
  );

  app.post(
    `${DOOR_PATH}/save`,
    { config: { invalidates: [] }, schema: { hide: true, params: sessionParams } },
    async (request, reply) => {
      const setup = await findCardSetup(app.db, 'sandbox', request.params.session);
      if (!setup) throw new AppError(404, PAYMENT_MESSAGES.sessionNotFound);
      if (setup.savedAt === null) {
        const card = savedSandboxCard(chosenCard(request.body), setup.customerId);
        const stored = await storeSavedCard(app.db, 'sandbox', {
          ...card,
          sessionId: setup.sessionId,
          customerId: setup.customerId,
        });
        app.backgroundTasks.afterReply(reply, 'confirmation email', () =>
          mailCardSaved(mailContextOf(app), stored.confirmedBookingId),
        );
      }
      return reply.redirect(setup.returnUrl, 303);
    },
  );

  for (const [action, outcome] of SANDBOX_ACTIONS) {
    const options = { config: { invalidates: ['slots'] as const }, schema: { hide: true, params: sessionParams } };
    app.post(`${DOOR_PATH}/${action}`, options, async (request, reply) => {
      const checkout = await findCheckout(app.db, 'sandbox', request.params.session);
      if (!checkout) {
        // Cancelling a card setup saves nothing and goes back.
        const setup = action === 'cancel' && (await findCardSetup(app.db, 'sandbox', request.params.session));
        if (!setup) throw new AppError(404, PAYMENT_MESSAGES.sessionNotFound);
        return reply.redirect(setup.returnUrl, 303);
      }
      // The sandbox takes no money once its page shows the session closed: nothing late to give back.
      if (checkout.status === 'open') {
        if (outcome === 'paid' && checkout.savesCard) await saveSandboxCard(app, checkout, chosenCard(request.body));
        const settlement = await settleCheckout(app.db, app.payments, checkout.sessionId, outcome, request.log);
        app.backgroundTasks.afterReply(reply, 'payment email', () => mailSettlement(mailContextOf(app), settlement));
      }
      const settled = await getBooking(app.db, checkout.bookingId);
      return reply.redirect(await resultPathOf(app, checkout, settled?.status), 303);
    });
  }
};

/** Keeps the test card chosen on the sandbox's checkout as the booking's customer's card on file. */
async function saveSandboxCard(app: FastifyInstance, checkout: Checkout, chosen: string | undefined) {
  const [booking] = await app.db
    .select({ customerId: bookings.customerId })
    .from(bookings)
    .where(eq(bookings.id, checkout.bookingId));
  if (!booking) return;
  const card = savedSandboxCard(chosen, booking.customerId);
  await storeSavedCard(app.db, 'sandbox', { ...card, sessionId: checkout.sessionId, customerId: booking.customerId });
}

/**
 * The provider's webhook at /payments/<provider>/webhook: checkout outcomes and refunds' ends, applied only
 * from calls whose signature the provider verifies. Registered for providers that report this way.
 */
export const paymentWebhookRoutes: FastifyPluginAsync = async (app) => {
  const provider = app.payments;
  const { webhook } = provider;
  if (!webhook) return;
  // The signature covers the exact bytes the provider sent, so this route keeps the raw body.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    `/payments/${provider.name}/webhook`,
    {
      config: { access: 'public', rateLimit: false, invalidates: ['slots'] },
      schema: { tags: ['payments'], summary: `${provider.name} webhook` },
    },
    async (request, reply) => {
      const signature = request.headers[webhook.signatureHeader];
      const reading = Buffer.isBuffer(request.body)
        ? await webhook.read(request.body, typeof signature === 'string' ? signature : undefined)
        : { verified: false as const };
      if (!reading.verified) throw new AppError(400, PAYMENT_MESSAGES.invalidSignature);
      // The card first: by the time the payment confirms the booking, its customer's card is on file.
      if (reading.savedCard) {
        const stored = await storeSavedCard(app.db, provider.name, reading.savedCard);
        app.backgroundTasks.afterReply(reply, 'confirmation email', () =>
          mailCardSaved(mailContextOf(app), stored.confirmedBookingId),
        );
      }
      if (reading.report) {
        const { sessionId, outcome } = reading.report;
        const settlement = await settleCheckout(app.db, provider, sessionId, outcome, request.log);
        app.backgroundTasks.afterReply(reply, 'payment email', () => mailSettlement(mailContextOf(app), settlement));
      }
      // A membership's subscription reports: applied once each, in the order the event gives them.
      if (reading.membershipEvents) await applyEvents(app, provider.name, reading.membershipEvents);
      for (const report of reading.refunds ?? []) {
        const refund = await applyRefundReport(app.db, provider.name, report);
        if (refund?.status === 'failed') {
          request.log.error(
            { bookingId: refund.bookingId, refundId: refund.id },
            'the payment provider could not give back a refund: the customer still has to be paid back',
          );
        }
      }
      return reply.send({ received: true });
    },
  );
};
