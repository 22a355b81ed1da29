import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { images } from '../../db/schema';
import { type StoredImageType, storedImageUrl } from '../../lib/uploads';

export type StoredImage = typeof images.$inferSelect;

/**
 * Keeps the image's bytes in the database under their SHA-256 and answers the URL it is served at. The
 * same picture stored twice is one row; its type is the one it was first stored with.
 */
export async function storeImage(db: Executor, bytes: Buffer, contentType: StoredImageType): Promise<string> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  await db
    .insert(images)
    .values({ hash, contentType, bytes, size: bytes.length })
    .onConflictDoNothing({ target: images.hash });
  return storedImageUrl(hash, contentType);
}

export async function findImageByHash(db: Executor, hash: string): Promise<StoredImage | undefined> {
  const [image] = await db.select().from(images).where(eq(images.hash, hash)).limit(1);
  return image;
}
