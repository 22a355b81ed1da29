import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import type { Role } from '@carcare/contracts/users';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { findUserById } from '../modules/users/users.service';

/**
 * Who may call a route. Every `/api` route must say so in `config.access`; a route that does not is
 * refused at start-up, so a forgotten guard can never ship.
 */
export type Access = 'public' | 'signed-in' | Role;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    currentUser: UserRow | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; role: Role };
    user: { sub: string; role: Role };
  }
}

const UNGUARDED_PREFIXES = ['/api/docs'];

async function authenticate(request: FastifyRequest): Promise<UserRow> {
  if (!request.headers.authorization) throw new AppError(401, GENERIC_ERROR_MESSAGES.unauthorized);
  let subject: string;
  try {
    subject = (await request.jwtVerify<{ sub: string }>()).sub;
  } catch {
    throw new AppError(401, GENERIC_ERROR_MESSAGES.unauthorized);
  }
  // The role is read from the database, not the token, so a role change or removal applies at once.
  const user = await findUserById(request.server.db, subject);
  if (!user) throw new AppError(401, GENERIC_ERROR_MESSAGES.unauthorized);
  request.currentUser = user;
  return user;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyJwt, {
      secret: app.config.jwtSecret,
      sign: { algorithm: 'HS256', expiresIn: '15m' },
      verify: { algorithms: ['HS256'] },
    });
    app.decorateRequest('currentUser', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api') || UNGUARDED_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
      const access = route.config?.access;
      if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
      if (access === 'public') return;
      const guard = async (request: FastifyRequest) => {
        const user = await authenticate(request);
        if (access !== 'signed-in' && user.role !== access) {
          throw new AppError(403, GENERIC_ERROR_MESSAGES.forbidden);
        }
      };
      const existing = route.preHandler ?? [];
      route.preHandler = [guard, ...(Array.isArray(existing) ? existing : [existing])];
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);

/** The signed-in caller of a guarded route. */
export function callerOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new AppError(401, GENERIC_ERROR_MESSAGES.unauthorized);
  return request.currentUser;
}
