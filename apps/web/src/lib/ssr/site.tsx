import { createContext, type ReactNode, use } from 'react';

type Site = {
  /** The site's public address without a trailing slash: canonical links and structured data start with it. */
  url: string;
  /**
   * Filled by the server while it renders: the HTTP status the page answers with (404 for a page not found) and
   * the structured data (JSON-LD) its head carries for search engines, and the islands it holds (decision 049):
   * every one, and those the browser hydrates as roots of their own as the page starts.
   */
  response?: { status: number; structuredData: object[]; islands: Set<string>; hydratedAtOnce: Set<string> };
};

const SiteContext = createContext<Site | null>(null);

export const SiteProvider = ({ site, children }: { site: Site; children: ReactNode }) => (
  <SiteContext value={site}>{children}</SiteContext>
);

/** The site's public address: the server's configured one, or this page's origin for the client app. */
export const useSiteUrl = () => use(SiteContext)?.url ?? (typeof window === 'undefined' ? '' : window.location.origin);

/**
 * Adds JSON-LD to the head of the page being rendered on the server; nothing in the browser, where the page's
 * HTML already carries it (search engines read the server's HTML). Outside the React tree, so hydration never
 * has to match it.
 */
export const useStructuredData = (data: object | undefined) => {
  const site = use(SiteContext);
  if (site?.response && data) site.response.structuredData.push(data);
};

/** Marks the page being rendered on the server as answering `status`; nothing in the browser. */
export const useResponseStatus = (status: number) => {
  const site = use(SiteContext);
  if (site?.response) site.response.status = status;
};

/**
 * What notes an island drawn on the page being rendered on the server, and whether the browser hydrates it as a
 * root of its own as the page starts (not inside another island, not waiting for the visitor); nothing in the
 * browser.
 */
export const useIslandRecorder = () => {
  const response = use(SiteContext)?.response;
  return response
    ? (name: string, atOnce: boolean) => {
        response.islands.add(name);
        if (atOnce) response.hydratedAtOnce.add(name);
      }
    : undefined;
};
