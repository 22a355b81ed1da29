import { ACCESS_TOKEN_MINUTES } from '@carcare/contracts/auth-constants';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import type { Role } from '@carcare/contracts/users';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/app-error';

/**
 * Who may call a route. Every `/api` route must say so in `config.access`; a route that does not is
 * refused at start-up, so a forgotten guard can never ship. `staff` is the shop's counter: staff and the
 * administrator, who may do everything staff may.
 */
export type Access = 'public' | 'signed-in' | Role;

/** The roles each guarded access lets in. */
const ROLES_LET_IN: Record<Role, ReadonlySet<Role>> = {
  admin: new Set(['admin']),
  staff: new Set(['staff', 'admin']),
  user: new Set(['user']),
};

/** Whether the user works for the shop (staff or the administrator): they act on any customer's bookings. */
export const isShop = (user: { role: Role }) => ROLES_LET_IN.staff.has(user.role);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    currentUser: UserRow | null;
    /** The session the caller's access token belongs to. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Whether an access token's session may still be used, cached; told at once of revocations here. */
    sessionCheck: SessionCheck;
    /** Every guarded API route and who may call it, as declared: the authorization matrix. */
    accessTable: RouteAccess[];
    /**
     * Signs the caller in from their access token as a route's guard does (401 otherwise), for a public
     * route that needs a signed-in caller for only some of its input.
     */
    authenticate: (request: FastifyRequest) => Promise<UserRow>;
  }
}

/** Whether an access token's session may still be used; the auth module keeps sessions and answers. */
export type SessionCheck = {
  /** Whether the session an access token names is one of its user's and may still be used. */
  isLive: (sessionId: string, userId: string) => Promise<boolean>;
  /** Sessions this instance just revoked: refused from now on. */
  revoked: (sessionIds: string[]) => void;
};

/** What the plugin needs from the rest of the API, handed in by the app that registers it. */
type AuthPluginOptions = {
  /** Signs and verifies access tokens. */
  jwtSecret: string;
  /** The user an access token names, read afresh so that a role change or removal applies at once. */
  findUser: (id: string) => Promise<UserRow | undefined>;
  sessionCheck: SessionCheck;
};

/** A route as declared: who may call it, and the schemas its input is held to (for the input suites). */
export type RouteAccess = {
  method: string;
  url: string;
  access: Access;
  input: { body?: unknown; querystring?: unknown; params?: unknown };
};

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; role: Role; sid: string };
    user: { sub: string; role: Role; sid: string };
  }
}

const UNGUARDED_PREFIXES = ['/api/docs'];

/** How long an access token lives, from when it was issued: its `exp` when signed, its limit when verified. */
const ACCESS_TOKEN_LIFETIME = `${ACCESS_TOKEN_MINUTES}m`;
/** How far ahead of this instance's clock another instance's may be when it issues a token. */
const ISSUED_AT_TOLERANCE_MS = 30_000;

/**
 * The claims an access token must carry, as ids the database can look up (a validly signed token with any
 * other shape is refused, not passed to a uuid column). Tokens from before sessions were named in them cannot
 * be revoked: without `sid` they are not accepted.
 */
const accessTokenClaims = z.object({ sub: z.uuid(), sid: z.uuid(), iat: z.number() });

/** The subject and session of a valid access token, or undefined for anything else. */
export async function verifiedAccessToken(request: FastifyRequest) {
  if (!request.headers.authorization) return undefined;
  try {
    const claims = accessTokenClaims.safeParse(await request.jwtVerify());
    if (!claims.success) return undefined;
    const { sub, sid, iat } = claims.data;
    // The age limit counts from `iat`: one issued in the future would outlive it.
    if (iat * 1000 > Date.now() + ISSUED_AT_TOLERANCE_MS) return undefined;
    return { userId: sub, sessionId: sid };
  } catch {
    return undefined;
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance, { jwtSecret, findUser, sessionCheck }: AuthPluginOptions) => {
    await app.register(fastifyJwt, {
      secret: jwtSecret,
      sign: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_LIFETIME },
      // A token is accepted for ACCESS_TOKEN_MINUTES after it was issued however late its `exp` (a token signed
      // by hand or by another tool with a year to live still ends with the rule); without `iat` its age cannot
      // be known, and it is refused.
      verify: { algorithms: ['HS256'], maxAge: ACCESS_TOKEN_LIFETIME, requiredClaims: ['iat', 'exp', 'sub', 'sid'] },
    });
    app.decorateRequest('currentUser', null);
    app.decorateRequest('sessionId', null);
    app.decorate('sessionCheck', sessionCheck);

    const authenticate = async (request: FastifyRequest): Promise<UserRow> => {
      const token = await verifiedAccessToken(request);
      // The session must be the subject's own: a token naming another user's live session is refused.
      if (!token || !(await sessionCheck.isLive(token.sessionId, token.userId))) {
        throw new AppError(401, GENERIC_ERROR_MESSAGES.unauthorized);
      }
      // The role is read from the database, not the token, so a role change or removal applies at once.
      const user = await findUser(token.userId);
      if (!user) throw new AppError(401, GENERIC_ERROR_MESSAGES.unauthorized);
      request.currentUser = user;
      request.sessionId = token.sessionId;
      return user;
    };
    app.decorate('authenticate', authenticate);
    const accessTable: RouteAccess[] = [];
    app.decorate('accessTable', accessTable);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api') || UNGUARDED_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
      const { body, querystring, params } = route.schema ?? {};
      const input = { body, querystring, params };
      for (const method of [route.method].flat()) accessTable.push({ method, url: route.url, access, input });
      if (access === 'public') return;
      const guard = async (request: FastifyRequest) => {
        const user = await authenticate(request);
        if (access !== 'signed-in' && !ROLES_LET_IN[access].has(user.role)) {
          throw new AppError(403, GENERIC_ERROR_MESSAGES.forbidden);
        }
      };
      // onRequest: callers who may not use the route are turned away before their body is even parsed.
      const existing = route.onRequest ?? [];
      route.onRequest = [guard, ...(Array.isArray(existing) ? existing : [existing])];
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);

/** The signed-in caller of a guarded route. */
export function callerOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new AppError(401, GENERIC_ERROR_MESSAGES.unauthorized);
  return request.currentUser;
}

/** The session of the signed-in caller of a guarded route. */
export function callerSessionOf(request: FastifyRequest): string {
  if (!request.sessionId) throw new AppError(401, GENERIC_ERROR_MESSAGES.unauthorized);
  return request.sessionId;
}
