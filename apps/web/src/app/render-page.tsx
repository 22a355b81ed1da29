import {
  inlineJson,
  type PageRenderer,
  type PageRenderRequest,
  type RenderedPage,
} from '@carcare/contracts/page-render';
import {
  NOT_FOUND_MODULE,
  RENDERED_PAGE_NAMES,
  renderingOf,
  type ServerRendering,
  SITE_ROUTES,
} from '@carcare/contracts/site-routes';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { baseApi } from '@/lib/api/base-api';
import type { ServerData } from '@/lib/ssr/server-data';
import { SiteProvider } from '@/lib/ssr/site';
import { AppProviders } from './providers';
import { routes } from './routes';
import { makeServerStore, type PlainMiddleware } from './store';

/** What the renderer needs of a page's rendering: its module, and whether it is served as islands. */
type PageRendering = Pick<ServerRendering, 'module' | 'islands'>;

/**
 * The pages rendered on the server, by the path their route declares, with the module each one's route loads
 * lazily, from the site's route table (decision 031); every other route is the client app's alone (sign-in,
 * dashboards...), and the catch-all draws the not-found page.
 */
export const SERVER_RENDERED: ReadonlyMap<string, PageRendering> = new Map<string, PageRendering>([
  ...RENDERED_PAGE_NAMES.map((name) => [SITE_ROUTES[name].path, renderingOf(name)] as const),
  ['*', { module: NOT_FOUND_MODULE }],
]);

/**
 * Renders that gather data: a page whose calls depend on earlier answers needs more than one. The service
 * page's go three deep (the service and the shop's clock, then the month's calendar, then its first free
 * day's slots), so it is drawn a fourth time with them all; a page whose answers stop arriving stops sooner.
 */
const MAX_DATA_PASSES = 4;

/** The elements React places at the front of a page rendered without its document: they belong in the head. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)*/;

const handler = createStaticHandler(routes);

type QueryAction = {
  type: string;
  meta?: { requestId?: string; condition?: boolean; arg?: { queryCacheKey?: string } };
};
const isQueryAction = (action: unknown): action is QueryAction =>
  typeof action === 'object' &&
  action !== null &&
  typeof (action as QueryAction).type === 'string' &&
  (action as QueryAction).type.startsWith(`${baseApi.reducerPath}/executeQuery/`);

/** What the store learnt while a page rendered: the queries answered, and whether any answer came since the last look. */
type Answers = { settled: Set<string>; arrived: boolean };

/**
 * Within one page render, a query answers once: RTK Query asks again when a component subscribes to a query
 * that failed (a 404 service), which would leave the next render drawing a loading state. Such a second
 * request is kept out of the store, so the render draws the first answer.
 */
function answersStayPut(answers: Answers): PlainMiddleware {
  const ignored = new Set<string>();
  return () => (next) => (action) => {
    if (!isQueryAction(action)) return next(action);
    const key = action.meta?.arg?.queryCacheKey;
    const requestId = action.meta?.requestId;
    // A request RTK Query did not send (the same query already under way) answers nothing.
    if (key === undefined || requestId === undefined || action.meta?.condition) return next(action);
    const pending = action.type.endsWith('/pending');
    if (pending && answers.settled.has(key)) ignored.add(requestId);
    if (ignored.has(requestId)) return action;
    if (!pending) {
      answers.settled.add(key);
      answers.arrived = true;
    }
    return next(action);
  };
}

async function markupOf(tree: React.ReactNode): Promise<string> {
  const failures: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(tree, {
    onError: (error) => void failures.push(error),
    // Every part inline, in order: no part is outlined to be put in place by a script (the CSP allows none).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  let markup = '';
  for await (const chunk of prelude) markup += chunk;
  // A part that failed would be left to the browser: serve the client app instead of a partial page.
  if (failures.length > 0) throw failures[0];
  return markup;
}

/**
 * Renders a public page as a visitor sees it: the route's modules are loaded, its API calls are answered
 * through `request.fetch` (a first render starts them, the next one draws their answers), and the store it
 * rendered with goes with the HTML so the browser hydrates from the same data.
 */
export const renderPage: PageRenderer = async (request: PageRenderRequest): Promise<RenderedPage | null> => {
  const url = new URL(request.url, 'http://localhost');
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const leaf = context.matches.at(-1)?.route.path;
  const rendering = leaf === undefined ? undefined : SERVER_RENDERED.get(leaf);
  if (!rendering) return null;

  const answers: Answers = { settled: new Set(), arrived: false };
  const store = makeServerStore(request.fetch, answersStayPut(answers));
  const router = createStaticRouter(handler.dataRoutes, context);
  const response = {
    status: 200,
    structuredData: [] as object[],
    islands: new Set<string>(),
    hydratedAtOnce: new Set<string>(),
  };
  const tree = (
    <StrictMode>
      <SiteProvider site={{ url: request.siteUrl, response }}>
        <AppProviders store={store}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </SiteProvider>
    </StrictMode>
  );

  let markup = await markupOf(tree);
  for (let pass = 1; pass < MAX_DATA_PASSES; pass++) {
    const running = store
      .dispatch(baseApi.util.getRunningQueriesThunk())
      .filter((query) => !answers.settled.has(query.queryCacheKey));
    await Promise.all(running);
    // Draw again while answers keep arriving (some may have come while the last render was under way).
    if (!answers.arrived) break;
    answers.arrived = false;
    response.status = 200;
    response.structuredData = [];
    response.islands = new Set();
    response.hydratedAtOnce = new Set();
    markup = await markupOf(tree);
  }

  const hoisted = HOISTED.exec(markup)?.[0] ?? '';
  // StrictMode renders twice: each piece of structured data once.
  const structured = [...new Set(response.structuredData.map((data) => inlineJson(data)))];
  const head = hoisted + structured.map((json) => `<script type="application/ld+json">${json}</script>`).join('');
  const data: ServerData = { state: store.getState(), siteUrl: request.siteUrl };
  return {
    status: response.status,
    head,
    html: markup.slice(hoisted.length),
    data: inlineJson(data),
    modules: [rendering.module],
    ...(rendering.islands ? { islands: [...response.islands], hydratedAtOnce: [...response.hydratedAtOnce] } : {}),
  };
};
