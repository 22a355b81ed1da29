import { SITE_ROUTES, SITEMAP_PAGES } from '@carcare/contracts/site-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp } from '../../../test/helper';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('search engines', () => {
  it('finds every public page and every live service in the sitemap, never a deleted one', async () => {
    const admin = await signedInUser(t.app, 'admin');
    const create = (name: string) =>
      t.app.inject(
        asUser(admin, {
          method: 'POST',
          url: '/api/services',
          payload: { name, description: name, duration: 30, price: 10 },
        }),
      );
    const kept = (await create('Kept Wash')).json().data._id as string;
    const deleted = (await create('Gone Wash')).json().data._id as string;
    const removed = await t.app.inject(asUser(admin, { method: 'DELETE', url: `/api/services/${deleted}` }));
    expect(removed.statusCode).toBe(200);

    const answer = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...answer.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, location]) => location);
    const site = t.config.publicUrl;
    expect(locations.slice(0, 3)).toEqual([`${site}/`, `${site}/services`, `${site}/testimonials`]);
    expect(locations.slice(0, SITEMAP_PAGES.length)).toEqual(SITEMAP_PAGES.map(({ path }) => `${site}${path}`));
    const { changefreq, priority } = SITE_ROUTES.serviceDetails.indexable;
    expect(answer.body).toContain(`<loc>${site}/service/${kept}</loc>`);
    expect(answer.body).toMatch(new RegExp(`<changefreq>${changefreq}</changefreq><priority>${priority}</priority>`));
    expect(locations).toContain(`${site}/service/${kept}`);
    expect(locations).not.toContain(`${site}/service/${deleted}`);
    expect(answer.body).toMatch(
      new RegExp(`<loc>${site}/service/${kept}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[^<]+</lastmod>`),
    );
    expect(answer.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('keeps dashboards, sign-in, payments and the API out of robots.txt and points at the sitemap', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = answer.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10));
    // The same paths as ever, whatever order the route table lists its pages in.
    expect(disallowed.sort()).toEqual(
      [
        '/dashboard/',
        '/profile',
        '/proceed-booking',
        '/payment/',
        '/pay/',
        '/login',
        '/register',
        '/forgot-password',
        '/reset-password',
        '/claim-account',
        '/review/',
        '/api/',
      ].sort(),
    );
    expect(lines).not.toContain('Disallow: /services');
    expect(lines).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
  });
});
