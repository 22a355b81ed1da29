import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import type { PageRenderer } from '@carcare/contracts/page-render';
import {
  type CacheTag,
  matchSitePath,
  NOT_FOUND_PATH,
  pagePath,
  renderingOf,
  type SitePath,
} from '@carcare/contracts/site-routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { singleFlight } from '../lib/single-flight';
import type { CachedPage } from './response-cache';
import { encode, inProcessFetch, islandModuleFiles, pageDocument, pageModuleFiles, sendPage } from './server-pages';

/** Past this, the visitor gets the client app rather than waiting longer for a rendered page. */
const RENDER_TIMEOUT_MS = 3000;
/** A render still under way after this is given up, so that a hung one never holds its page for good. */
const RENDER_GIVE_UP_MS = 30_000;

/** What a page request draws: its key in the cache, the address it is drawn at and the data it shows. */
type PageTarget = { key: string; url: string; tags: readonly CacheTag[] };

/**
 * A public page is keyed by its route, its parameters and the query it reads in the form it reads it: any
 * other query string is the same page. Every unknown path draws the one not-found page, which shows only the business's name.
 */
function pageTarget(site: Exclude<SitePath, { kind: 'client-app' }>, query: URLSearchParams): PageTarget {
  if (site.kind === 'not-found') return { key: 'not-found', url: NOT_FOUND_PATH, tags: ['shop'] };
  const page = renderingOf(site.name);
  const canonical = page.canonicalQuery?.(query).toString() ?? '';
  const path = pagePath(site.name, site.params);
  return {
    key: JSON.stringify([site.name, site.params, canonical]),
    url: canonical ? `${path}?${canonical}` : path,
    // Every page's head and structured data name the business, and its prices are in the shop's currency.
    tags: [...page.tags, 'shop'],
  };
}

/** A render begun for a page: the page (null: the client app's), or refused to the address that began it. */
type RenderOutcome = { page: CachedPage | null } | { refused: { address: string; retryAfterSeconds: number } };

/** A request whose render was refused to another address waits for at most this many renders in all. */
const MAX_RENDER_ROUNDS = 3;

/** Counts a render against the visitor's budget: whether it may go ahead, and for how long it may not. */
export type RenderBudget = (
  request: FastifyRequest,
) => Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;

const TOO_MANY_RENDERS =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <title>Too many requests</title>\n  </head>\n' +
  `  <body>\n    <p>${GENERIC_ERROR_MESSAGES.tooManyRequests}</p>\n  </body>\n</html>\n`;

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the page took more than ${ms} ms to render`)), ms);
    // The request (or the render) keeps the process busy, not the timer.
    timer.unref();
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * Answers page requests: a public page is rendered with its data and kept in the public cache under the tags of
 * what it shows; the client app's own pages are the client app; any other path is the not-found page (404).
 * A key renders once however many requests wait for it, and only a request that starts a render counts against
 * the visitor's budget (what the cache or a render under way answers costs no more than a static file). A page
 * that cannot be rendered in time falls back to the client app, with the status the path has.
 */
export function createPageServer(
  app: FastifyInstance,
  root: string,
  renderer: PageRenderer | undefined,
  budget: RenderBudget,
) {
  const template = readFileSync(path.join(root, 'index.html'), 'utf8');
  const moduleFilesOf = pageModuleFiles(root, template);
  const islandFilesOf = islandModuleFiles(root, template);
  const clientApp = (reply: FastifyReply, status: number) =>
    reply.status(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(template);
  const renders = singleFlight<RenderOutcome>();

  const render = async (draw: PageRenderer, target: PageTarget, since: number, visitor: FastifyRequest) => {
    const page = await withTimeout(
      draw({ url: target.url, siteUrl: app.config.publicUrl, fetch: inProcessFetch(app, visitor) }),
      RENDER_GIVE_UP_MS,
    );
    if (!page) return null;
    const body = pageDocument(
      template,
      page,
      moduleFilesOf(page.modules ?? []),
      islandFilesOf(page.hydratedAtOnce ?? []),
    );
    const rendered: CachedPage = { body, status: page.status, encoded: encode(body) };
    app.responseCache.rememberPage(target.key, rendered, target.tags, since);
    return rendered;
  };
  /** The render that the request beginning it may afford: only that one is counted on its address's budget. */
  const budgetedRender =
    (draw: PageRenderer, target: PageTarget, since: number, visitor: FastifyRequest) =>
    async (): Promise<RenderOutcome> => {
      const allowed = await budget(visitor);
      if (!allowed.allowed) {
        return { refused: { address: visitor.ip, retryAfterSeconds: allowed.retryAfterSeconds } };
      }
      return { page: await render(draw, target, since, visitor) };
    };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://localhost');
    const site = matchSitePath(url.pathname);
    const status = site.kind === 'not-found' ? 404 : 200;
    if (!renderer || site.kind === 'client-app') return clientApp(reply, status);
    const target = pageTarget(site, url.searchParams);
    const cached = app.responseCache.recallPage(target.key);
    if (cached) return sendPage(request, reply.header('x-cache', 'hit'), cached);

    const since = app.responseCache.version(target.tags);
    const deadline = Date.now() + RENDER_TIMEOUT_MS;
    for (let round = 0; round < MAX_RENDER_ROUNDS; round++) {
      // Chosen at once, with no wait in between: the first request of a key begins its render, the others join.
      const rendering =
        renders.current(target.key, since) ??
        renders.begin(target.key, since, budgetedRender(renderer, target, since, request));
      let outcome: RenderOutcome;
      try {
        outcome = await withTimeout(rendering, Math.max(0, deadline - Date.now()));
      } catch (error) {
        request.log.error({ err: error, url: target.url }, 'could not render the page: serving the client app');
        return clientApp(reply, status);
      }
      if ('page' in outcome) return outcome.page ? sendPage(request, reply, outcome.page) : clientApp(reply, status);
      if (outcome.refused.address === request.ip) {
        return reply
          .status(429)
          .header('Retry-After', String(outcome.refused.retryAfterSeconds))
          .type('text/html; charset=utf-8')
          .send(TOO_MANY_RENDERS);
      }
      // The render this request waited for was refused to another address: it is judged on its own budget.
    }
    return clientApp(reply, status);
  };
}
