import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROFILE_IMAGE_TYPES, USER_MESSAGES } from '@carcare/contracts/users-constants';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error';

export const UPLOADS_URL_PREFIX = '/uploads/';
const AVATAR_SIZE = 512;

const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * Checks what the bytes are (never the name or the declared type), then re-encodes them as a square
 * WebP without metadata, so that no original upload is ever served back.
 */
export async function storeProfileImage(dataDir: string, bytes: Buffer): Promise<string> {
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
export function removeProfileImage(dataDir: string, url: string | null): void {
  if (!url?.startsWith(UPLOADS_URL_PREFIX)) return;
  const name = path.basename(url);
  if (!/^[\w-]+\.webp$/.test(name)) return;
  rmSync(path.join(uploadsDir(dataDir), name), { force: true });
}
