import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Executor } from '../../db/client';
import { images } from '../../db/schema';
import type { ObjectStorage } from '../../lib/object-storage';
import { type StoredImageType, storedImageName, storedImageUrl, UPLOADS_URL_PREFIX } from '../../lib/uploads';

export type StoredImage = typeof images.$inferSelect;

/** The name an image is stored under: the SHA-256 (hex) of its bytes. */
export const imageHashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Waits for, then holds until the transaction ends, the locks of these images (see the `image` lock),
 * always in the order of their hashes, so that two transactions taking several never deadlock.
 */
export async function lockImages(tx: Executor, hashes: Array<string | undefined>): Promise<void> {
  const distinct = [...new Set(hashes.filter((hash) => hash !== undefined))].sort();
  for (const hash of distinct) await lockUntilCommit(tx, 'image', hash);
}

/**
 * The URL a users row shows a stored image by, written in SQL over the image's columns (the extension of
 * its type, `jpg` for JPEG), so that whether anyone shows it is one index lookup on `users.image`.
 */
export const storedImageUrlOf = (image: { hash: typeof images.hash; contentType: typeof images.contentType }) =>
  sql`${UPLOADS_URL_PREFIX} || ${image.hash} || '.' || replace(split_part(${image.contentType}, '/', 2), 'jpeg', 'jpg')`;

/**
 * Keeps the image under the SHA-256 of its bytes and answers the URL it is served at. The caller holds the
 * image's lock (`lockImages`) until it has pointed a user at it, so that no deletion of an unused image
 * comes in between. The database always holds its row; the bytes go in the row, or into `storage`
 * (S3_URL) when there is one, written before the row so that no row ever names bytes that are not there.
 * The same picture stored twice is one row; its type is the one it was first stored with.
 */
export async function storeImage(
  tx: Executor,
  bytes: Buffer,
  contentType: StoredImageType,
  storage: ObjectStorage | undefined,
): Promise<string> {
  const hash = imageHashOf(bytes);
  if (storage) await storage.put(storedImageName(hash, contentType), bytes, contentType);
  await tx
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
