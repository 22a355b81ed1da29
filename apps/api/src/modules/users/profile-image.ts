import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROFILE_IMAGE_TYPES, USER_MESSAGES } from '@carcare/contracts/users-constants';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { UPLOADS_URL_PREFIX, uploadsDir } from '../../lib/uploads';
import { setProfileImage } from './users.service';

const AVATAR_SIZE = 512;
/** What @fastify/multipart throws when a file outgrows its size limit while being read. */
const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/** The part of a multipart request that carries a file. */
type FileUpload = { fieldname: string; toBuffer: () => Promise<Buffer> };

/**
 * Replaces the user's profile image with the uploaded one: reads the `file` part, checks and re-encodes
 * it, stores it, points the user at it and removes the image it replaces. Nothing is left behind when a
 * step fails.
 */
export async function replaceProfileImage(
  db: Database,
  dataDir: string,
  userId: string,
  upload: FileUpload | undefined,
): Promise<UserRow> {
  if (upload?.fieldname !== 'file') throw new AppError(400, USER_MESSAGES.imageMissing);
  const image = await storeProfileImage(dataDir, await readUpload(upload));
  let replaced: Awaited<ReturnType<typeof setProfileImage>>;
  try {
    replaced = await setProfileImage(db, userId, image);
  } catch (error) {
    removeProfileImage(dataDir, image);
    throw error;
  }
  removeProfileImage(dataDir, replaced.previousImage);
  return replaced.user;
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
async function storeProfileImage(dataDir: string, bytes: Buffer): Promise<string> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(PROFILE_IMAGE_TYPES as readonly string[]).includes(detected.mime)) {
    throw new AppError(415, USER_MESSAGES.imageType);
  }
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError(415, USER_MESSAGES.imageUnreadable);
  }
  const name = `${randomUUID()}.webp`;
  mkdirSync(uploadsDir(dataDir), { recursive: true });
  writeFileSync(path.join(uploadsDir(dataDir), name), webp);
  return `${UPLOADS_URL_PREFIX}${name}`;
}

/** Removes a stored image by its URL; anything that is not one of ours is left alone. */
function removeProfileImage(dataDir: string, url: string | null): void {
  if (!url?.startsWith(UPLOADS_URL_PREFIX)) return;
  const name = path.basename(url);
  if (!/^[\w-]+\.webp$/.test(name)) return;
  rmSync(path.join(uploadsDir(dataDir), name), { force: true });
}
