/**
 * How the API asks the web app's server build for a page (decision 022): the web app renders, the API serves.
 * Types and the names of the page's elements only, so that neither side imports the other.
 */

/** The `<script type="application/json">` that carries a rendered page's data (the store it was drawn with). */
export const PAGE_DATA_ELEMENT_ID = 'carcare-data';

/**
 * The `<script type="application/json">` that lists the files of a rendered page's own modules. The browser
 * fetches them once the page has been painted, with the app, so that the page shows before any script loads.
 */
export const PAGE_MODULES_ELEMENT_ID = 'carcare-modules';

/**
 * The `<script type="application/json">` that lists the islands of a page served as islands (decision 049):
 * a visitor's browser hydrates those alone, with neither the router nor the store. Absent from a page the app
 * hydrates whole.
 */
export const PAGE_ISLANDS_ELEMENT_ID = 'carcare-islands';

/**
 * The `<script type="application/json">` that lists the files of the islands a page hydrates at once (decision
 * 049): a visitor's browser fetches them a few at a time once the page is painted, then hydrates the islands.
 */
export const PAGE_ISLAND_MODULES_ELEMENT_ID = 'carcare-island-modules';

/** Where the web build lists the islands' files (decision 056), beside Vite's manifest in its output folder. */
export const ISLAND_FILES_PATH = '.vite/island-files.json';

/** What the web build lists there: the files (`assets/…`) of the islands' runtime, and each island's, by name. */
export type IslandFiles = { runtime: string[]; islands: Record<string, string[] | undefined> };

/**
 * JSON for an inline `<script>` element: `<` is escaped so no value can close the element or open a comment,
 * and the two line separators JavaScript once treated as newlines are escaped too.
 */
export const inlineJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
export type PageRenderRequest = {
  /** The page's path and query, as requested (`/services?page=2`). */
  url: string;
  /** The site's public address without a trailing slash (`PUBLIC_URL`), for canonical links and structured data. */
  siteUrl: string;
  /** Answers the page's API calls (`/api/...`) in process. */
  fetch: typeof fetch;
};

export type RenderedPage = {
  /** 200, or 404 for a page not found (an unknown route or service). */
  status: number;
  /** Elements for the document's head: title, description, canonical link, Open Graph tags. */
  head: string;
  /** The markup inside the root element. */
  html: string;
  /** JSON for the page's data element: the state the browser hydrates from. */
  data: string;
  /**
   * The page's lazily loaded modules as the web build's manifest names them (`src/app/pages/home-page.tsx`):
   * the browser is told to fetch them with the app, so it can hydrate without waiting for them.
   */
  modules: string[];
  /** The islands the page holds, when it is served as islands (decision 049); absent when the app hydrates it. */
  islands?: string[];
  /**
   * The islands a page served as islands hydrates as roots of their own as it starts: not one inside another
   * island, not one that waits for the visitor. The browser is told to fetch their modules (the web build's
   * `.vite/island-files.json`) a few at a time once the page is painted, before it imports them.
   */
  hydratedAtOnce?: string[];
};

/** Renders a public page, or answers null when the page is the client app's alone (sign-in, dashboards...). */
export type PageRenderer = (request: PageRenderRequest) => Promise<RenderedPage | null>;
