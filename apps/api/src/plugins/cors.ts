import fastifyCors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOADS_URL_PREFIX } from '../lib/uploads';

/** What an older client on another origin sends: every method the API has, a bearer token and JSON. */
const ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];
const ALLOWED_HEADERS = ['Authorization', 'Content-Type'];

/** Browsers reuse an answered preflight this long instead of asking before every call. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Whether a request is for the API. Routed requests are judged by the route the router matched (so an
 * encoded spelling is still the API); a preflight matches the catch-all OPTIONS route, and an unknown
 * path none, so those are judged by their path.
 */
function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  const path = route === undefined || route === '*' ? (request.url.split('?')[0] ?? '') : route;
  return path === '/api' || path.startsWith('/api/');
}

/** Whether a request is for a stored profile image (`/uploads/<hash>.<extension>`), by the route it matched. */
const isStoredImageRequest = (request: FastifyRequest) => request.routeOptions.url === `${UPLOADS_URL_PREFIX}:name`;

/**
 * Cross-origin calls to `/api` from the origins in CORS_ORIGINS, with credentials. Registered only when
 * some are configured; every other origin, and every non-API path, gets no allow header at all.
 * Registered before the response cache and the route guards, so that cached answers and 401s carry the
 * headers too (a browser hides an answer without them from the page) and a preflight, which never
 * carries a token, is answered before any guard or rate limit sees it.
 */
export const corsPlugin = fp(
  async (app: FastifyInstance) => {
    const allowed = new Set(app.config.corsOrigins);
    if (allowed.size === 0) return;

    await app.register(fastifyCors, {
      delegator: (request, callback) => {
        const { origin } = request.headers;
        if (origin === undefined || !allowed.has(origin) || !isApiRequest(request)) {
          callback(null, { origin: false });
          return;
        }
        callback(null, {
          origin,
          credentials: true,
          methods: ALLOWED_METHODS,
          allowedHeaders: ALLOWED_HEADERS,
          maxAge: PREFLIGHT_MAX_AGE_SECONDS,
        });
      },
    });

    // Helmet's same-origin resource policy would keep those pages from reading API answers, and from showing
    // the profile images whose absolute addresses the API gives them; the web app's own pages and files keep
    // it. Images may be shown by any page rather than only by those origins' (whose `<img>` requests carry no
    // Origin, and a Referer only as their referrer policy allows): a stored image is public, named by the
    // hash of its bytes, and answered the same to everyone without credentials, so the policy would protect
    // nothing that a plain request for its address does not already give.
    app.addHook('onRequest', async (request, reply) => {
      if (isApiRequest(request) || isStoredImageRequest(request)) {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      }
    });
  },
  { name: 'cors', dependencies: ['security'] },
);
