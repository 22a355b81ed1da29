import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp, type TestUser, uploadProfileImage } from '../../../test/helper';
import { databaseErrorOf } from '../../db/errors';
import { images } from '../../db/schema';

let t: TestApp;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const upload = (bytes: Buffer, caller: TestUser = customer) => uploadProfileImage(t.app, caller, bytes);
const picture = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
const imageRows = async () => (await t.database.db.select({ value: count() }).from(images))[0]?.value;
const storedBytes = async (url: string) =>
  (
    await t.database.db
      .select()
      .from(images)
      .where(eq(images.hash, path.basename(url).split('.')[0] ?? ''))
  )[0]?.bytes;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const notFound = { success: false, message: GENERIC_ERROR_MESSAGES.routeNotFound };

describe('stored profile images', () => {
  it('keeps the same picture uploaded twice, by two users, as one row under one URL', async () => {
    const other = await signedInUser(t.app);
    const before = await imageRows();
    const first = await upload(await picture('#22c55e'));
    const second = await upload(await picture('#22c55e'), other);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.image).toBe(first.json().data.image);
    expect(await imageRows()).toBe((before ?? 0) + 1);
  });

  it('serves the exact bytes with their type, an immutable cache header, the hash as ETag and nosniff', async () => {
    const url: string = (await upload(await picture('#6366f1'))).json().data.image;
    const bytes = await storedBytes(url);
    if (!bytes) throw new Error('the upload was not stored');
    const hash = sha256(bytes);
    // Absolute, from PUBLIC_URL: a client on another site loads it as it is.
    expect(url).toBe(`${t.config.publicUrl}/uploads/${hash}.webp`);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${hash}"`,
      'x-content-type-options': 'nosniff',
    });
  });

  it('answers 304 with no body when the client already has the image', async () => {
    const url: string = (await upload(await picture('#f97316'))).json().data.image;
    const hash = path.basename(url, '.webp');
    for (const ifNoneMatch of [`"${hash}"`, `W/"${hash}"`, `"other", "${hash}"`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': ifNoneMatch } });
      expect(response.statusCode, ifNoneMatch).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers.etag).toBe(`"${hash}"`);
    }
    const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"${'0'.repeat(64)}"` } });
    expect(stale.statusCode).toBe(200);
  });

  it('answers 404 to an unknown or malformed name', async () => {
    const url: string = (await upload(await picture('#0f172a'))).json().data.image;
    const hash = path.basename(url, '.webp');
    for (const name of [
      `${'a'.repeat(64)}.webp`,
      `${hash.toUpperCase()}.webp`,
      `${hash.slice(1)}.webp`,
      `${hash}.png`,
      `${hash}.svg`,
      `${hash}.webp.html`,
      hash,
      `${randomUUID()}.webp`,
      '..%2fsecrets%2fjwt-secret',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/uploads/${name}` });
      expect(response.statusCode, name).toBe(404);
      expect(response.json(), name).toEqual(notFound);
    }
  });

  it('is kept by the database from naming other bytes than its hash, or holding a malformed name or type', async () => {
    const bytes = await picture('#7c3aed');
    const refusal = (values: typeof images.$inferInsert) =>
      t.database.db
        .insert(images)
        .values(values)
        .then(
          () => undefined,
          (failure: unknown) => databaseErrorOf(failure),
        );
    const good = { hash: sha256(bytes), contentType: 'image/png', bytes, size: bytes.length };
    expect(await refusal({ ...good, hash: sha256(Buffer.from('other bytes')) })).toMatchObject({
      code: '23514',
      constraint: 'images_bytes_match_check',
    });
    expect(await refusal({ ...good, size: bytes.length + 1 })).toMatchObject({
      constraint: 'images_bytes_match_check',
    });
    expect(await refusal({ ...good, hash: good.hash.toUpperCase(), bytes: null })).toMatchObject({
      constraint: 'images_hash_check',
    });
    expect(await refusal({ ...good, contentType: 'image/svg+xml' })).toMatchObject({
      constraint: 'images_content_type_check',
    });
    expect(await refusal({ ...good, bytes: null, size: 0 })).toMatchObject({ constraint: 'images_size_check' });
    expect(await storedBytes(`/uploads/${good.hash}.png`)).toBeUndefined();
    expect(await refusal(good)).toBeUndefined();
  });
});
