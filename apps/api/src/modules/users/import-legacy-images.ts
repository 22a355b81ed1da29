import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { ObjectStorage } from '../../lib/object-storage';
import { isStoredImageType, isStoredImageUrl, UPLOADS_URL_PREFIX, uploadsDir } from '../../lib/uploads';
import { imageHashOf, lockImages, storeImage } from './images.service';

/** A file name the older installs gave an upload (a random id and an extension), nothing with a path in it. */
const LEGACY_FILE_NAME = /^[\w-]+\.[a-z0-9]+$/i;

/**
 * Moves the profile images an older install kept as files in DATA_DIR/uploads into the database, and points
 * their users at the stored image. Safe to run on every start and on several instances at once: it only
 * looks at users whose image is not yet a stored one (one query when there is none), and a user is only
 * moved from the file they still point at. A file that is missing or not an image is left, and logged.
 */
export async function importLegacyImages(
  db: Database,
  dataDir: string,
  storage: ObjectStorage | undefined,
  log: FastifyBaseLogger,
): Promise<{ imported: number; skipped: number }> {
  const candidates = await db
    .select({ id: users.id, image: users.image })
    .from(users)
    .where(like(users.image, `${UPLOADS_URL_PREFIX}%`));
  let imported = 0;
  let skipped = 0;
  for (const { id, image } of candidates) {
    if (!image || isStoredImageUrl(image)) continue;
    const name = image.slice(UPLOADS_URL_PREFIX.length);
    const bytes = LEGACY_FILE_NAME.test(name)
      ? await readFile(path.join(uploadsDir(dataDir), name)).catch(() => undefined)
      : undefined;
    const contentType = bytes && (await fileTypeFromBuffer(bytes))?.mime;
    if (!bytes || !contentType || !isStoredImageType(contentType)) {
      log.warn({ userId: id, image }, 'profile image file missing or not an image: left as it is');
      skipped++;
      continue;
    }
    await db.transaction(async (tx) => {
      // The user's row, then the image's lock, in the order a replacement of the image takes them.
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.image, image)))
        .for('no key update');
      await lockImages(tx, [imageHashOf(bytes)]);
      const url = await storeImage(tx, bytes, contentType, storage);
      await tx
        .update(users)
        .set({ image: url })
        .where(and(eq(users.id, id), eq(users.image, image)));
    });
    imported++;
  }
  if (imported > 0) log.info({ imported }, 'profile image files moved into the database');
  return { imported, skipped };
}
