import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { images, users } from '../../db/schema';
import type { StoredImageType } from '../../lib/uploads';
import { storedImageUrlOf } from './images.service';

/** An image whose row was deleted while its bytes stay in the image storage, to be removed from there. */
export type DroppedImage = { hash: string; contentType: StoredImageType; inStorage: boolean };

/**
 * Deletes the image's row if no user shows it, and says whether it did and where its bytes were. The
 * caller holds the image's lock (`lockImages`), taken before this statement, so the statement's snapshot
 * sees every user committed as showing it, and nobody can be pointed at it until the caller commits.
 * Another user showing the same picture keeps it. Bytes in the row go with it; bytes in the image storage
 * are the caller's to remove once it has committed (`removeStoredImage`).
 */
export async function dropUnusedImage(tx: Executor, hash: string): Promise<DroppedImage | undefined> {
  const [dropped] = await tx
    .delete(images)
    .where(
      and(
        eq(images.hash, hash),
        sql`not exists (select 1 from ${users} where ${users.image} = ${storedImageUrlOf(images)})`,
      ),
    )
    .returning({
      hash: images.hash,
      contentType: images.contentType,
      inStorage: sql<boolean>`${images.bytes} is null`,
    });
  return dropped && { ...dropped, contentType: dropped.contentType as StoredImageType };
}
