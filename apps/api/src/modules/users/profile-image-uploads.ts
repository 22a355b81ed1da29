import { USER_MESSAGES } from '@carcare/contracts/users-constants';
import { and, count, eq, gt, lte, min } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { profileImageUploads } from '../../db/schema';
import { AppError } from '../../lib/app-error';

const HOUR_MS = 60 * 60_000;

/** What limits a user's profile image changes: how many in any hour, and the time it is. */
export type UploadAllowance = { perHour: number; now: Date };

/**
 * Refuses with 429 a user who changed their profile image `perHour` times in the hour before `now`,
 * saying when the oldest of those leaves the hour. Read on its own, it only spares the re-encoding of an
 * upload that will be refused; `countProfileImageUpload` decides.
 */
export async function refuseOverHourlyUploads(db: Executor, userId: string, allowance: UploadAllowance) {
  const since = new Date(allowance.now.getTime() - HOUR_MS);
  const [recent] = await db
    .select({ uploads: count(), oldest: min(profileImageUploads.uploadedAt) })
    .from(profileImageUploads)
    .where(and(eq(profileImageUploads.userId, userId), gt(profileImageUploads.uploadedAt, since)));
  if ((recent?.uploads ?? 0) < allowance.perHour) return;
  const freedAt = (recent?.oldest?.getTime() ?? allowance.now.getTime()) + HOUR_MS;
  const minutes = Math.max(1, Math.ceil((freedAt - allowance.now.getTime()) / 60_000));
  throw new AppError(429, USER_MESSAGES.imageUploadsPerHour(allowance.perHour, minutes));
}

/**
 * Counts a change of the user's profile image, or refuses it (429) when the user made `perHour` in the
 * hour before `now`. The caller holds the user's row lock (see `replaceProfileImage`), so uploads of one
 * user on any number of instances are counted one after another; the uploads that left the hour are
 * deleted on the way.
 */
export async function countProfileImageUpload(tx: Executor, userId: string, allowance: UploadAllowance) {
  await refuseOverHourlyUploads(tx, userId, allowance);
  const since = new Date(allowance.now.getTime() - HOUR_MS);
  await tx
    .delete(profileImageUploads)
    .where(and(eq(profileImageUploads.userId, userId), lte(profileImageUploads.uploadedAt, since)));
  await tx.insert(profileImageUploads).values({ userId, uploadedAt: allowance.now });
}
