import { uuidParam } from '@carcare/contracts/fields';
import {
  changeMembershipVehiclesSchema,
  compMembershipSchema,
  counterPackSchema,
  joinPlanResponseSchema,
  joinPlanSchema,
  memberListQuerySchema,
  memberListResponseSchema,
  memberResponseSchema,
  membershipHistoryResponseSchema,
  membershipListResponseSchema,
  membershipResponseSchema,
  pauseMembershipSchema,
  plateLookupQuerySchema,
  plateLookupResponseSchema,
  sandboxClockResponseSchema,
  sandboxClockSchema,
  switchMembershipPlanSchema,
} from '@carcare/contracts/memberships';
import { MEMBERSHIP_MESSAGES } from '@carcare/contracts/plans-constants';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/responses';
import { callerOf, isShop } from '../../plugins/auth';
import type { MembershipEvent } from '../payments/public';
import { cancelMembership } from './cancel-membership';
import { changeMembershipVehicles } from './change-membership-vehicles';
import { applyEvents, clubShopOf, mailCancellation } from './club-billing';
import { joinPlan } from './join-plan';
import { compMembership, endMembership, listMembers, sellPackAtCounter } from './members';
import { membershipHistory } from './membership-history';
import { lookupPlate, membershipFor, membershipsOf } from './membership-reads';
import type { ChangeContext } from './own-membership';
import { pauseMembership } from './pause-membership';
import { resumeMembership } from './resume-membership';
import { advanceSandboxClock, sandboxNow } from './sandbox-billing';
import { switchMembershipPlan } from './switch-membership-plan';

const tags = ['memberships'];
const security = [{ bearerAuth: [] }];

/**
 * The wash club, registered under `/api/memberships`: a customer joins a plan (or buys a pack) for their
 * vehicles and manages it; the counter looks a plate up. A customer reads and changes only their own.
 */
export const membershipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const changeContext = (request: FastifyRequest): ChangeContext => {
    const shop = clubShopOf(app);
    return {
      provider: app.payments,
      currency: shop.currency,
      timeZone: shop.timeZone,
      locale: shop.locale,
      log: request.log,
    };
  };
  /** The member's membership as their change left it, the sandbox's reports of it applied first. */
  const changed = async (membershipId: string, customerId: string, events: MembershipEvent[]) => {
    await applyEvents(app, 'sandbox', events);
    const membership = await membershipFor(app.db, membershipId, customerId);
    if (!membership) throw new AppError(404, MEMBERSHIP_MESSAGES.notFound);
    return membership;
  };

  app.post(
    '/',
    {
      config: { access: 'user', invalidates: [] },
      schema: {
        tags,
        security,
        summary: "Join a plan (or buy a pack) for the caller's vehicles; answers the checkout that pays it",
        body: joinPlanSchema,
        response: { 201: joinPlanResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const joined = await joinPlan(app.db, caller, request.body, {
        provider: app.payments,
        currency: app.shop.current().settings.currency,
        publicUrl: app.config.publicUrl,
        log: request.log,
      });
      return reply.status(201).send({
        success: true as const,
        message: MEMBERSHIP_MESSAGES.joined,
        data: { membership: joined.membership, payment_url: joined.paymentUrl },
      });
    },
  );

  app.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Every membership and pack with its member, newest first, or those of one status',
        querystring: memberListQuerySchema,
        response: { 200: memberListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      message: MEMBERSHIP_MESSAGES.retrieved,
      data: await listMembers(app.db, request.query.status),
    }),
  );

  app.post(
    '/comp',
    {
      config: { access: 'admin', invalidates: [] },
      schema: {
        tags,
        security,
        summary: "Give a customer's cars a plan for some months (a pack: its days), billed to no one",
        body: compMembershipSchema,
        response: { 201: memberResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: MEMBERSHIP_MESSAGES.comped,
        data: await compMembership(app.db, request.body),
      }),
  );

  app.post(
    '/counter',
    {
      config: { access: 'staff', invalidates: [] },
      schema: {
        tags,
        security,
        summary: "Sell a customer's cars a pack at the counter, paid there in cash or by card",
        body: counterPackSchema,
        response: { 201: memberResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: MEMBERSHIP_MESSAGES.packSold,
        data: await sellPackAtCounter(app.db, request.body, callerOf(request).id),
      }),
  );

  app.post(
    '/:id/end',
    {
      config: { access: 'admin', invalidates: [] },
      schema: {
        tags,
        security,
        summary: 'End a membership now: nothing more is billed, and its cars wash under it no more',
        params: uuidParam,
        response: { 200: memberResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: MEMBERSHIP_MESSAGES.ended,
      data: await endMembership(app.db, request.params.id, app.payments),
    }),
  );

  app.get(
    '/mine',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: "The caller's memberships and packs, newest first, those that ended too",
        response: { 200: membershipListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      message: MEMBERSHIP_MESSAGES.retrieved,
      data: await membershipsOf(app.db, callerOf(request).id),
    }),
  );

  app.get(
    '/lookup',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        security,
        summary: 'Whether a plate washes under a membership or pack in good standing, and what it has left',
        querystring: plateLookupQuerySchema,
        response: { 200: plateLookupResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      message: MEMBERSHIP_MESSAGES.plateLookedUp,
      data: await lookupPlate(app.db, request.query.plate),
    }),
  );

  // The sandbox bills on its own clock: the administrator (and tests) move it on to renew, fail and recover.
  if (app.payments.name === 'sandbox') {
    app.post(
      '/sandbox-clock',
      {
        config: { access: 'admin', invalidates: [] },
        schema: {
          tags,
          security,
          summary: "Sandbox only: move the sandbox's billing clock forward, billing every period that ends",
          body: sandboxClockSchema,
          response: { 200: sandboxClockResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const events = await advanceSandboxClock(app.db, request.body.days * 86_400);
        await applyEvents(app, 'sandbox', events);
        return {
          success: true as const,
          message: MEMBERSHIP_MESSAGES.clockMoved,
          data: { now: (await sandboxNow(app.db)).toISOString(), events: events.length },
        };
      },
    );
  }

  app.get(
    '/:id/history',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        security,
        summary: "A membership's washes and payments, newest first: the member's own, or any for the shop",
        params: uuidParam,
        response: { 200: membershipHistoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      // The shop reads any membership's history; a customer only their own (another's is not found).
      const membership = await membershipFor(app.db, request.params.id, isShop(caller) ? undefined : caller.id);
      if (!membership) throw new AppError(404, MEMBERSHIP_MESSAGES.notFound);
      return {
        success: true as const,
        message: MEMBERSHIP_MESSAGES.retrieved,
        data: await membershipHistory(app.db, membership._id),
      };
    },
  );

  app.post(
    '/:id/cancel',
    {
      config: { access: 'user', invalidates: [] },
      schema: {
        tags,
        security,
        summary: "Cancel the caller's membership: nothing more is billed, and it ends with the paid period",
        params: uuidParam,
        response: { 200: membershipResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const events = await cancelMembership(app.db, caller.id, id, changeContext(request));
      const cancelled = await changed(id, caller.id, events);
      app.backgroundTasks.afterReply(reply, 'membership email', () => mailCancellation(app, caller.email, id));
      return { success: true as const, message: MEMBERSHIP_MESSAGES.cancelled, data: cancelled };
    },
  );

  app.post(
    '/:id/pause',
    {
      config: { access: 'user', invalidates: [] },
      schema: {
        tags,
        security,
        summary:
          "Pause the caller's monthly membership for 1 to 3 months from the end of its paid period: nothing billed, no washes",
        params: uuidParam,
        body: pauseMembershipSchema,
        response: { 200: membershipResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const events = await pauseMembership(app.db, caller.id, id, request.body, changeContext(request));
      return {
        success: true as const,
        message: MEMBERSHIP_MESSAGES.paused,
        data: await changed(id, caller.id, events),
      };
    },
  );

  app.post(
    '/:id/resume',
    {
      config: { access: 'user', invalidates: [] },
      schema: {
        tags,
        security,
        summary: "End the caller's pause now: billing restarts with a new period (a pause not yet begun is called off)",
        params: uuidParam,
        response: { 200: membershipResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const { outcome, events } = await resumeMembership(app.db, caller.id, id, changeContext(request));
      return {
        success: true as const,
        message: outcome === 'resumed' ? MEMBERSHIP_MESSAGES.resumed : MEMBERSHIP_MESSAGES.pauseCalledOff,
        data: await changed(id, caller.id, events),
      };
    },
  );

  app.put(
    '/:id/vehicles',
    {
      config: { access: 'user', invalidates: [] },
      schema: {
        tags,
        security,
        summary: "Replace the cars of the caller's membership or pack with others of theirs, once in 30 days",
        params: uuidParam,
        body: changeMembershipVehiclesSchema,
        response: { 200: membershipResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { id } = request.params;
      await changeMembershipVehicles(app.db, caller.id, id, request.body, changeContext(request));
      return {
        success: true as const,
        message: MEMBERSHIP_MESSAGES.vehiclesChanged,
        data: await changed(id, caller.id, []),
      };
    },
  );

  app.post(
    '/:id/switch',
    {
      config: { access: 'user', invalidates: [] },
      schema: {
        tags,
        security,
        summary:
          "Move the caller's membership to another membership plan: prorated, charged now, a new period from now",
        params: uuidParam,
        body: switchMembershipPlanSchema,
        response: { 200: membershipResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const events = await switchMembershipPlan(app.db, caller.id, id, request.body, changeContext(request));
      return {
        success: true as const,
        message: MEMBERSHIP_MESSAGES.switched,
        data: await changed(id, caller.id, events),
      };
    },
  );
};
