/**
 * How the API asks the web app's server build for a page (decision 022): the web app renders, the API serves.
 * Types only, so that neither side imports the other.
 */
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
   * the browser is told to fetch them with the entry, so it can hydrate without waiting for them.
   */
  modules: string[];
};

/** Renders a public page, or answers null when the page is the client app's alone (sign-in, dashboards...). */
export type PageRenderer = (request: PageRenderRequest) => Promise<RenderedPage | null>;
