import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkKeyFrom, signLink, verifyLink } from './signed-links';

const key = linkKeyFrom('a-jwt-secret-long-enough-for-the-test', 'review-request');
const id = '0b6f3a52-58a4-4c4e-9a53-1f0f4b1b2c3d';

describe('signed links', () => {
  it('gives back the id of a link it signed', () => {
    expect(verifyLink(key, signLink(key, id))).toBe(id);
  });

  it('has no dot, so that the site serves the page of a link opened straight from a text or an email', () => {
    // The site answers a path that ends like a file name (`.abc`) as a missing file, never with the page.
    expect(path.extname(`/review/${signLink(key, id)}`)).toBe('');
  });

  it('refuses a link whose id or mac was changed, or signed under another secret', () => {
    const link = signLink(key, id);
    expect(verifyLink(key, link.replace(id, id.replace('0b6f', '0b6e')))).toBeNull();
    expect(verifyLink(key, `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(verifyLink(linkKeyFrom('another-secret-of-the-same-length-as-it', 'review-request'), link)).toBeNull();
    expect(verifyLink(key, id)).toBeNull();
    expect(verifyLink(key, '')).toBeNull();
  });
});
