import { Readable } from 'node:stream';
import { ROBOTS_DISALLOWED, SITE_ROUTES, SITEMAP_PAGES, siteHref } from '@carcare/contracts/site-routes';
import type { FastifyPluginAsync } from 'fastify';
import { SitemapStream, streamToPromise } from 'sitemap';
import { listLiveServicePages } from '../services/public';

/** The indexable pages of the site's route table (decision 031); a service's page is listed per live service. */
const LISTED_PAGES = SITEMAP_PAGES.map(({ path, ...entry }) => ({ url: path, ...entry }));

/** What search engines should leave alone: every page the route table does not index, and the API. */
const PRIVATE_PATHS = [...ROBOTS_DISALLOWED, '/api/'];

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
          url: siteHref('serviceDetails', { id: service.id }),
          lastmod: service.updatedAt.toISOString(),
          ...SITE_ROUTES.serviceDetails.indexable,
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
