import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { images } from '../../db/schema';
import type { ObjectStorage } from '../../lib/object-storage';
import { type StoredImageType, storedImageName, storedImageUrl } from '../../lib/uploads';

export type StoredImage = typeof images.$inferSelect;

/**
 * Keeps the image under the SHA-256 of its bytes and answers the URL it is served at. The database always
 * holds its row; the bytes go in the row, or into `storage` (S3_URL) when there is one, written before the
 * row so that no row ever names bytes that are not there. The same picture stored twice is one row; its
 * type is the one it was first stored with.
 */
export async function storeImage(
  db: Executor,
  bytes: Buffer,
  contentType: StoredImageType,
  storage: ObjectStorage | undefined,
): Promise<string> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  if (storage) await storage.put(storedImageName(hash, contentType), bytes, contentType);
  await db
    .insert(images)
    .values({ hash, contentType, bytes: storage ? null : bytes, size: bytes.length })
    .onConflictDoNothing({ target: images.hash });
  return storedImageUrl(hash, contentType);
}

export async function findImageByHash(db: Executor, hash: string): Promise<StoredImage | undefined> {
  const [image] = await db.select().from(images).where(eq(images.hash, hash)).limit(1);
  return image;
}

/**
 * The image's bytes: from its row, or from the storage its row says holds them. Undefined when neither has
 * them (the storage was emptied, or S3_URL was unset without moving the images back).
 */
export async function readImageBytes(
  image: StoredImage,
  storage: ObjectStorage | undefined,
): Promise<Buffer | undefined> {
  if (image.bytes) return image.bytes;
  if (!storage) return undefined;
  return storage.get(storedImageName(image.hash, image.contentType as StoredImageType));
}
