import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { SitemapStream, streamToPromise } from 'sitemap';
import { listLiveServicePages } from '../services/services.service';

/**
 * The web app's public pages (rendered on the server, decision 022). Written here as the web app's router
 * names them (apps/web/src/lib/paths.ts): the API does not import the web app.
 */
const PUBLIC_PAGES = [
  { path: '/', changefreq: 'daily', priority: 1 },
  { path: '/services', changefreq: 'daily', priority: 0.9 },
  { path: '/testimonials', changefreq: 'weekly', priority: 0.6 },
] as const;

const servicePage = (id: string) => `/service/${encodeURIComponent(id)}`;

/** What search engines should leave alone: dashboards, sign-in and booking steps, payments and the API. */
const PRIVATE_PATHS = [
  '/dashboard/',
  '/profile',
  '/proceed-booking',
  '/payment/',
  '/pay/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/api/',
];

/** `/sitemap.xml` and `/robots.txt`, at the site's root where search engines look for them. */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/sitemap.xml', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const services = await listLiveServicePages(app.db);
    const links = [
      ...PUBLIC_PAGES.map(({ path, changefreq, priority }) => ({ url: path, changefreq, priority })),
      ...services.map((service) => ({
        url: servicePage(service.id),
        lastmod: service.updatedAt.toISOString(),
        changefreq: 'weekly' as const,
        priority: 0.8,
      })),
    ];
    const sitemap = new SitemapStream({ hostname: `${app.config.publicUrl}/` });
    const xml = await streamToPromise(Readable.from(links).pipe(sitemap));
    return reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(xml);
  });

  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${app.config.publicUrl}/sitemap.xml`,
      '',
    ];
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type('text/plain; charset=utf-8')
      .send(lines.join('\n'));
  });
};
