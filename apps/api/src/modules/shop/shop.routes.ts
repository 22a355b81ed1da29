import { uuidParam } from '@carcare/contracts/fields';
import {
  affectedBookingsResponseSchema,
  closureCreatedResponseSchema,
  closureRangeQuerySchema,
  closureResponseSchema,
  closuresResponseSchema,
  createClosureSchema,
  settingChangesQuerySchema,
  settingChangesResponseSchema,
  settingsResponseSchema,
  updateSettingsSchema,
} from '@carcare/contracts/shop-settings';
import { CLOSURE_MESSAGES, SETTINGS_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { callerOf } from '../../plugins/auth';
import { liveBookingsBetweenDays } from '../bookings/public';
import { createClosure, deleteClosure, listClosures, toClosureDto } from './closures.service';
import { listSettingChanges, toShopSettingsDto, updateSettings } from './settings.service';
import { readSettings } from './settings-store';

const tags = ['settings'];
const security = [{ bearerAuth: [] }];

/**
 * The settings, hours and closures change the times offered ('slots'), and the business's name, contact,
 * currency and time zone show on every public page ('shop').
 */
const CHANGES_WHAT_VISITORS_SEE = ['shop', 'slots'] as const;

/** The Settings screen's calls (decision 035): every write is read again here and told to the other instances. */
export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: "The shop's settings: business details, policies, booking window and opening hours",
        response: { 200: settingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({
      success: true as const,
      message: SETTINGS_MESSAGES.retrieved,
      data: toShopSettingsDto(await readSettings(app.db)),
    }),
  );

  app.put(
    '/settings',
    {
      config: { access: 'admin', invalidates: CHANGES_WHAT_VISITORS_SEE },
      schema: {
        tags,
        security,
        summary:
          'Change any of the settings; each changed one is kept in the audit trail. Refused while the time zone would move live bookings ahead, or the currency relabel payments',
        body: updateSettingsSchema,
        response: { 200: settingsResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { settings, changed } = await updateSettings(app.db, request.body, callerOf(request).id);
      if (changed.length > 0) await app.shopChanged();
      return {
        success: true as const,
        message: changed.length > 0 ? SETTINGS_MESSAGES.updated : SETTINGS_MESSAGES.unchanged,
        data: toShopSettingsDto(settings),
      };
    },
  );

  app.get(
    '/settings/changes',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary:
          'The audit trail of the settings and closures, newest first: who changed what, when, from what to what',
        querystring: settingChangesQuerySchema,
        response: { 200: settingChangesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { changes, total } = await listSettingChanges(app.db, request.query);
      return { success: true as const, message: SETTINGS_MESSAGES.auditRetrieved, data: changes, totalDoc: total };
    },
  );

  app.get(
    '/closures',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'The closures that have not ended yet, soonest first',
        response: { 200: closuresResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({
      success: true as const,
      message: CLOSURE_MESSAGES.retrieved,
      data: await listClosures(app.db, app.shop.current().settings.timeZone),
    }),
  );

  app.get(
    '/closures/affected',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'The live bookings on the days from startDate to endDate: what a closure over them would lie over',
        querystring: closureRangeQuerySchema,
        response: { 200: affectedBookingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      message: CLOSURE_MESSAGES.affectedRetrieved,
      data: await liveBookingsBetweenDays(app.db, request.query.startDate, request.query.endDate),
    }),
  );

  app.post(
    '/closures',
    {
      config: { access: 'admin', invalidates: CHANGES_WHAT_VISITORS_SEE },
      schema: {
        tags,
        security,
        summary: 'Close the shop from startDate to endDate; cancels no booking, and answers those it lies over',
        body: createClosureSchema,
        response: { 201: closureCreatedResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const closure = await createClosure(app.db, request.body, callerOf(request).id);
      await app.shopChanged();
      const affectedBookings = await liveBookingsBetweenDays(app.db, closure.startDate, closure.endDate);
      return reply.status(201).send({
        success: true as const,
        message: CLOSURE_MESSAGES.created,
        data: { closure: toClosureDto(closure), affectedBookings },
      });
    },
  );

  app.delete(
    '/closures/:id',
    {
      config: { access: 'admin', invalidates: CHANGES_WHAT_VISITORS_SEE },
      schema: {
        tags,
        security,
        summary: 'Open the shop again on the days of a closure',
        params: uuidParam,
        response: { 200: closureResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const closure = await deleteClosure(app.db, request.params.id, callerOf(request).id);
      await app.shopChanged();
      return { success: true as const, message: CLOSURE_MESSAGES.deleted, data: toClosureDto(closure) };
    },
  );
};
