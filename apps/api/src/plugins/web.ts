import { existsSync } from 'node:fs';
import path from 'node:path';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IMMUTABLE_CACHE_CONTROL } from '../lib/responses';
import { UPLOADS_URL_PREFIX } from '../lib/uploads';
import { createPageServer, type RenderBudget } from './page-requests';
import { loadPageRenderer } from './server-pages';

/** The path as the router sees it: percent-decoded, without the query. */
function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Serves the built web app and answers unknown paths: `/api/...` gets a JSON 404; a page request gets its
 * server-rendered HTML when it is a public page or no page at all (the not-found page, 404), else `index.html`
 * so that the client router shows it (decisions 022 and 027).
 */
export const webPlugin = fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDistDir;
    const hasIndex = root !== undefined && existsSync(path.join(root, 'index.html'));
    if (root && hasIndex) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset; they are sent to clients that accept them.
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('Cache-Control', hashed ? IMMUTABLE_CACHE_CONTROL : 'no-cache');
        },
      });
    }

    // Profile images are not files here: the users module serves them from the database under /uploads/.

    // Renders are counted per client address (as TRUST_PROXY resolves it) on a budget of their own.
    const countRender = app.createRateLimit({
      max: app.config.pageRateLimit,
      timeWindow: 60_000,
      allowList: () => false,
    });
    const budget: RenderBudget = async (request) => {
      const count = await countRender(request);
      return count.isAllowed || !count.isExceeded
        ? { allowed: true }
        : { allowed: false, retryAfterSeconds: count.ttlInSeconds };
    };
    const servePage =
      root && hasIndex
        ? createPageServer(app, root, await loadPageRenderer(app, app.config.webRenderEntry), budget)
        : undefined;

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = decodedPath(request.url);
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api') &&
        !pathname.startsWith(UPLOADS_URL_PREFIX) &&
        !path.extname(pathname);
      if (isPage && servePage) return servePage(request, reply);
      return reply.status(404).send({ success: false, message: GENERIC_ERROR_MESSAGES.routeNotFound });
    });
  },
  { name: 'web' },
);
