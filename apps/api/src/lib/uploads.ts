import path from 'node:path';

/** Where stored profile images are served from: `/uploads/<sha256 hex>.<extension>`. */
export const UPLOADS_URL_PREFIX = '/uploads/';

/**
 * Where profile images were kept as files before they moved into the database; read once on start to import
 * them, and still carried by backups.
 */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** The image types that may be stored, by the extension their URL ends with. */
const EXTENSION_TYPES = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
} as const;

type Extension = keyof typeof EXTENSION_TYPES;
export type StoredImageType = (typeof EXTENSION_TYPES)[Extension];

const IMAGE_NAME = /^([0-9a-f]{64})\.(webp|png|jpg|gif|avif)$/;

const isExtension = (value: string): value is Extension => Object.hasOwn(EXTENSION_TYPES, value);

export function isStoredImageType(value: string): value is StoredImageType {
  return Object.values(EXTENSION_TYPES).some((type) => type === value);
}

/** A stored image's name, `<sha256 hex>.<extension>`: its file name in URLs, backups and object storage. */
export function storedImageName(hash: string, contentType: StoredImageType): string {
  const extension = Object.entries(EXTENSION_TYPES).find(([, type]) => type === contentType)?.[0];
  return `${hash}.${extension}`;
}

/** The URL an image is served at, named by the SHA-256 (hex) of its bytes. */
export const storedImageUrl = (hash: string, contentType: StoredImageType) =>
  `${UPLOADS_URL_PREFIX}${storedImageName(hash, contentType)}`;

/** The hash and type a stored image's file name stands for; undefined for any other name. */
export function parseStoredImageName(name: string): { hash: string; contentType: StoredImageType } | undefined {
  const match = IMAGE_NAME.exec(name);
  const [, hash, extension] = match ?? [];
  if (!hash || !extension || !isExtension(extension)) return undefined;
  return { hash, contentType: EXTENSION_TYPES[extension] };
}

/** Whether a user's image URL already names a stored image (as opposed to a file from an older install). */
export const isStoredImageUrl = (url: string) =>
  url.startsWith(UPLOADS_URL_PREFIX) && parseStoredImageName(url.slice(UPLOADS_URL_PREFIX.length)) !== undefined;

/**
 * A user's image as answers carry it: a stored image's path made absolute with the site's address (an older
 * client on another origin loads the field as it is, and a relative path would name its own site); an image
 * kept elsewhere (an address an older install saved) as it was.
 */
export const imageUrlFor = (image: string | null, siteUrl: string) =>
  image?.startsWith('/') && !image.startsWith('//') ? `${siteUrl}${image}` : image;
