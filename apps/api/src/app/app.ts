import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createMailer } from '../lib/mailer';
import { createS3Storage } from '../lib/object-storage';
import { createSignal } from '../lib/signal';
import { authRoutes, createSessionCheck } from '../modules/auth/public';
import { baysRoutes } from '../modules/bays/public';
import {
  bookingsRoutes,
  checkoutDoorRoutes,
  holdSweeperPlugin,
  paymentWebhookRoutes,
  reminderJobPlugin,
  sandboxCheckoutRoutes,
} from '../modules/bookings/public';
import { customersRoutes } from '../modules/customers/public';
import { garageRoutes } from '../modules/garage/public';
import { clubCheckoutRoutes, membershipsRoutes, renewalReminderJobPlugin } from '../modules/memberships/public';
import { openPaymentProvider } from '../modules/payments/public';
import { plansRoutes } from '../modules/plans/public';
import { addOnsRoutes, vehicleClassesRoutes } from '../modules/pricing/public';
import { reportsRoutes } from '../modules/reports/public';
import { reviewsRoutes } from '../modules/reviews/public';
import { seoRoutes } from '../modules/seo/public';
import { servicesRoutes } from '../modules/services/public';
import { createShopSettingsStore, seedShopSettings, shopRoutes } from '../modules/shop/public';
import { availabilityJobPlugin, slotsRoutes } from '../modules/slots/public';
import { systemRoutes } from '../modules/system/public';
import { textsPlugin, textWebhookRoutes } from '../modules/texts/public';
import { findSignedInUser, imagesRoutes, usersRoutes } from '../modules/users/public';
import { waitlistJobPlugin, waitlistRoutes } from '../modules/waitlist/public';
import { authPlugin } from '../plugins/auth';
import { backgroundTasksPlugin } from '../plugins/background-tasks';
import { cacheBroadcastPlugin } from '../plugins/cache-broadcast';
import { corsPlugin } from '../plugins/cors';
import { clientErrorReply, errorsPlugin, frameworkErrorReply } from '../plugins/errors';
import { responseCachePlugin } from '../plugins/response-cache';
import { rateLimitPlugin, securityPlugin } from '../plugins/security';
import { siteUrlPlugin } from '../plugins/site-url';
import { slowClientsPlugin } from '../plugins/slow-clients';
import { webPlugin } from '../plugins/web';
import { resolveSecrets } from './resolve-secrets';

/** How long a shutting-down server keeps answering, with `Connection: close`, before closing its listener. */
const SHUTDOWN_DRAIN_MS = 1000;

/** Fastify's trustProxy for TRUST_PROXY: a hop count trusts that many proxies nearest the server. */
const proxyTrust = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/**
 * How often Node looks for requests past their time: its default (30 s) would let a request live up to twice
 * the timeout. Looking every second costs one walk over the open connections.
 */
const timeoutCheckIntervalMs = (requestTimeoutMs: number) => Math.min(1000, requestTimeoutMs);

type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /**
   * `short`: one line per request as it is answered (method, path, status, time), for a console a person
   * reads; `full` (the default): Fastify's request and response records, for a log a machine reads.
   */
  requestLog?: 'full' | 'short';
  /**
   * Called as the app's very last act of closing, once every job has finished its run and every plugin has
   * let go (Fastify runs onClose hooks in reverse order of adding them): where the server closes its database.
   */
  afterClose?: () => Promise<void>;
};

/** Builds the whole application without listening: the server and the tests both start here. */
export async function buildApp({
  config: configured,
  database,
  logger,
  requestLog = 'full',
  afterClose,
}: AppOptions): Promise<FastifyInstance> {
  // Unset secrets come from the (migrated) database, so that every instance on it signs alike.
  const config = await resolveSecrets(configured, database.db);
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: requestLog === 'short' }),
    bodyLimit: 1024 * 1024,
    // A client trickling its headers is cut off with a 408 (clientErrorReply) instead of holding a socket;
    // plugins/slow-clients does the same for a body.
    requestTimeout: config.requestTimeoutMs,
    http: { connectionsCheckingInterval: timeoutCheckIntervalMs(config.requestTimeoutMs) },
    // Only the proxies named by TRUST_PROXY may tell the client's address; rate limits key on it.
    trustProxy: proxyTrust(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorReply,
    clientErrorHandler: clientErrorReply,
    // Shutting down: requests already on an open connection are still answered (not 503), each with
    // `Connection: close`, and no keep-alive socket is cut while a client may be writing to it.
    return503OnClosing: false,
    forceCloseConnections: false,
  }).withTypeProvider<ZodTypeProvider>();
  // Added first, so run last: the jobs' own hooks, added below, wait for their runs before this closes.
  if (afterClose) app.addHook('onClose', afterClose);

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    // Node closes idle keep-alive sockets as the listener closes; a client may be writing its next request
    // on one at that instant. Give busy clients a moment to receive `Connection: close` and hang up first.
    if (app.server.listening) await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DRAIN_MS));
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  if (requestLog === 'short') {
    app.addHook('onResponse', async (request, reply) => {
      app.log.info(`${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
    });
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  // The shop's settings live in the database from the first start on (decision 035).
  await seedShopSettings(database.db, config);
  app.decorate('shop', await createShopSettingsStore(database.db));
  const mailDomain = new URL(config.publicUrl).hostname;
  app.decorate(
    'mailer',
    createMailer({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      // The business's name as it is when each mail leaves.
      from: () => ({ name: app.shop.current().settings.businessName, address: `no-reply@${mailDomain}` }),
      log: app.log,
    }),
  );
  const payments = await openPaymentProvider(config.payment, config.publicUrl);
  app.decorate('payments', payments);
  const objectStorage = config.objectStorage && (await createS3Storage(config.objectStorage));
  app.decorate('objectStorage', objectStorage);
  if (objectStorage) {
    app.log.info({ location: objectStorage.location }, 'images are kept in the image storage of S3_URL');
    app.addHook('onClose', async () => objectStorage.close());
  }
  if (config.env === 'production' && payments.name === 'sandbox') {
    app.log.warn(
      'PAYMENT_PROVIDER=sandbox: customers "pay" on a test page and no money is taken. Use stripe for a real shop.',
    );
  }

  await app.register(errorsPlugin);
  await app.register(siteUrlPlugin);
  await app.register(slowClientsPlugin, { requestTimeoutMs: config.requestTimeoutMs });
  await app.register(backgroundTasksPlugin);
  // The text provider, and the sender that sends what the routes queue (each message once, decision 043).
  await app.register(textsPlugin);
  // The public cache answers first what it can, with the security headers (decision 022)...
  await app.register(responseCachePlugin, { maxAgeMs: config.publicCacheMs, maxBytes: config.publicCacheMaxBytes });
  // ...drops what another instance's write changed, told through PostgreSQL, which also tells every instance
  // to read the shop's settings again after a change...
  // Times freed by a cancellation, a move, lapsed holds, a customer leaving the waitlist or new hours (on any
  // instance) are offered to the waitlist at once.
  const timesFreed = createSignal();
  await app.register(cacheBroadcastPlugin, {
    reloadShop: async () => {
      await app.shop.reload();
      timesFreed.raise();
    },
  });
  await app.register(securityPlugin);
  await app.register(corsPlugin);
  // ...and, once CORS has seen them, the hits from other origins; the rate limiter counts the rest.
  app.addHook('onRequest', app.responseCache.answerLateHit);
  await app.register(rateLimitPlugin);
  await app.register(fastifySwagger, {
    openapi: {
      // Named once, as the shop was called when this instance started.
      info: { title: `${app.shop.current().settings.businessName} API`, version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin, {
    jwtSecret: config.jwtSecret,
    findUser: (id) => findSignedInUser(database.db, id),
    sessionCheck: createSessionCheck(database.db, config.sessionCheckMs),
  });

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(servicesRoutes, { prefix: '/services' });
      await api.register(slotsRoutes);
      await api.register(bookingsRoutes, { onTimesFreed: timesFreed.raise });
      await api.register(baysRoutes, { prefix: '/bays' });
      await api.register(vehicleClassesRoutes, { prefix: '/vehicle-classes' });
      await api.register(addOnsRoutes, { prefix: '/add-ons' });
      await api.register(plansRoutes, { prefix: '/plans' });
      await api.register(garageRoutes, { prefix: '/vehicles' });
      await api.register(customersRoutes, { prefix: '/customers' });
      await api.register(membershipsRoutes, { prefix: '/memberships' });
      await api.register(usersRoutes, { prefix: '/user' });
      await api.register(reviewsRoutes, { prefix: '/review' });
      await api.register(reportsRoutes, { prefix: '/admin' });
      await api.register(paymentWebhookRoutes);
      await api.register(textWebhookRoutes, { prefix: '/texts' });
      await api.register(shopRoutes);
      await api.register(waitlistRoutes, { prefix: '/waitlist', onTimesFreed: timesFreed.raise });
    },
    { prefix: '/api' },
  );
  await app.register(seoRoutes);
  await app.register(imagesRoutes);
  await app.register(checkoutDoorRoutes);
  await app.register(clubCheckoutRoutes);
  if (payments.name === 'sandbox') await app.register(sandboxCheckoutRoutes);
  await app.register(holdSweeperPlugin, { onReleased: timesFreed.raise });
  await app.register(reminderJobPlugin);
  await app.register(renewalReminderJobPlugin);
  await app.register(availabilityJobPlugin);
  await app.register(waitlistJobPlugin, { timesFreed });

  await app.register(webPlugin);
  return app;
}
