import { Readable } from 'node:stream';
import { PUBLIC_PAGES, type PublicPage, pagePath } from '@carcare/contracts/site-routes';
import type { FastifyPluginAsync } from 'fastify';
import { SitemapStream, streamToPromise } from 'sitemap';
import { listLiveServicePages } from '../services/public';

/** The public pages listed as they are (decision 022); a service's page is listed per live service. */
const LISTED_PAGES = Object.values<PublicPage>(PUBLIC_PAGES).flatMap(({ path, sitemap }) =>
  sitemap ? [{ url: path, ...sitemap }] : [],
);

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
  // Kept in the public cache until a service changes, and counted on the visitor's page budget when it is not.
  app.get(
    '/sitemap.xml',
    {
      config: {
        access: 'public',
        cache: 'services',
        rateLimit: { max: app.config.pageRateLimit, timeWindow: '1 minute' },
      },
      schema: { hide: true },
      preHandler: async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8');
      },
    },
    async () => {
      const services = await listLiveServicePages(app.db);
      const links = [
        ...LISTED_PAGES,
        ...services.map((service) => ({
          url: pagePath('serviceDetails', { id: service.id }),
          lastmod: service.updatedAt.toISOString(),
          changefreq: 'weekly' as const,
          priority: 0.8,
        })),
      ];
      const sitemap = new SitemapStream({ hostname: `${app.config.publicUrl}/` });
      return (await streamToPromise(Readable.from(links).pipe(sitemap))).toString();
    },
  );

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
