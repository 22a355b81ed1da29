/**
 * The site's route table (decision 031): every page a browser opens on the site's own address, written once.
 * The web app's router declares its pages from it, the API renders the server-rendered ones, lists the
 * indexable ones in the sitemap and keeps the others out of robots.txt, serves its own checkout pages at the
 * paths it names and builds every link it sends (payment returns, checkout redirects, emails) with `siteHref`.
 * Tests on both sides hold the router and the API's routes to it.
 */
import { readCatalogueFilters, writeCatalogueFilters } from './catalogue-query';

/**
 * What a cached public answer depends on: a write to one of these drops every answer that carries it. `shop`:
 * the business's name, contact, currency and time zone (the Settings screen), which every page shows.
 */
export const CACHE_TAGS = ['services', 'slots', 'reviews', 'shop'] as const;
export type CacheTag = (typeof CACHE_TAGS)[number];

/**
 * Who may open a page: anyone, any signed-in user, only a customer, the shop's counter (`staff`: staff and the
 * administrator, as the API's `staff` access) or only the administrator.
 */
export type RouteAccess = 'anyone' | 'signed-in' | 'customer' | 'staff' | 'admin';

/** How the API draws a page before the browser does (decision 022). */
export type ServerRendering = {
  /**
   * The page's own lazily loaded module as the web build's manifest names it (`src/app/pages/home-page.tsx`):
   * the browser is told to fetch it with the app, and the router's route loads it.
   */
  module: string;
  /** The public data the page shows: a write to any of these must draw it again. */
  tags: readonly CacheTag[];
  /**
   * The page's query in the form the page reads it (values it ignores and defaults left out, in one order),
   * so that two query strings the page draws alike are one page. Without it the query draws the same page.
   */
  canonicalQuery?: (params: URLSearchParams) => URLSearchParams;
  /**
   * Served as islands (decision 049): a visitor's browser hydrates only the page's interactive parts, each on
   * its own, and loads neither the router nor the store. Without it the app hydrates the whole page.
   */
  islands?: true;
};

/** How the sitemap lists an indexable page; a page with parameters is listed once per value. */
export type SitemapEntry = { changefreq: 'daily' | 'weekly'; priority: number };

export type SiteRoute = {
  /** The path as the router declares it; `:name` is a parameter. */
  path: string;
  /** The query parameters the page reads, in the order links write them. */
  query: readonly string[];
  /** The web app's page, or one the API serves itself at the site's address (the checkout's own pages). */
  servedBy: 'web' | 'api';
  access: RouteAccess;
  /** Listed in the sitemap, and left open to search engines; every other page is disallowed in robots.txt. */
  indexable: SitemapEntry | false;
  /** Drawn by the API with its data before the browser hydrates it; other pages are the client app's alone. */
  serverRendered?: ServerRendering;
};

const PAYMENT_RESULT_QUERY = ['booking'] as const;

export const SITE_ROUTES = {
  /** Premium services and the latest reviews with the business's rating. */
  home: {
    path: '/',
    query: [],
    servedBy: 'web',
    access: 'anyone',
    indexable: { changefreq: 'daily', priority: 1 },
    serverRendered: { module: 'src/app/pages/home-page.tsx', tags: ['services', 'reviews'], islands: true },
  },
  /** The catalogue: services only, no slot or review. */
  services: {
    path: '/services',
    query: ['searchTerm', 'min', 'max', 'sort', 'page'],
    servedBy: 'web',
    access: 'anyone',
    indexable: { changefreq: 'daily', priority: 0.9 },
    serverRendered: {
      module: 'src/features/services/pages/services-page.tsx',
      tags: ['services'],
      canonicalQuery: (params) => writeCatalogueFilters(readCatalogueFilters(params)),
      islands: true,
    },
  },
  /** One service and its free slots of the day; the sitemap lists it per live service. */
  serviceDetails: {
    path: '/service/:id',
    query: [],
    servedBy: 'web',
    access: 'anyone',
    indexable: { changefreq: 'weekly', priority: 0.8 },
    serverRendered: {
      module: 'src/app/pages/service-details-page.tsx',
      tags: ['services', 'slots'],
      islands: true,
    },
  },
  /** Reviews and the business's rating; further pages of reviews are the browser's. */
  testimonials: {
    path: '/testimonials',
    query: [],
    servedBy: 'web',
    access: 'anyone',
    indexable: { changefreq: 'weekly', priority: 0.6 },
    serverRendered: { module: 'src/features/reviews/pages/testimonials-page.tsx', tags: ['reviews'], islands: true },
  },
  /** The wash club: the memberships and packs on offer, what each covers and costs, each with its way to join. */
  plans: {
    path: '/wash-club',
    query: [],
    servedBy: 'web',
    access: 'anyone',
    indexable: { changefreq: 'weekly', priority: 0.7 },
    // The plans are kept under the catalogue's tag: they name the services and add-ons they cover.
    serverRendered: { module: 'src/features/plans/pages/wash-club-page.tsx', tags: ['services'] },
  },
  proceedBooking: { path: '/proceed-booking', query: [], servedBy: 'web', access: 'customer', indexable: false },
  /** Where a checkout of a booking made on the web app ends, paid or not. */
  paymentSuccess: {
    path: '/payment/success',
    query: PAYMENT_RESULT_QUERY,
    servedBy: 'web',
    access: 'anyone',
    indexable: false,
  },
  paymentFailed: {
    path: '/payment/failed',
    query: PAYMENT_RESULT_QUERY,
    servedBy: 'web',
    access: 'anyone',
    indexable: false,
  },
  /** `redirect`: the same-site path to go on to once signed in. */
  login: { path: '/login', query: ['redirect'], servedBy: 'web', access: 'anyone', indexable: false },
  register: { path: '/register', query: [], servedBy: 'web', access: 'anyone', indexable: false },
  forgotPassword: { path: '/forgot-password', query: [], servedBy: 'web', access: 'anyone', indexable: false },
  /** The link of the password reset email. */
  resetPassword: { path: '/reset-password', query: ['token'], servedBy: 'web', access: 'anyone', indexable: false },
  /** The link a customer the shop added is sent to set a password (and an email, if they have none). */
  claimAccount: { path: '/claim-account', query: ['token'], servedBy: 'web', access: 'anyone', indexable: false },
  /** The review request's link, texted or mailed after a completed booking: the token is its credential. */
  reviewRequest: { path: '/review/:token', query: [], servedBy: 'web', access: 'anyone', indexable: false },
  /** SPEC section 2: where a login without a redirect target lands; it forwards to the role's dashboard. */
  profile: { path: '/profile', query: [], servedBy: 'web', access: 'signed-in', indexable: false },
  userDashboard: { path: '/dashboard/user', query: [], servedBy: 'web', access: 'customer', indexable: false },
  userUpdateInfo: {
    path: '/dashboard/user/update-info',
    query: [],
    servedBy: 'web',
    access: 'customer',
    indexable: false,
  },
  /** Where customers see, cancel and move their bookings: emails and the checkout's pages link to it. */
  userMyBookings: {
    path: '/dashboard/user/my-bookings',
    query: [],
    servedBy: 'web',
    access: 'customer',
    indexable: false,
  },
  /**
   * The customer's wash club: their memberships and packs, what is left, and leaving in two clicks. `plan`: the
   * plan the Wash club page's Join button chose.
   */
  userMembership: {
    path: '/dashboard/user/membership',
    query: ['plan'],
    servedBy: 'web',
    access: 'customer',
    indexable: false,
  },
  /** The customer's waitlist: the times they wait for, an offer held for them with its link to book, and leaving. */
  userWaitlist: {
    path: '/dashboard/user/waitlist',
    query: [],
    servedBy: 'web',
    access: 'customer',
    indexable: false,
  },
  /** The customer's garage: the vehicles they book with. */
  userMyVehicles: {
    path: '/dashboard/user/my-vehicles',
    query: [],
    servedBy: 'web',
    access: 'customer',
    indexable: false,
  },
  /** The shop's dashboard: staff open it at the day board, the administrator at Manage Services. */
  adminDashboard: { path: '/dashboard/admin', query: [], servedBy: 'web', access: 'staff', indexable: false },
  adminOverview: {
    path: '/dashboard/admin/overview',
    query: ['range', 'from', 'to'],
    servedBy: 'web',
    access: 'admin',
    indexable: false,
  },
  adminSchedule: {
    path: '/dashboard/admin/schedule',
    query: ['date'],
    servedBy: 'web',
    access: 'staff',
    indexable: false,
  },
  adminManageUsers: {
    path: '/dashboard/admin/manage-user',
    query: [],
    servedBy: 'web',
    access: 'admin',
    indexable: false,
  },
  adminManageSlots: {
    path: '/dashboard/admin/manage-slots',
    query: [],
    servedBy: 'web',
    access: 'admin',
    indexable: false,
  },
  adminBays: { path: '/dashboard/admin/bays', query: [], servedBy: 'web', access: 'admin', indexable: false },
  /** The vehicle classes services are priced and timed by, in the order customers are offered them. */
  adminVehicleClasses: {
    path: '/dashboard/admin/vehicle-classes',
    query: [],
    servedBy: 'web',
    access: 'admin',
    indexable: false,
  },
  /** The extras a customer ticks when booking, their prices and minutes, and the services they come with. */
  adminAddOns: { path: '/dashboard/admin/add-ons', query: [], servedBy: 'web', access: 'admin', indexable: false },
  /** The wash club's plans: memberships and packs, what they cost and cover, made, changed and retired. */
  adminPlans: { path: '/dashboard/admin/plans', query: [], servedBy: 'web', access: 'admin', indexable: false },
  /**
   * The wash club's members: every membership and pack with its member, ended now or given to a customer's cars.
   * `status`: the one status listed.
   */
  adminMembers: {
    path: '/dashboard/admin/members',
    query: ['status'],
    servedBy: 'web',
    access: 'admin',
    indexable: false,
  },
  /** The shop's details, policies, opening hours, closures and the trail of their changes. */
  adminSettings: { path: '/dashboard/admin/settings', query: [], servedBy: 'web', access: 'admin', indexable: false },
  adminManageBookings: {
    path: '/dashboard/admin/manage-bookings',
    query: ['status', 'payment', 'from', 'to', 'service', 'bay', 'search', 'page', 'limit'],
    servedBy: 'web',
    access: 'staff',
    indexable: false,
  },
  /** The front desk books for a customer: found or added, a free time or a walk-in, paid as they choose. */
  adminNewBooking: {
    path: '/dashboard/admin/new-booking',
    query: [],
    servedBy: 'web',
    access: 'staff',
    indexable: false,
  },
  /**
   * The checkout's door, where every payment link leads: the API records the visit, then shows the sandbox's
   * checkout or sends the customer on to the provider's.
   */
  checkout: { path: '/pay/:session', query: [], servedBy: 'api', access: 'anyone', indexable: false },
  /** The sandbox's own page for joining a plan or buying a pack: a test card, billed on the sandbox's clock. */
  clubCheckout: { path: '/pay/club/:session', query: [], servedBy: 'api', access: 'anyone', indexable: false },
  /** Where the checkout of a booking made on another origin's page ends: the API's own result page. */
  checkoutResult: {
    path: '/pay/:session/result',
    query: [],
    servedBy: 'api',
    access: 'anyone',
    indexable: false,
  },
} as const satisfies Record<string, SiteRoute>;

type Routes = typeof SITE_ROUTES;
export type SiteRouteName = keyof Routes;

/** The pages the API draws before the browser does. */
export type RenderedPageName = {
  [N in SiteRouteName]: Routes[N] extends { serverRendered: ServerRendering } ? N : never;
}[SiteRouteName];

const ROUTE_ENTRIES = Object.entries(SITE_ROUTES) as [SiteRouteName, SiteRoute][];

/** The server-rendered pages, in the table's order. */
export const RENDERED_PAGE_NAMES = ROUTE_ENTRIES.filter(([, route]) => route.serverRendered).map(
  ([name]) => name as RenderedPageName,
);

/** The server rendering of a page the API draws. */
export const renderingOf = (name: RenderedPageName): ServerRendering => SITE_ROUTES[name].serverRendered;

/** The web app's pages the browser draws alone: sign-in, booking and payment steps, dashboards. */
export const CLIENT_APP_PATHS: readonly string[] = ROUTE_ENTRIES.filter(
  ([, route]) => route.servedBy === 'web' && !route.serverRendered,
).map(([, route]) => route.path);

/** Every path the web app's router declares (its catch-all aside). */
export const WEB_APP_PATHS: readonly string[] = ROUTE_ENTRIES.filter(([, route]) => route.servedBy === 'web').map(
  ([, route]) => route.path,
);

/** The paths of the web app's pages only `access` may open. */
export const webPathsFor = (access: RouteAccess): string[] =>
  ROUTE_ENTRIES.filter(([, route]) => route.servedBy === 'web' && route.access === access).map(
    ([, route]) => route.path,
  );

/** A path no route declares: where the not-found page is drawn, whatever unknown path was asked for. */
export const NOT_FOUND_PATH = '/not-found';

/** The module of the not-found page, which the server draws for every path no route declares. */
export const NOT_FOUND_MODULE = 'src/components/errors/not-found-page.tsx';

/** The pages the sitemap lists as they are; a page with parameters is listed per value by whoever knows them. */
export const SITEMAP_PAGES: readonly ({ path: string } & SitemapEntry)[] = ROUTE_ENTRIES.flatMap(([, route]) =>
  route.indexable && !route.path.includes(':') ? [{ path: route.path, ...route.indexable }] : [],
);

/**
 * What robots.txt disallows: for each page that is not indexable, its first segment, as a folder when the page
 * lies deeper (`/dashboard/user` gives `/dashboard/`, `/login` gives `/login`). Each once, in the table's order.
 */
export const ROBOTS_DISALLOWED: readonly string[] = [
  ...new Set(
    ROUTE_ENTRIES.flatMap(([, route]) => {
      if (route.indexable) return [];
      const [first, ...deeper] = route.path.split('/').filter(Boolean);
      return first === undefined ? [] : [deeper.length > 0 ? `/${first}/` : `/${first}`];
    }),
  ),
];

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameters of a route's path, by name. */
export type RouteParams<N extends SiteRouteName> = Record<ParamNames<Routes[N]['path']>, string>;
/** The query a link to a route may carry: only the keys the page reads. */
export type RouteQuery<N extends SiteRouteName> = Partial<Record<Routes[N]['query'][number], string | number>>;

type HrefArgs<N extends SiteRouteName> = [ParamNames<Routes[N]['path']>] extends [never]
  ? [params?: Record<string, never>, query?: RouteQuery<N>]
  : [params: RouteParams<N>, query?: RouteQuery<N>];

const fillPath = (pattern: string, params: Record<string, string>, place: (value: string) => string) =>
  pattern.replace(/:(\w+)/g, (_, param: string) => place(params[param] ?? ''));

/**
 * A link to a route, as a path on the site's address: its parameters percent-encoded in place, then the query
 * keys given, in the order the table lists them.
 */
export function siteHref<N extends SiteRouteName>(name: N, ...[params, query]: HrefArgs<N>): string {
  const route: SiteRoute = SITE_ROUTES[name];
  const path = fillPath(route.path, params ?? {}, encodeURIComponent);
  const values: Record<string, string | number | undefined> = query ?? {};
  const search = route.query.flatMap((key) => {
    const value = values[key];
    return value === undefined ? [] : [`${key}=${encodeURIComponent(value)}`];
  });
  return search.length > 0 ? `${path}?${search.join('&')}` : path;
}

/**
 * A route's path with its parameters written as given, not encoded: for an address another service fills in
 * (a payment provider's `{CHECKOUT_SESSION_ID}`).
 */
export const sitePathTemplate = <N extends SiteRouteName>(name: N, params: RouteParams<N>) =>
  fillPath(SITE_ROUTES[name].path, params, (value) => value);

/** The path of a page with the parameters a request matched, encoded. */
export const pagePath = (name: SiteRouteName, params: Record<string, string> = {}) =>
  fillPath(SITE_ROUTES[name].path, params, encodeURIComponent);

export type SitePath =
  | { kind: 'page'; name: RenderedPageName; params: Record<string, string> }
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

/** Which of the web app's pages a path (as requested, without the query) is. */
export function matchSitePath(pathname: string): SitePath {
  const segments = pathname.split('/').slice(1);
  if (segments.at(-1) === '') segments.pop();
  for (const name of RENDERED_PAGE_NAMES) {
    const params = matchPattern(SITE_ROUTES[name].path, segments);
    if (params) return { kind: 'page', name, params };
  }
  if (CLIENT_APP_PATHS.some((path) => matchPattern(path, segments))) return { kind: 'client-app' };
  return { kind: 'not-found' };
}
