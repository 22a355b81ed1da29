import {
  authStateResponseSchema,
  forgotPasswordSchema,
  loginSchema,
  recoverPasswordSchema,
  refreshResponseSchema,
  registerSchema,
  resetPasswordSchema,
  sessionResponseSchema,
  updateRoleResponseSchema,
  updateRoleSchema,
} from '@carcare/contracts/auth';
import { AUTH_MESSAGES, REFRESH_TOKEN_COOKIE, REFRESH_TOKEN_DAYS } from '@carcare/contracts/auth-constants';
import { uuidParam } from '@carcare/contracts/fields';
import {
  claimAccountSchema,
  ROLE_CHANGES_LIMIT,
  roleChangesQuerySchema,
  roleChangesResponseSchema,
} from '@carcare/contracts/front-desk';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { messageResponseSchema } from '@carcare/contracts/http';
import type { Role } from '@carcare/contracts/users';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { callerOf, callerSessionOf, verifiedAccessToken } from '../../plugins/auth';
import { toUserDto } from '../users/public';
import {
  changePassword,
  changeRole,
  claimAccount,
  dummyPasswordHash,
  logIn,
  logOut,
  recoverPassword,
  registerCustomer,
  rotateRefreshToken,
  type Session,
  type SessionKind,
} from './auth.service';
import { requestPasswordReset } from './request-password-reset';
import { listRoleChanges } from './role-changes';
import { successorKeyFrom } from './tokens';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Ready before the first sign-in, so that the first unknown email is no slower than the rest.
  await dummyPasswordHash();
  const sign = (user: { id: string; role: Role }, sessionId: string) =>
    app.jwt.sign({ sub: user.id, role: user.role, sid: sessionId });
  const sessionsRevoked = (sessionIds: string[]) => app.sessionCheck.revoked(sessionIds);
  const secureCookie = app.config.publicUrl.startsWith('https://');
  const strictLimit = { max: app.config.rateLimit.auth, timeWindow: '1 minute' };
  const rotation = { successorKey: successorKeyFrom(app.config.jwtSecret), graceMs: app.config.refreshReuseGraceMs };
  const keepingOrigins = new Set(app.config.nonRotatingRefreshOrigins);
  /**
   * A sign-in from a page of NON_ROTATING_REFRESH_ORIGINS begins a session whose refresh token is kept (its
   * client presents the one it got here for 30 days); every other session rotates (decision 015).
   */
  const sessionKindOf = (request: FastifyRequest): SessionKind => {
    const { origin } = request.headers;
    return { rotates: origin === undefined || !keepingOrigins.has(origin) };
  };

  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_TOKEN_COOKIE, token, {
      path: '/',
      maxAge: REFRESH_TOKEN_DAYS * 24 * 60 * 60,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
    });

  const sendSession = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: 200 | 201,
    message: string,
    session: Session,
  ) =>
    setRefreshCookie(reply, session.refreshToken)
      .status(status)
      .send({
        success: true as const,
        message,
        data: toUserDto(session.user, app.siteUrlFor(request)),
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
      });

  /** The refresh token from its cookie, or else from a bearer header (unless that holds an access token). */
  const presentedRefreshToken = (request: FastifyRequest) => {
    const cookie = request.cookies[REFRESH_TOKEN_COOKIE];
    if (cookie) return cookie;
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    return bearer && !bearer.includes('.') ? bearer : undefined;
  };

  app.post(
    '/register/customer',
    {
      config: { access: 'public', rateLimit: strictLimit, invalidates: [] },
      schema: {
        tags,
        summary: 'Register a customer account and sign it in',
        body: registerSchema,
        response: { 201: sessionResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { confirmPassword: _confirm, ...input } = request.body;
      const session = await registerCustomer(app.db, input, sign, sessionKindOf(request));
      return sendSession(request, reply, 201, AUTH_MESSAGES.registered, session);
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit: strictLimit, invalidates: [] },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: loginSchema,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) =>
      sendSession(
        request,
        reply,
        200,
        AUTH_MESSAGES.loggedIn,
        await logIn(app.db, request.body, sign, sessionKindOf(request)),
      ),
  );

  app.post(
    '/claim',
    {
      config: { access: 'public', rateLimit: strictLimit, invalidates: [] },
      schema: {
        tags,
        summary:
          'A customer the shop added sets a password with the link they were sent (and an email, if the account has none), and is signed in as a login signs in',
        body: claimAccountSchema,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) =>
      sendSession(
        request,
        reply,
        200,
        FRONT_DESK_MESSAGES.claimed,
        await claimAccount(app.db, request.body, sign, sessionKindOf(request)),
      ),
  );

  app.get(
    '/auth-state',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: authStateResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      success: true as const,
      message: AUTH_MESSAGES.authState,
      data: toUserDto(callerOf(request), app.siteUrlFor(request)),
    }),
  );

  app.post(
    '/refreshToken',
    {
      config: {
        access: 'public',
        rateLimit: { max: app.config.rateLimit.auth * 6, timeWindow: '1 minute' },
        invalidates: [],
      },
      schema: {
        tags,
        summary: 'Exchange the refresh token (cookie or bearer) for a new access and refresh token',
        response: { 200: refreshResponseSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const token = presentedRefreshToken(request);
      if (!token) {
        return reply.status(401).send({ success: false, message: AUTH_MESSAGES.sessionExpired });
      }
      const session = await rotateRefreshToken(app.db, token, sign, sessionsRevoked, rotation);
      const user = toUserDto(session.user, app.siteUrlFor(request));
      return setRefreshCookie(reply, session.refreshToken).send({
        success: true as const,
        message: AUTH_MESSAGES.tokenRefreshed,
        data: { ...user, accessToken: session.accessToken, refreshToken: session.refreshToken, user },
      });
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public', invalidates: [] },
      schema: {
        tags,
        summary:
          'End the session of the presented refresh token (cookie or bearer) or access token, and clear the cookie',
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const accessToken = await verifiedAccessToken(request);
      sessionsRevoked(await logOut(app.db, { refreshToken: presentedRefreshToken(request), accessToken }));
      return reply
        .clearCookie(REFRESH_TOKEN_COOKIE, { path: '/' })
        .send({ success: true as const, message: AUTH_MESSAGES.loggedOut });
    },
  );

  app.put(
    '/update-role/:id',
    {
      config: { access: 'admin', invalidates: [] },
      schema: {
        tags,
        summary:
          "Change another user's role (admin, staff or user); each change is kept in the role changes' audit trail",
        security: [{ bearerAuth: [] }],
        params: uuidParam,
        body: updateRoleSchema,
        response: { 200: updateRoleResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = await changeRole(app.db, callerOf(request), request.params.id, request.body.role);
      return {
        success: true as const,
        message: AUTH_MESSAGES.roleUpdated(user.role),
        data: toUserDto(user, app.siteUrlFor(request)),
      };
    },
  );

  app.get(
    '/role-changes',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: `The audit trail of role changes, newest first (the latest ${ROLE_CHANGES_LIMIT}); of one user's role with ?user=`,
        security: [{ bearerAuth: [] }],
        querystring: roleChangesQuerySchema,
        response: { 200: roleChangesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      message: FRONT_DESK_MESSAGES.roleChangesRetrieved,
      data: await listRoleChanges(app.db, request.query),
    }),
  );

  /** Sets a new password with an emailed link's token; every session of the account ends. */
  const recover = async (token: string, newPassword: string) => {
    sessionsRevoked(await recoverPassword(app.db, token, newPassword));
    return { success: true as const, message: AUTH_MESSAGES.passwordRecovered };
  };

  app.put(
    '/reset-password',
    {
      // Public so that a reset link's token can be used here too; a change of password signs the caller
      // in below, exactly as the signed-in guard would.
      config: { access: 'public', rateLimit: strictLimit, invalidates: [] },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary:
          "Change the caller's password, given the current one; or, with a reset link's token instead, set a new one as /recover-password does",
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { body } = request;
      if (body.token !== undefined) return recover(body.token, body.newPassword);
      const caller = await app.authenticate(request);
      sessionsRevoked(await changePassword(app.db, caller, callerSessionOf(request), body));
      return { success: true as const, message: AUTH_MESSAGES.passwordChanged };
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { access: 'public', rateLimit: strictLimit, invalidates: [] },
      schema: {
        tags,
        summary: 'Email a one-time password reset link (the same answer whether the account exists or not)',
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      // Answered before the account is even looked up: known and unknown emails take the same time.
      const { email } = request.body;
      const publicUrl = app.siteUrlFor(request);
      app.backgroundTasks.afterReply(reply, 'password reset mail', () =>
        requestPasswordReset(app.db, email, {
          mailer: app.mailer,
          publicUrl,
          businessName: app.shop.current().settings.businessName,
        }),
      );
      return { success: true as const, message: AUTH_MESSAGES.resetLinkSent };
    },
  );

  app.put(
    '/recover-password',
    {
      config: { access: 'public', rateLimit: strictLimit, invalidates: [] },
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset link; signs the account out everywhere',
        body: recoverPasswordSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => recover(request.body.token, request.body.newPassword),
  );
};
