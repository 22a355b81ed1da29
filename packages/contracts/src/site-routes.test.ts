import { describe, expect, it } from 'vitest';
import {
  CLIENT_APP_PATHS,
  matchSitePath,
  NOT_FOUND_PATH,
  pagePath,
  RENDERED_PAGE_NAMES,
  ROBOTS_DISALLOWED,
  renderingOf,
  SITE_ROUTES,
  SITEMAP_PAGES,
  type SiteRoute,
  siteHref,
  sitePathTemplate,
  WEB_APP_PATHS,
  webPathsFor,
} from './site-routes';

const canonical = (query: string) =>
  SITE_ROUTES.services.serverRendered.canonicalQuery(new URLSearchParams(query)).toString();

const routes = Object.values<SiteRoute>(SITE_ROUTES);

describe('the site route table', () => {
  it('matches paths as the router does: letter case, a trailing slash and encoded parameters', () => {
    expect(matchSitePath('/')).toEqual({ kind: 'page', name: 'home', params: {} });
    expect(matchSitePath('/Services/')).toEqual({ kind: 'page', name: 'services', params: {} });
    expect(matchSitePath('/service/a%20b')).toEqual({ kind: 'page', name: 'serviceDetails', params: { id: 'a b' } });
    expect(matchSitePath('/service/a%2Fb')).toEqual({ kind: 'page', name: 'serviceDetails', params: { id: 'a/b' } });
    expect(matchSitePath('/service/%E0%A4%A')).toEqual({
      kind: 'page',
      name: 'serviceDetails',
      params: { id: '%E0%A4%A' },
    });
    expect(matchSitePath('/dashboard/admin/manage-slots')).toEqual({ kind: 'client-app' });
    expect(matchSitePath('/LOGIN/')).toEqual({ kind: 'client-app' });
    for (const path of ['/service', '/service/', '/service/a/b', '/services/extra', '/dashboard/admin/nope', '//']) {
      expect(matchSitePath(path), path).toEqual({ kind: 'not-found' });
    }
    expect(matchSitePath(NOT_FOUND_PATH)).toEqual({ kind: 'not-found' });
    for (const path of CLIENT_APP_PATHS) expect(matchSitePath(path), path).toEqual({ kind: 'client-app' });
  });

  it('reads the catalogue query as the page does: what it ignores and its defaults make no other page', () => {
    expect(canonical('')).toBe('');
    expect(canonical('z=1&page=1&sort=name&min=&max=-3&utm_source=x')).toBe('');
    expect(canonical('page=02&sort=-price&searchTerm=foam&min=010')).toBe('searchTerm=foam&min=10&sort=-price&page=2');
    expect(canonical('searchTerm=a&searchTerm=b')).toBe('searchTerm=a');
    expect(SITE_ROUTES.services.query).toEqual(['searchTerm', 'min', 'max', 'sort', 'page']);
  });

  it('writes a page path with its parameters encoded', () => {
    expect(pagePath('serviceDetails', { id: 'a/b c' })).toBe('/service/a%2Fb%20c');
    expect(pagePath('testimonials')).toBe('/testimonials');
  });

  it('builds every link the site sends exactly as the pages were always addressed', () => {
    expect(siteHref('home')).toBe('/');
    expect(siteHref('services')).toBe('/services');
    expect(siteHref('services', {}, { page: 2, searchTerm: 'foam wash' })).toBe(
      '/services?searchTerm=foam%20wash&page=2',
    );
    expect(siteHref('serviceDetails', { id: 'a/b c' })).toBe('/service/a%2Fb%20c');
    expect(siteHref('paymentSuccess', {}, { booking: 'b-1' })).toBe('/payment/success?booking=b-1');
    expect(siteHref('paymentFailed', {}, { booking: 'b-1' })).toBe('/payment/failed?booking=b-1');
    expect(siteHref('resetPassword', {}, { token: 'a+b/c=' })).toBe('/reset-password?token=a%2Bb%2Fc%3D');
    expect(siteHref('claimAccount', {}, { token: 'a+b' })).toBe('/claim-account?token=a%2Bb');
    expect(siteHref('userMyBookings')).toBe('/dashboard/user/my-bookings');
    expect(siteHref('checkout', { session: 'sbx_a/b' })).toBe('/pay/sbx_a%2Fb');
    expect(siteHref('checkoutResult', { session: 'cs_1' })).toBe('/pay/cs_1/result');
    expect(sitePathTemplate('checkoutResult', { session: '{CHECKOUT_SESSION_ID}' })).toBe(
      '/pay/{CHECKOUT_SESSION_ID}/result',
    );
    expect(pagePath('testimonials')).toBe('/testimonials');
    // The Wash club page's Join button: the plan chosen goes with the customer to their membership page.
    expect(siteHref('userMembership', {}, { plan: 'p-1' })).toBe('/dashboard/user/membership?plan=p-1');
  });

  it('lists in the sitemap exactly the indexable pages without parameters, and robots.txt keeps out every other', () => {
    const indexable = routes.filter((route) => route.indexable);
    expect(SITEMAP_PAGES.map((page) => page.path)).toEqual(
      indexable.filter((route) => !route.path.includes(':')).map((route) => route.path),
    );
    expect(SITEMAP_PAGES.map((page) => page.path)).toEqual(['/', '/services', '/testimonials', '/wash-club']);
    expect(ROBOTS_DISALLOWED).toEqual([
      '/proceed-booking',
      '/payment/',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/claim-account',
      '/review/',
      '/profile',
      '/dashboard/',
      '/pay/',
    ]);
    const disallowed = (path: string) => ROBOTS_DISALLOWED.some((prefix) => path.startsWith(prefix));
    for (const route of routes) expect(disallowed(route.path), route.path).toBe(!route.indexable);
  });

  it('renders on the server only public pages, and indexes only what anyone may open', () => {
    for (const name of RENDERED_PAGE_NAMES) {
      const route: SiteRoute = SITE_ROUTES[name];
      expect([route.access, route.servedBy], name).toEqual(['anyone', 'web']);
      expect(renderingOf(name).module, name).toMatch(/^src\/.+\.tsx$/);
    }
    expect(RENDERED_PAGE_NAMES).toEqual(['home', 'services', 'serviceDetails', 'testimonials', 'plans']);
    for (const route of routes.filter((each) => each.indexable)) expect(route.access, route.path).toBe('anyone');
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length);
    expect(WEB_APP_PATHS).toHaveLength(RENDERED_PAGE_NAMES.length + CLIENT_APP_PATHS.length);
    expect(webPathsFor('admin').every((path) => path.startsWith('/dashboard/admin'))).toBe(true);
    expect(webPathsFor('signed-in')).toEqual(['/profile']);
  });
});
