import { describe, expect, it } from 'vitest';
import { CLIENT_APP_PATHS, matchSitePath, NOT_FOUND_PATH, PUBLIC_PAGES, pagePath } from './site-routes';

const canonical = (query: string) => PUBLIC_PAGES.services.canonicalQuery(new URLSearchParams(query)).toString();

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
    expect(PUBLIC_PAGES.services.query).toEqual(['searchTerm', 'min', 'max', 'sort', 'page']);
  });

  it('writes a page path with its parameters encoded', () => {
    expect(pagePath('serviceDetails', { id: 'a/b c' })).toBe('/service/a%2Fb%20c');
    expect(pagePath('testimonials')).toBe('/testimonials');
  });
});
