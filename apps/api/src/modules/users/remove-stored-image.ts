import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { ObjectStorage } from '../../lib/object-storage';
import { storedImageName } from '../../lib/uploads';
import type { DroppedImage } from './drop-unused-image';
import { findImageByHash, lockImages } from './images.service';

/**
 * Removes from the image storage the bytes of an image whose row was deleted and committed. Under the
 * image's lock, and only while no row names it again: an upload of the same picture meanwhile wrote the
 * bytes again before its row, under that lock, and keeps them. Best effort: a failure is logged and
 * leaves an object that no row names, which costs space and nothing else.
 */
export async function removeStoredImage(
  db: Database,
  storage: ObjectStorage,
  image: DroppedImage,
  log: FastifyBaseLogger,
): Promise<void> {
  const name = storedImageName(image.hash, image.contentType);
  try {
    await db.transaction(async (tx) => {
      await lockImages(tx, [image.hash]);
      if (await findImageByHash(tx, image.hash)) return;
      await storage.delete(name);
    });
  } catch (error) {
    log.warn({ err: error, image: name, storage: storage.location }, 'an unused image was left in the image storage');
  }
}
