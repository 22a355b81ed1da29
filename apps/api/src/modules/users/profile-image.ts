import { basename } from 'node:path';
import { PROFILE_IMAGE_TYPES, USER_MESSAGES } from '@carcare/contracts/users-constants';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ObjectStorage } from '../../lib/object-storage';
import { isStoredImageUrl, parseStoredImageName } from '../../lib/uploads';
import { dropUnusedImage } from './drop-unused-image';
import { imageHashOf, lockImages, storeImage } from './images.service';
import { countProfileImageUpload, refuseOverHourlyUploads } from './profile-image-uploads';
import { removeStoredImage } from './remove-stored-image';
import { lockProfileImage, setProfileImage } from './users.service';

const AVATAR_SIZE = 512;
/** What @fastify/multipart throws when a file outgrows its size limit while being read. */
const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/** The part of a multipart request that carries a file. */
type FileUpload = { fieldname: string; toBuffer: () => Promise<Buffer> };

type ProfileImageContext = {
  /** S3_URL's bucket, or undefined: images are kept in the database. */
  storage: ObjectStorage | undefined;
  /** How many times a user may change their image in any hour. */
  uploadsPerHour: number;
  log: FastifyBaseLogger;
  now?: Date;
};

/**
 * Replaces the user's profile image with the uploaded one: reads the `file` part, checks and re-encodes
 * it, stores it where every instance finds it (the database, or the image storage of S3_URL), points the
 * user at it and deletes the image it replaces if nobody else shows it, in one transaction. That
 * transaction holds the user's row (so the user's uploads are counted one at a time against the hourly
 * allowance) and the locks of both images (so a deletion and an upload of the same picture take turns).
 * Bytes of the deleted image kept in the image storage are removed once it has committed.
 */
export async function replaceProfileImage(
  db: Database,
  context: ProfileImageContext,
  userId: string,
  upload: FileUpload | undefined,
): Promise<UserRow> {
  if (upload?.fieldname !== 'file') throw new AppError(400, USER_MESSAGES.imageMissing);
  const bytes = await readUpload(upload);
  const allowance = { perHour: context.uploadsPerHour, now: context.now ?? new Date() };
  await refuseOverHourlyUploads(db, userId, allowance);
  const webp = await reencodeProfileImage(bytes);
  const { user, dropped } = await db.transaction(async (tx) => {
    const previous = await lockProfileImage(tx, userId);
    await countProfileImageUpload(tx, userId, allowance);
    const replaced = previous && isStoredImageUrl(previous) ? parseStoredImageName(basename(previous)) : undefined;
    const hash = imageHashOf(webp);
    await lockImages(tx, [hash, replaced?.hash]);
    const updated = await setProfileImage(tx, userId, await storeImage(tx, webp, 'image/webp', context.storage));
    return {
      user: updated,
      dropped: replaced && replaced.hash !== hash ? await dropUnusedImage(tx, replaced.hash) : undefined,
    };
  });
  if (dropped?.inStorage && context.storage) await removeStoredImage(db, context.storage, dropped, context.log);
  return user;
}

async function readUpload(upload: FileUpload): Promise<Buffer> {
  try {
    return await upload.toBuffer();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === FILE_TOO_LARGE) {
      throw new AppError(413, USER_MESSAGES.imageTooLarge);
    }
    throw error;
  }
}

/**
 * Checks what the bytes are (never the name or the declared type), then re-encodes them as a square
 * WebP without metadata, so that no original upload is ever served back.
 */
async function reencodeProfileImage(bytes: Buffer): Promise<Buffer> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(PROFILE_IMAGE_TYPES as readonly string[]).includes(detected.mime)) {
    throw new AppError(415, USER_MESSAGES.imageType);
  }
  // Loaded with the first picture: a server that is never sent one never holds the image library (decision 050).
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError(415, USER_MESSAGES.imageUnreadable);
  }
}
