import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  ISLAND_FILES_PATH,
  type IslandFiles,
  inlineJson,
  PAGE_DATA_ELEMENT_ID,
  PAGE_ISLAND_MODULES_ELEMENT_ID,
  PAGE_ISLANDS_ELEMENT_ID,
  PAGE_MODULES_ELEMENT_ID,
  type PageRenderer,
  type RenderedPage,
} from '@carcare/contracts/page-render';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CachedPage } from './response-cache';

const ROOT_ELEMENT = '<div id="root"></div>';

/** Loads the web app's server build; undefined (pages served as the client app) when it cannot be loaded. */
export async function loadPageRenderer(app: FastifyInstance, entry: string | undefined) {
  if (!entry) return undefined;
  try {
    const module = (await import(pathToFileURL(entry).href)) as { renderPage?: PageRenderer };
    if (typeof module.renderPage === 'function') return module.renderPage;
    app.log.error({ entry }, 'the web server build exports no renderPage: public pages are served as the client app');
  } catch (error) {
    app.log.error(
      { err: error, entry },
      'could not load the web server build: public pages are served as the client app',
    );
  }
  return undefined;
}

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };

/** A page's own files besides what the template loads: its scripts, and the styles they bring. */
export type PageFiles = { scripts: string[]; styles: string[] };

/** Of the build's files (`assets/…`), those the template does not already load, as the page links them. */
const besidesTemplate = (template: string) => (files: Iterable<string>) =>
  [...files].filter((file) => !template.includes(`/${file}"`)).map((file) => `/${file}`);

/**
 * The files a page's modules need besides what the template loads, from the web build's manifest. The browser
 * fetches the scripts with the app once the page is painted, and hydrates without waiting for one after the
 * other; the styles are linked in the head, so what the server drew is painted as it will stay (a calendar
 * styled by its module's stylesheet does not grow under the visitor's finger when the app arrives).
 */
export function pageModuleFiles(root: string, template: string): (modules: string[]) => PageFiles {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => ({ scripts: [], styles: [] });
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const own = besidesTemplate(template);
  return (modules) => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const style of chunk.css ?? []) styles.add(style);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const module of modules) visit(module);
    return { scripts: own(scripts), styles: own(styles) };
  };
}

/**
 * The files a page served as islands loads before its islands hydrate, besides what the template loads: the
 * islands' runtime and the modules of the islands hydrated as the page starts, with all they import. None when
 * the build lists none (the browser's imports then fetch them as they come).
 */
export function islandModuleFiles(root: string, template: string): (hydratedAtOnce: string[]) => string[] {
  const listFile = path.join(root, ISLAND_FILES_PATH);
  if (!existsSync(listFile)) return () => [];
  const listed = JSON.parse(readFileSync(listFile, 'utf8')) as IslandFiles;
  const own = besidesTemplate(template);
  return (hydratedAtOnce) =>
    own(new Set([...listed.runtime, ...hydratedAtOnce.flatMap((name) => listed.islands[name] ?? [])]));
}

/**
 * The page's HTML: index.html with the page's head, markup, data and module lists in place (the islands' own when
 * the page is served as islands).
 */
export function pageDocument(
  template: string,
  page: RenderedPage,
  { scripts, styles }: PageFiles = { scripts: [], styles: [] },
  islandScripts: string[] = [],
): string {
  let head = page.head + styles.map((file) => `<link rel="stylesheet" crossorigin href="${file}">`).join('');
  let document = template;
  // The page's own title and description replace the template's defaults.
  if (head.includes('<title>')) document = document.replace(/<title>[^<]*<\/title>\s*/, '');
  if (head.includes('name="description"')) document = document.replace(/<meta name="description"[^>]*>\s*/, '');
  head = head.replace(/></g, '>\n    <');
  return document
    .replace('</head>', `    ${head}\n  </head>`)
    .replace(
      ROOT_ELEMENT,
      `<div id="root">${page.html}</div>\n    <script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${page.data}</script>` +
        `\n    <script type="application/json" id="${PAGE_MODULES_ELEMENT_ID}">${inlineJson(scripts)}</script>` +
        (page.islands
          ? `\n    <script type="application/json" id="${PAGE_ISLANDS_ELEMENT_ID}">${inlineJson(page.islands)}</script>` +
            `\n    <script type="application/json" id="${PAGE_ISLAND_MODULES_ELEMENT_ID}">${inlineJson(islandScripts)}</script>`
          : ''),
    );
}

/**
 * A fetch that answers the page's API calls in process (through every hook, the public cache included), as
 * the visitor's own calls would be answered.
 */
export function inProcessFetch(app: FastifyInstance, visitor: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== 'GET') throw new Error(`a page render may only read, not ${request.method}`);
    const url = new URL(request.url);
    const answer = await app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { accept: request.headers.get('accept') ?? 'application/json' },
      remoteAddress: visitor.ip,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    return new Response(new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
}

/** Compressed once when rendered: a page is some 60 KB of HTML, a tenth of that in brotli. */
export const encode = (body: string): NonNullable<CachedPage['encoded']> => ({
  br: brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }),
  gzip: gzipSync(body, { level: 6 }),
});

/** Sends a page in the best encoding the client accepts. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.status(page.status).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
  reply.type('text/html; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (page.encoded && /\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(page.encoded.br);
  if (page.encoded && /\bgzip\b/.test(accepted))
    return reply.header('Content-Encoding', 'gzip').send(page.encoded.gzip);
  return reply.send(page.body);
}
