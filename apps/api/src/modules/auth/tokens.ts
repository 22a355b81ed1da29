import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** An opaque 256-bit refresh token; only its hash is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The key refresh-token successors are derived with, from the JWT secret: one secret to keep, not two. */
export function successorKeyFrom(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, '', 'carcare refresh-token successor', 32));
}

/**
 * The token that replaces `token` when it is rotated: as unguessable as a random one without the key, and
 * the same every time, so that a token presented again within the reuse grace gets the same successor
 * back although only hashes are stored.
 */
export function successorToken(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(token).digest('base64url');
}
