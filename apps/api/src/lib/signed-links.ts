import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Links that name a record and prove the shop wrote them (a review request's link, for one): `<id>~<mac>`,
 * the mac an HMAC of the id under a key derived from the JWT secret for the link's purpose alone, so that a
 * link of one purpose never opens another. Nothing is stored; what a link may do once is the record's to keep.
 * The separator is outside base64url's alphabet, and is not a dot: a path ending in `.<something>` is taken
 * for a file, and the site would answer 404 instead of the link's page.
 */
export type LinkPurpose = 'review-request';

export const linkKeyFrom = (jwtSecret: string, purpose: LinkPurpose): Buffer =>
  Buffer.from(hkdfSync('sha256', jwtSecret, '', `carcare signed link: ${purpose}`, 32));

const macOf = (key: Buffer, id: string) => createHmac('sha256', key).update(id).digest('base64url');

const SEPARATOR = '~';

export const signLink = (key: Buffer, id: string): string => `${id}${SEPARATOR}${macOf(key, id)}`;

/** The id a link names, or null when the link was not written with this key (or was changed). */
export function verifyLink(key: Buffer, token: string): string | null {
  const at = token.lastIndexOf(SEPARATOR);
  if (at <= 0) return null;
  const id = token.slice(0, at);
  const given = Buffer.from(token.slice(at + 1));
  const expected = Buffer.from(macOf(key, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
