import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** Cookies, security headers and per-IP rate limits (shared through Redis when several instances run). */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCookie);
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: app.config.publicUrl.startsWith('https://') ? [] : null,
        },
      },
      // The API is called from the same origin only.
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });

    const redis = app.config.redisUrl
      ? new Redis(app.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
    await app.register(fastifyRateLimit, {
      max: app.config.rateLimit.global,
      timeWindow: '1 minute',
      redis,
      nameSpace: 'carcare-rate-limit-',
      // Static files and the SPA are cheap and cached; the limit guards the API.
      allowList: (request) => !request.url.startsWith('/api'),
    });
  },
  { name: 'security' },
);
