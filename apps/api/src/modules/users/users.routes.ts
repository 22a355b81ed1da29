import {
  updateProfileSchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
} from '@carcare/contracts/users';
import { MAX_PROFILE_IMAGE_BYTES, USER_MESSAGES } from '@carcare/contracts/users-constants';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/responses';
import { callerOf } from '../../plugins/auth';
import { normaliseStoredPhones } from './normalise-stored-phones';
import { replaceProfileImage } from './profile-image';
import { listUsers, toUserDto, updateProfile } from './users.service';

const tags = ['users'];
const security = [{ bearerAuth: [] }];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  try {
    await normaliseStoredPhones(app.db, app.log);
  } catch (error) {
    app.log.error({ err: error }, 'rewriting stored phone numbers as E.164 failed; retried on next start');
  }
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PROFILE_IMAGE_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.get(
    '/all',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Users, searchable by email, first or last name',
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { users, totalDoc } = await listUsers(app.db, request.query, callerOf(request).id);
      return {
        success: true as const,
        message: USER_MESSAGES.retrieved,
        data: users.map((user) => toUserDto(user, app.siteUrlFor(request))),
        totalDoc,
      };
    },
  );

  app.put(
    '/update',
    {
      // A review shows its author's name.
      config: { access: 'signed-in', invalidates: ['reviews'] },
      schema: {
        tags,
        security,
        summary:
          "Change the caller's own name, address or phone, and whether they take booking texts and review requests",
        body: updateProfileSchema,
        response: { 200: userResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { email: _email, role: _role, ...changes } = request.body;
      const user = await updateProfile(app.db, callerOf(request).id, changes);
      return { success: true as const, message: USER_MESSAGES.updated, data: toUserDto(user, app.siteUrlFor(request)) };
    },
  );

  app.put(
    '/update-profile-image',
    {
      config: { access: 'signed-in', invalidates: [] },
      schema: {
        tags,
        security,
        summary:
          "Replace the caller's profile image (multipart field `file`, at most 5 MB, PROFILE_IMAGE_UPLOADS_PER_HOUR times an hour); the image it replaces is deleted unless someone else shows it",
        consumes: ['multipart/form-data'],
        response: { 200: userResponseSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(415, USER_MESSAGES.imageMissing);
      const user = await replaceProfileImage(
        app.db,
        { storage: app.objectStorage, uploadsPerHour: app.config.profileImageUploadsPerHour, log: request.log },
        callerOf(request).id,
        await request.file(),
      );
      return {
        success: true as const,
        message: USER_MESSAGES.imageUpdated,
        data: toUserDto(user, app.siteUrlFor(request)),
      };
    },
  );
};
