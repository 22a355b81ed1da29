import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMMUTABLE_CACHE_CONTROL } from '../../lib/responses';
import { parseStoredImageName, UPLOADS_URL_PREFIX } from '../../lib/uploads';
import { findImageByHash, readImageBytes } from './images.service';
import { importLegacyImages } from './import-legacy-images';
import { sweepUnusedImages } from './sweep-unused-images';

/** Whether an If-None-Match header names this entity tag (weakly compared, as for a GET). */
const matchesEntityTag = (header: string | undefined, etag: string) =>
  (header ?? '').split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });

/**
 * `GET /uploads/<hash>.<extension>`: stored images, answered from the database or the image storage (S3_URL)
 * so that every instance serves every image. Any other name is the app's 404. On start, images an older
 * install kept as files are moved in first, then the images no user shows any more are deleted.
 */
export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  try {
    await importLegacyImages(app.db, app.config.dataDir, app.objectStorage, app.log);
  } catch (error) {
    app.log.error({ err: error }, 'moving profile image files into the database failed; retried on next start');
  }
  try {
    await sweepUnusedImages(app.db, app.objectStorage, app.log);
  } catch (error) {
    app.log.error({ err: error }, 'deleting images no user shows failed; retried on next start');
  }

  app.get(
    `${UPLOADS_URL_PREFIX}:name`,
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      const named = parseStoredImageName(request.params.name);
      const image = named && (await findImageByHash(app.db, named.hash));
      if (!image || image.contentType !== named?.contentType) return reply.callNotFound();
      const etag = `"${image.hash}"`;
      if (matchesEntityTag(request.headers['if-none-match'], etag)) {
        return reply.status(304).header('cache-control', IMMUTABLE_CACHE_CONTROL).header('etag', etag).send();
      }
      const bytes = await readImageBytes(image, app.objectStorage);
      if (!bytes) {
        request.log.error(
          { image: named, storage: app.objectStorage?.location ?? 'none (S3_URL is unset)' },
          'a stored image has a row but its bytes are not in the database nor in the image storage',
        );
        return reply.callNotFound();
      }
      return reply
        .header('cache-control', IMMUTABLE_CACHE_CONTROL)
        .header('etag', etag)
        .type(image.contentType)
        .send(bytes);
    },
  );
};
