import { PAYMENT_MESSAGES } from '@carcare/contracts/bookings-constants';
import { siteHref } from '@carcare/contracts/site-routes';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberships, plans } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type MembershipEvent, sandboxCard } from '../payments/public';
import { applyEvents } from './club-billing';
import { membershipFor } from './membership-reads';
import { sandboxNow, startSandboxSubscription, updateSandboxCard } from './sandbox-billing';
import { renderSandboxClub } from './sandbox-club-page';

const DOOR_PATH = '/pay/club/:session';
const sessionParams = z.object({ session: z.string().max(200) });

/** The membership a club checkout of the app's provider was opened for, with its plan. */
async function membershipOfSession(app: FastifyInstance, session: string) {
  const [row] = await app.db
    .select({ membership: memberships, plan: plans })
    .from(memberships)
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .where(and(eq(memberships.provider, app.payments.name), eq(memberships.checkoutSessionId, session)));
  if (!row) throw new AppError(404, PAYMENT_MESSAGES.sessionNotFound);
  return row;
}

/** A pack's one payment, reported as the provider reports a paid checkout: it starts the pack on the sandbox's clock. */
async function packPaid(
  app: FastifyInstance,
  session: string,
  row: Awaited<ReturnType<typeof membershipOfSession>>,
): Promise<MembershipEvent[]> {
  const paidAt = await sandboxNow(app.db);
  return [
    {
      eventId: `evt_${session}_paid`,
      type: 'checkout.session.completed',
      membershipId: row.membership.id,
      invoice: { ref: `in_${session}`, amountCents: row.plan.priceCents, paid: true, periodStart: paidAt },
    },
  ];
}

/**
 * The club checkout's door at /pay/club/<session>, where the failed-renewal email and the member's page send the
 * member to update the card: the provider's own page (Stripe's customer portal), or the sandbox's, which also
 * joins a plan or buys a pack with a test card. The sandbox's subscriptions bill on its own clock.
 */
export const clubCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  // The page's buttons are plain HTML forms, posted urlencoded: the test card chosen is all they carry.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, { card: new URLSearchParams(String(body)).get('card') ?? undefined }),
  );
  const returnUrl = `${app.config.publicUrl}${siteHref('userMembership')}`;
  const chosenCard = (body: unknown) =>
    sandboxCard(typeof body === 'object' && body !== null ? (body as { card?: string }).card : undefined).behaviour;

  app.get(DOOR_PATH, { schema: { hide: true, params: sessionParams } }, async (request, reply) => {
    const row = await membershipOfSession(app, request.params.session);
    // A provider's member updates the card on the provider's own page, asked for afresh on each visit.
    const { subscriptions } = app.payments;
    if (app.payments.name !== 'sandbox') {
      if (!subscriptions || !row.membership.subscriptionRef) throw new AppError(404, PAYMENT_MESSAGES.sessionNotFound);
      return reply.redirect(await subscriptions.cardUpdateUrl(row.membership.subscriptionRef, returnUrl), 303);
    }
    const membership = await membershipFor(app.db, row.membership.id, undefined);
    if (!membership) throw new AppError(404, PAYMENT_MESSAGES.sessionNotFound);
    const { settings } = app.shop.current();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        renderSandboxClub({
          sessionId: request.params.session,
          businessName: settings.businessName,
          membership,
          currency: settings.currency,
          returnUrl,
        }),
      );
  });

  // The sandbox's own page posts its buttons here; a provider's checkout has its own.
  if (app.payments.name !== 'sandbox') return;

  app.post(
    `${DOOR_PATH}/subscribe`,
    { config: { invalidates: [] }, schema: { hide: true, params: sessionParams } },
    async (request, reply) => {
      const { session } = request.params;
      const row = await membershipOfSession(app, session);
      if (row.membership.status === 'pending') {
        const events =
          row.plan.interval === null
            ? await packPaid(app, session, row)
            : await startSandboxSubscription(app.db, {
                membershipId: row.membership.id,
                amountCents: row.plan.priceCents,
                interval: row.plan.interval,
                card: chosenCard(request.body),
              });
        await applyEvents(app, 'sandbox', events);
      }
      return reply.redirect(returnUrl, 303);
    },
  );

  app.post(
    `${DOOR_PATH}/card`,
    { config: { invalidates: [] }, schema: { hide: true, params: sessionParams } },
    async (request, reply) => {
      const row = await membershipOfSession(app, request.params.session);
      if (row.membership.subscriptionRef && row.plan.interval !== null) {
        await applyEvents(
          app,
          'sandbox',
          await updateSandboxCard(app.db, row.membership.subscriptionRef, chosenCard(request.body)),
        );
      }
      return reply.redirect(returnUrl, 303);
    },
  );

  app.post(
    `${DOOR_PATH}/cancel`,
    { config: { invalidates: [] }, schema: { hide: true, params: sessionParams } },
    async (request, reply) => {
      const row = await membershipOfSession(app, request.params.session);
      // Given up before paying: the membership never started.
      await app.db
        .update(memberships)
        .set({ status: 'ended', endedAt: new Date() })
        .where(and(eq(memberships.id, row.membership.id), eq(memberships.status, 'pending')));
      return reply.redirect(returnUrl, 303);
    },
  );
};
