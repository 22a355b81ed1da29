import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pagePath, SITE_ROUTES, type SiteRoute, type SiteRouteName } from '@carcare/contracts/site-routes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from './helper';
import { pageServingApp, type RenderControl } from './page-renderer';

let t: TestApp;
let app: FastifyInstance;
let control: RenderControl;
let admin: TestUser;
let serviceId: string;

beforeAll(async () => {
  t = await createTestApp({ publicCacheMs: 60_000 });
  ({ app, control } = await pageServingApp(t));
  admin = await signedInUser(app, 'admin');
  const created = await app.inject(
    asUser(admin, {
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Foam Wash', description: 'Snow foam and a hand wash', duration: 30, price: 25 },
    }),
  );
  serviceId = created.json().data._id;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const page = (url: string) => app.inject({ method: 'GET', url });

describe('server-rendered pages', () => {
  it('answers a public page with its markup, head and data in the template, read through the API in process', async () => {
    const answer = await page(`/service/${serviceId}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    // The security headers of every answer.
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    expect(answer.body).toContain('<div id="root"><h1>Foam Wash</h1><p>$25</p></div>');
    expect(answer.body).toContain('<script type="application/json" id="carcare-data">{"price":25}</script>');
    expect(answer.body).toContain('<title>Foam Wash | CarCare</title>');
    expect(answer.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/service/${serviceId}"/>`);
    // The page's own modules are listed for the browser to fetch once the page is painted (what the template
    // already loads is not repeated); no link in the page makes the browser fetch them before it paints.
    const listed = /<script type="application\/json" id="carcare-modules">(.*?)<\/script>/.exec(answer.body)?.[1];
    expect(JSON.parse(listed ?? 'null')).toEqual([
      '/assets/service-page-3c.js',
      '/assets/react-2b.js',
      '/assets/price-4d.js',
    ]);
    expect(answer.body).not.toContain('modulepreload');
    // The styles those modules bring are linked in the head: the page is painted as it stays once they run.
    const head = answer.body.slice(0, answer.body.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/price-5e.css">');
    expect(answer.body.match(/price-5e\.css/g)).toHaveLength(1);
    // The page's title replaces the template's; one title in the document.
    expect(answer.body.match(/<title>/g)).toHaveLength(1);
  });

  it('lists the islands of a page served as islands, and none on a page the app hydrates whole', async () => {
    const islandsOf = (body: string) =>
      /<script type="application\/json" id="carcare-islands">(.*?)<\/script>/.exec(body)?.[1] ?? null;
    const home = await page('/');
    expect(home.statusCode).toBe(200);
    expect(JSON.parse(islandsOf(home.body) ?? 'null')).toEqual(['site-menu', 'compare-toggle']);
    // The files the islands hydrated as the page starts load, each once, for the browser to fetch before it
    // imports them; neither what the template loads nor the module of an island the page does not hydrate.
    const islandFilesOf = (body: string) =>
      /<script type="application\/json" id="carcare-island-modules">(.*?)<\/script>/.exec(body)?.[1] ?? null;
    expect(JSON.parse(islandFilesOf(home.body) ?? 'null')).toEqual([
      '/assets/start-islands-6f.js',
      '/assets/react-2b.js',
      '/assets/menu-7a.js',
      '/assets/compare-8b.js',
      '/assets/price-4d.js',
    ]);
    const service = await page(`/service/${serviceId}`);
    expect(service.statusCode).toBe(200);
    expect(islandsOf(service.body)).toBeNull();
    expect(islandFilesOf(service.body)).toBeNull();
  });

  it('sends the page compressed to clients that accept it, rendered or from the cache', async () => {
    const url = `/service/${serviceId}`;
    const plain = (await page(url)).body;
    for (let attempt = 0; attempt < 2; attempt++) {
      const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toContain('Accept-Encoding');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain);
      expect(brotli.rawPayload.length).toBeLessThan(plain.length);
      const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    }
  });

  it('keeps a rendered page until the service changes, then renders the change', async () => {
    await page(`/service/${serviceId}`);
    const cached = await page(`/service/${serviceId}`);
    expect(cached.headers['x-cache']).toBe('hit');
    expect(cached.body).toContain('<h1>Foam Wash</h1>');

    const updated = await app.inject(
      asUser(admin, {
        method: 'PUT',
        url: `/api/services/${serviceId}`,
        payload: { name: 'Foam Wash Deluxe', price: 30 },
      }),
    );
    expect(updated.statusCode).toBe(200);
    const fresh = await page(`/service/${serviceId}`);
    expect(fresh.headers['x-cache']).toBeUndefined();
    expect(fresh.body).toContain('<h1>Foam Wash Deluxe</h1><p>$30</p>');
  });

  it("keeps rendered pages until the shop's name changes on the Settings screen, then renders every page anew", async () => {
    for (const url of [`/service/${serviceId}`, '/testimonials', '/no-such-page']) {
      await page(url);
      expect((await page(url)).headers['x-cache']).toBe('hit');
    }
    const renamed = await app.inject(
      asUser(admin, { method: 'PUT', url: '/api/settings', payload: { businessName: 'Shine Brothers' } }),
    );
    expect(renamed.statusCode).toBe(200);
    for (const url of [`/service/${serviceId}`, '/testimonials', '/no-such-page']) {
      const fresh = await page(url);
      expect(fresh.headers['x-cache'], url).toBeUndefined();
      expect(fresh.body).toContain(' | Shine Brothers</title>');
    }
    await app.inject(asUser(admin, { method: 'PUT', url: '/api/settings', payload: { businessName: 'CarCare' } }));
  });

  it("answers the renderer's 404 for an unknown service, and keeps answering it", async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await page('/service/00000000-0000-4000-8000-000000000000');
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toContain('<h1>Oops</h1>');
    }
  });

  it('serves the client app for pages the renderer leaves to the browser, and when rendering fails or hangs', async () => {
    control.failing.add('/testimonials');
    control.hanging.add('/');
    for (const url of ['/login', '/dashboard/admin/', '/testimonials', '/']) {
      const answer = await page(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain('<div id="root"></div>');
      expect(answer.body, url).toContain('<title>CarCare</title>');
    }
    // The client app's own pages are never rendered; a failure is not kept.
    expect(control.renders).not.toContain('/login');
    control.failing.delete('/testimonials');
    expect((await page('/testimonials')).body).toContain('<h1>Reviews</h1>');
  }, 10_000);

  it('answers an unknown path with the not-found page, or the client app with 404 when that cannot be rendered', async () => {
    const answer = await page('/no/such/page');
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('<h1>Oops</h1>');
    control.failing.add('/not-found');
    app.responseCache.clear();
    const fallback = await page('/no/such/page');
    expect(fallback.statusCode).toBe(404);
    expect(fallback.body).toContain('<div id="root"></div>');
    control.failing.delete('/not-found');
  });

  it('never renders API paths or files', async () => {
    expect((await page('/api/nothing-here')).json()).toEqual({ success: false, message: 'Route not found' });
    expect((await page('/favicon-missing.svg')).statusCode).toBe(404);
  });

  it("answers every page of the site's route table where the table says: the web app's here, the checkout's on its routes", async () => {
    for (const [name, route] of Object.entries(SITE_ROUTES) as [SiteRouteName, SiteRoute][]) {
      expect(app.hasRoute({ method: 'GET', url: route.path }), route.path).toBe(route.servedBy === 'api');
      if (route.servedBy === 'api') continue;
      // The web app's parameters: a service's id, and a review request's link.
      const answer = await page(pagePath(name, { id: serviceId, token: 'a-review-request-link' }));
      expect([answer.statusCode, answer.headers['content-type']], route.path).toEqual([
        200,
        'text/html; charset=utf-8',
      ]);
    }
  });
});
