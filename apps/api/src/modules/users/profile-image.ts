import { PROFILE_IMAGE_TYPES, USER_MESSAGES } from '@carcare/contracts/users-constants';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ObjectStorage } from '../../lib/object-storage';
import { storeImage } from './images.service';
import { setProfileImage } from './users.service';

const AVATAR_SIZE = 512;
/** What @fastify/multipart throws when a file outgrows its size limit while being read. */
const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/** The part of a multipart request that carries a file. */
type FileUpload = { fieldname: string; toBuffer: () => Promise<Buffer> };

/**
 * Replaces the user's profile image with the uploaded one: reads the `file` part, checks and re-encodes
 * it, stores it where every instance finds it (the database, or the image storage of S3_URL) and points the
 * user at it, in one transaction.
 */
export async function replaceProfileImage(
  db: Database,
  storage: ObjectStorage | undefined,
  userId: string,
  upload: FileUpload | undefined,
): Promise<UserRow> {
  if (upload?.fieldname !== 'file') throw new AppError(400, USER_MESSAGES.imageMissing);
  const webp = await reencodeProfileImage(await readUpload(upload));
  return db.transaction(async (tx) => setProfileImage(tx, userId, await storeImage(tx, webp, 'image/webp', storage)));
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
