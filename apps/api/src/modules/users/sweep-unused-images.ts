import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { images, users } from '../../db/schema';
import type { ObjectStorage } from '../../lib/object-storage';
import { dropUnusedImage } from './drop-unused-image';
import { lockImages, storedImageUrlOf } from './images.service';
import { removeStoredImage } from './remove-stored-image';

/**
 * Deletes the stored images no user shows: those that earlier versions kept when they were replaced, and
 * any a failed removal left. Run at start, on any number of instances at once: each image is judged
 * again under its lock (`dropUnusedImage`), so one uploaded meanwhile is kept, and its bytes in the image
 * storage are removed as a replacement removes them.
 */
export async function sweepUnusedImages(
  db: Database,
  storage: ObjectStorage | undefined,
  log: FastifyBaseLogger,
): Promise<number> {
  const unused = await db
    .select({ hash: images.hash })
    .from(images)
    .where(sql`not exists (select 1 from ${users} where ${users.image} = ${storedImageUrlOf(images)})`);
  let deleted = 0;
  for (const { hash } of unused) {
    const dropped = await db.transaction(async (tx) => {
      await lockImages(tx, [hash]);
      return dropUnusedImage(tx, hash);
    });
    if (!dropped) continue;
    deleted++;
    if (dropped.inStorage && storage) await removeStoredImage(db, storage, dropped, log);
  }
  if (deleted > 0) log.info({ deleted }, 'stored images that no user shows were deleted');
  return deleted;
}
