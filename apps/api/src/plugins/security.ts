import { SITE_ROUTES } from '@carcare/contracts/site-routes';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { failoverStore, openRedisLink } from './rate-limit-store';

/**
 * Whether the limiter counts a request, judged by the route the router matched (its decoded path), never
 * by the raw URL: `/%61pi/auth/login` is the login route and is limited as such. The API, the checkout and
 * the sitemap are counted; static files are cheap and are not, and page renders have a budget of their own
 * (plugins/web.ts).
 */
const isLimitedRoute = (routeUrl: string | undefined) =>
  routeUrl !== undefined &&
  (routeUrl.startsWith('/api/') || routeUrl.startsWith(SITE_ROUTES.checkout.path) || routeUrl === '/sitemap.xml');

/** Cookies and security headers, set on every answer (a cached one included) as it arrives. */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCookie);
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Profile images are named by the absolute address PUBLIC_URL gives them, which is this site's own
          // unless the page was reached by another of its names.
          imgSrc: ["'self'", new URL(app.config.publicUrl).origin, 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: app.config.publicUrl.startsWith('https://') ? [] : null,
        },
      },
      // Same origin only; plugins/cors loosens it for /api when CORS_ORIGINS names other origins.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      // Telling browsers to insist on HTTPS only makes sense on a site served over HTTPS.
      strictTransportSecurity: app.config.publicUrl.startsWith('https://'),
    });
  },
  { name: 'security' },
);

/**
 * Per-IP rate limits, shared through Redis when several instances run, and counted by each instance on its
 * own while Redis is away (decision 026). Registered after the public read cache: an answer from memory costs
 * no more than a static file, which is not counted either, and a cache hit needs no round trip to Redis
 * (decision 022).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const link = app.config.redisUrl ? await openRedisLink(app.config.redisUrl, app.log) : undefined;
    if (link) {
      app.addHook('onClose', async () => link.close());
      // The first requests count in Redis already when it is there; a Redis that is away delays nothing more.
      await link.settled;
    }
    app.decorate('sharedRateLimits', { state: () => (link ? (link.isUp() ? 'up' : 'down') : 'unused') });
    await app.register(fastifyRateLimit, {
      max: app.config.rateLimit.global,
      timeWindow: '1 minute',
      ...(link ? { store: failoverStore(link, 'carcare-rate-limit-') } : {}),
      allowList: (request) => !isLimitedRoute(request.routeOptions.url),
    });
  },
  { name: 'rate-limit' },
);
