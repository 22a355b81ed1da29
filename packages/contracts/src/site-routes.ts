/**
 * The web app's routes as the server needs to know them (decisions 022 and 027): the public pages it renders,
 * with the query parameters each reads and the public data each shows, and the client app's own pages. The web
 * app's router declares the same paths, and its tests hold the two together.
 */
import { readCatalogueFilters, writeCatalogueFilters } from './catalogue-query';

/** What a cached public answer depends on: a write to one of these drops every answer that carries it. */
export const CACHE_TAGS = ['services', 'slots', 'reviews'] as const;
export type CacheTag = (typeof CACHE_TAGS)[number];

export type PublicPage = {
  /** The path as the router declares it; `:name` is a parameter. */
  path: string;
  /** The query parameters the page reads; any other parameter draws the same page. */
  query: readonly string[];
  /**
   * The page's query in the form the page reads it (values it ignores and defaults left out, in one order),
   * so that two query strings the page draws alike are one page.
   */
  canonicalQuery?: (params: URLSearchParams) => URLSearchParams;
  /** The public data the page shows: a write to any of these must draw it again. */
  tags: readonly CacheTag[];
  /** How the sitemap lists it; a page with parameters is listed per value instead. */
  sitemap?: { changefreq: 'daily' | 'weekly'; priority: number };
};

export const PUBLIC_PAGES = {
  /** Premium services and the latest reviews with the business's rating. */
  home: { path: '/', query: [], tags: ['services', 'reviews'], sitemap: { changefreq: 'daily', priority: 1 } },
  /** The catalogue: services only, no slot or review. */
  services: {
    path: '/services',
    query: ['searchTerm', 'min', 'max', 'sort', 'page'],
    canonicalQuery: (params) => writeCatalogueFilters(readCatalogueFilters(params)),
    tags: ['services'],
    sitemap: { changefreq: 'daily', priority: 0.9 },
  },
  /** One service and its free slots of the day. */
  serviceDetails: { path: '/service/:id', query: [], tags: ['services', 'slots'] },
  /** Reviews and the business's rating; further pages of reviews are the browser's. */
  testimonials: {
    path: '/testimonials',
    query: [],
    tags: ['reviews'],
    sitemap: { changefreq: 'weekly', priority: 0.6 },
  },
} as const satisfies Record<string, PublicPage>;

export type PublicPageName = keyof typeof PUBLIC_PAGES;

/** The pages the browser draws alone: sign-in, booking and payment steps, dashboards. */
export const CLIENT_APP_PATHS = [
  '/proceed-booking',
  '/payment/success',
  '/payment/failed',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/profile',
  '/dashboard/user',
  '/dashboard/user/update-info',
  '/dashboard/user/my-bookings',
  '/dashboard/admin',
  '/dashboard/admin/overview',
  '/dashboard/admin/schedule',
  '/dashboard/admin/manage-user',
  '/dashboard/admin/manage-slots',
  '/dashboard/admin/bays',
  '/dashboard/admin/manage-bookings',
] as const;

/** A path no route declares: where the not-found page is drawn, whatever unknown path was asked for. */
export const NOT_FOUND_PATH = '/not-found';

export type SitePath =
  | { kind: 'page'; name: PublicPageName; params: Record<string, string> }
  | { kind: 'client-app' }
  | { kind: 'not-found' };

/** A segment as the router reads it: percent-decoded, or as it is when it is not valid percent-encoding. */
const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The parameters of `pattern` in `segments`, matched as the router does (letter case and a trailing slash ignored). */
function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | undefined {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] ?? '';
    if (part.startsWith(':')) {
      if (segment === '') return undefined;
      params[part.slice(1)] = decoded(segment);
    } else if (decoded(segment).toLowerCase() !== part.toLowerCase()) return undefined;
  }
  return params;
}

/** Which of the site's pages a path (as requested, without the query) is. */
export function matchSitePath(pathname: string): SitePath {
  const segments = pathname.split('/').slice(1);
  if (segments.at(-1) === '') segments.pop();
  for (const [name, page] of Object.entries(PUBLIC_PAGES) as [PublicPageName, PublicPage][]) {
    const params = matchPattern(page.path, segments);
    if (params) return { kind: 'page', name, params };
  }
  if (CLIENT_APP_PATHS.some((path) => matchPattern(path, segments))) return { kind: 'client-app' };
  return { kind: 'not-found' };
}

/** The path of a public page with its parameters in place. */
export const pagePath = (name: PublicPageName, params: Record<string, string> = {}) =>
  PUBLIC_PAGES[name].path.replace(/:(\w+)/g, (_, param: string) => encodeURIComponent(params[param] ?? ''));
