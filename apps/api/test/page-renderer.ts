import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ISLAND_FILES_PATH, type IslandFiles } from '@carcare/contracts/page-render';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app/app';
import type { Config } from '../src/config';
import type { TestApp } from './helper';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="CarCare: book car wash and car-care services online." />
    <title>CarCare</title>
    <script type="module" crossorigin src="/assets/index-1a.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1a.js', isEntry: true, imports: ['_react-2b.js'] },
  '_react-2b.js': { file: 'assets/react-2b.js' },
  'src/service-page.tsx': { file: 'assets/service-page-3c.js', imports: ['_react-2b.js', '_price-4d.js'] },
  '_price-4d.js': { file: 'assets/price-4d.js', css: ['assets/price-5e.css'] },
};

/** What the web build lists for pages served as islands: the runtime's files, and each island's. */
const ISLAND_FILES: IslandFiles = {
  runtime: ['assets/start-islands-6f.js', 'assets/index-1a.js', 'assets/react-2b.js'],
  islands: {
    'site-menu': ['assets/menu-7a.js', 'assets/react-2b.js'],
    'compare-toggle': ['assets/compare-8b.js', 'assets/price-4d.js'],
    catalogue: ['assets/catalogue-9c.js'],
  },
};

/** What the stand-in renderer did, and what a test asks of it. */
export type RenderControl = {
  /** The address of every render begun, in order. */
  renders: string[];
  /** Paths whose render throws, or never ends. */
  failing: Set<string>;
  hanging: Set<string>;
  /** While set, every render waits for it after its first pass, as renders do on a loaded server. */
  stall: Promise<void> | undefined;
};

/**
 * A stand-in for the web app's server build that routes as the real one does: the home page, the catalogue (its
 * query as the page reads it), a service's page, the testimonials and the wash club read their data through the
 * page's fetch; any other path is the not-found page (404); the client app's own pages are left to the browser
 * (null).
 */
const RENDERER = (id: string) => `
const control = globalThis.carcarePageRenders[${JSON.stringify(id)}];
const read = async (fetch, path) => {
  const answer = await fetch(new Request('http://localhost' + path));
  return { status: answer.status, body: await answer.json() };
};
const page = (business, status, title, html, modules = []) => ({ status, head: '<title>' + title + ' | ' + business + '</title>', html, data: '{}', modules });
const names = (list) => list.map((service) => '<li>' + service.name + ' $' + service.price + '</li>').join('');

export async function renderPage({ url, siteUrl, fetch }) {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  control.renders.push(url);
  if (control.failing.has(pathname)) throw new Error('render failed');
  if (control.hanging.has(pathname)) return new Promise(() => {});
  if (['/login', '/profile', '/dashboard/admin'].includes(pathname)) return null;
  // The shop's details in the layout and the head, as every page reads them.
  const business = (await read(fetch, '/api/config')).body.data.businessName;
  await control.stall;
  let drawn;
  if (pathname === '/') {
    const services = await read(fetch, '/api/services?min=70&sort=-price&limit=7');
    const reviews = await read(fetch, '/api/review/get?page=1&limit=2');
    drawn = { ...page(business, 200, 'Home', '<h1>Home</h1><ul>' + names(services.body.data) + '</ul><p>' + reviews.body.stats.count + ' reviews</p>'), islands: ['site-menu', 'compare-toggle'], hydratedAtOnce: ['site-menu', 'compare-toggle'] };
  } else if (pathname === '/services') {
    const query = new URLSearchParams({ limit: '10', page: searchParams.get('page') ?? '1' });
    if (searchParams.get('searchTerm')) query.set('searchTerm', searchParams.get('searchTerm'));
    const services = await read(fetch, '/api/services?' + query);
    drawn = page(business, 200, 'Our Services', '<h1>Our Services</h1><ul>' + names(services.body.data) + '</ul>');
  } else if (pathname === '/wash-club') {
    const plans = await read(fetch, '/api/plans');
    drawn = page(business, 200, 'Wash club', '<h1>Wash club</h1><ul>' + names(plans.body.data) + '</ul>');
  } else if (pathname === '/testimonials') {
    const reviews = await read(fetch, '/api/review/get?page=1&limit=10');
    drawn = page(business, 200, 'Customer reviews', '<h1>Reviews</h1><p>' + reviews.body.stats.count + ' reviews</p>');
  } else if (/^\\/service\\/[^/]+$/.test(pathname)) {
    const service = await read(fetch, '/api/services/' + pathname.split('/')[2]);
    if (service.status !== 200) drawn = page(business, 404, 'Page not found', '<h1>Oops</h1>');
    else {
      const { name, price } = service.body.data;
      drawn = {
        status: 200,
        head: '<title>' + name + ' | ' + business + '</title><link rel="canonical" href="' + siteUrl + pathname + '"/>',
        html: '<h1>' + name + '</h1><p>$' + price + '</p>',
        data: JSON.stringify({ price }),
        modules: ['src/service-page.tsx'],
      };
    }
  } else drawn = page(business, 404, 'Page not found', '<h1>Oops</h1>');
  return drawn;
}
`;

declare global {
  var carcarePageRenders: Record<string, RenderControl> | undefined;
}

/**
 * A second app on the test app's database that serves the web app with the stand-in renderer: a built
 * template and manifest, and a server build whose renders the returned control counts and steers.
 */
export async function pageServingApp(
  t: TestApp,
  overrides: Partial<Config> = {},
): Promise<{ app: FastifyInstance; control: RenderControl }> {
  const id = randomUUID();
  const control: RenderControl = { renders: [], failing: new Set(), hanging: new Set(), stall: undefined };
  globalThis.carcarePageRenders = { ...globalThis.carcarePageRenders, [id]: control };
  const webDistDir = path.join(t.config.dataDir, `web-${id}`);
  mkdirSync(path.join(webDistDir, '.vite'), { recursive: true });
  writeFileSync(path.join(webDistDir, 'index.html'), TEMPLATE);
  writeFileSync(path.join(webDistDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(path.join(webDistDir, ISLAND_FILES_PATH), JSON.stringify(ISLAND_FILES));
  const webRenderEntry = path.join(t.config.dataDir, `web-ssr-${id}`, 'entry-server.js');
  mkdirSync(path.dirname(webRenderEntry), { recursive: true });
  writeFileSync(webRenderEntry, RENDERER(id));
  const app = await buildApp({
    config: { ...t.config, webDistDir, webRenderEntry, ...overrides },
    database: t.database,
    logger: false,
  });
  return { app, control };
}
