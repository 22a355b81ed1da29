import { createHash } from 'node:crypto';
import path from 'node:path';
import { SYSTEM_MESSAGES } from '@carcare/contracts/app-config';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../../test/fake-s3';
import { createTestApp, signedInUser, type TestApp, type TestUser, uploadProfileImage } from '../../../test/helper';
import { loadConfig } from '../../config';
import { images, users } from '../../db/schema';

const BUCKET = 'shop-images';

let s3: FakeS3;
let t: TestApp;
let customer: TestUser;

beforeAll(async () => {
  s3 = await startFakeS3({ buckets: [BUCKET, 'other-bucket'] });
  const { objectStorage } = loadConfig({ NODE_ENV: 'test', S3_URL: s3.url(BUCKET, 'carcare/images') });
  t = await createTestApp({ objectStorage });
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});
beforeEach(() => {
  s3.state.down = false;
});

const upload = (bytes: Buffer, caller: TestUser = customer, app = t.app) => uploadProfileImage(app, caller, bytes);
const picture = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
const rowOf = async (url: string) =>
  (
    await t.database.db
      .select()
      .from(images)
      .where(eq(images.hash, path.basename(url).split('.')[0] ?? ''))
  )[0];
const imageOf = async (userId: string) =>
  (await t.database.db.select({ image: users.image }).from(users).where(eq(users.id, userId)))[0]?.image;

describe('profile images kept in S3-compatible storage (S3_URL)', () => {
  it('writes the bytes to the bucket under the prefix and the hash, keeps only the row, and serves them', async () => {
    const response = await upload(await picture('#0ea5e9'));
    expect(response.statusCode).toBe(200);
    const url: string = response.json().data.image;
    expect(url).toMatch(/^http:\/\/localhost:3000\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(url.startsWith(`${t.config.publicUrl}/uploads/`)).toBe(true);
    const name = path.basename(url);

    const object = s3.objects(BUCKET).get(`carcare/images/${name}`);
    expect(object?.contentType).toBe('image/webp');
    expect(
      createHash('sha256')
        .update(object?.bytes ?? '')
        .digest('hex'),
    ).toBe(name.split('.')[0]);
    expect(await rowOf(url)).toMatchObject({ contentType: 'image/webp', bytes: null, size: object?.bytes.length });

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.etag).toBe(`"${name.split('.')[0]}"`);
    expect(served.rawPayload.equals(object?.bytes ?? Buffer.alloc(0))).toBe(true);

    // A client that has it asks again with its ETag: the bucket is not called.
    const callsBefore = s3.calls.length;
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': served.headers.etag } });
    expect(again.statusCode).toBe(304);
    expect(s3.calls.length).toBe(callsBefore);
  });

  it('answers 503 and keeps the old image when the bucket is down, and replaces it once the bucket is back', async () => {
    const first = await upload(await picture('#f59e0b'));
    expect(first.statusCode).toBe(200);
    const kept: string = first.json().data.image;

    s3.state.down = true;
    const refused = await upload(await picture('#a855f7'));
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ success: false, message: SYSTEM_MESSAGES.temporarilyUnavailable });
    expect(`${t.config.publicUrl}${await imageOf(customer.id)}`).toBe(kept);
    const servedWhileDown = await t.app.inject({ method: 'GET', url: kept });
    expect(servedWhileDown.statusCode).toBe(503);
    expect(servedWhileDown.json()).toEqual({ success: false, message: SYSTEM_MESSAGES.temporarilyUnavailable });

    s3.state.down = false;
    const stored = await upload(await picture('#a855f7'));
    expect(stored.statusCode).toBe(200);
    expect(`${t.config.publicUrl}${await imageOf(customer.id)}`).toBe(stored.json().data.image);
    // Replaced at last, the old image is deleted, its bytes in the bucket too.
    expect((await t.app.inject({ method: 'GET', url: kept })).statusCode).toBe(404);
    expect(s3.objects(BUCKET).has(`carcare/images/${path.basename(kept)}`)).toBe(false);
  });

  it('answers 404 to an image whose row names bytes the bucket does not have', async () => {
    const response = await upload(await picture('#14b8a6'));
    const url: string = response.json().data.image;
    s3.objects(BUCKET).delete(`carcare/images/${path.basename(url)}`);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(404);
    expect(served.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.routeNotFound });
  });

  it('serves an image stored in the database before S3_URL was set', async () => {
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const hash = createHash('sha256').update(bytes).digest('hex');
    await t.database.db.insert(images).values({ hash, contentType: 'image/png', bytes, size: bytes.length });
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${hash}.png` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });
});

describe('S3_URL', () => {
  it('is read into the endpoint, bucket, prefix, region and keys', () => {
    const { objectStorage } = loadConfig({
      NODE_ENV: 'test',
      S3_URL: 'https://AKIA%2FKEY:se%2Fcret@s3.eu-west-1.amazonaws.com:443/my-shop/images/avatars?region=eu-west-1',
    });
    expect(objectStorage).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'my-shop',
      prefix: 'images/avatars/',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIA/KEY', secretAccessKey: 'se/cret' },
    });
    expect(loadConfig({ NODE_ENV: 'test', S3_URL: 'http://minio:9000/images' }).objectStorage).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'images',
      prefix: '',
      region: 'us-east-1',
      credentials: undefined,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).objectStorage).toBeUndefined();
  });

  it.each([
    ['s3://bucket', 'must look like https://ACCESS_KEY:SECRET_KEY@host/bucket, optionally /prefix and ?region='],
    [
      'https://s3.example.com',
      'must look like https://ACCESS_KEY:SECRET_KEY@host/bucket, optionally /prefix and ?region=',
    ],
    [
      'https://s3.example.com/Not_A_Bucket',
      'must look like https://ACCESS_KEY:SECRET_KEY@host/bucket, optionally /prefix and ?region=',
    ],
    ['https://key@s3.example.com/bucket', 'must hold both the access key and the secret key, or neither'],
  ])('refuses %s', (value, message) => {
    expect(() => loadConfig({ NODE_ENV: 'test', S3_URL: value })).toThrow(`S3_URL: ${message}`);
  });

  it('with keys the bucket does not know, an upload fails with 500 and nothing changes', async () => {
    const { objectStorage } = loadConfig({ NODE_ENV: 'test', S3_URL: s3.url(BUCKET, '', 'WRONGKEY') });
    const wrong = await createTestApp({ objectStorage });
    try {
      const user = await signedInUser(wrong.app);
      const response = await upload(await picture('#ef4444'), user, wrong.app);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.internal });
      expect(await wrong.database.db.select().from(images)).toEqual([]);
    } finally {
      await wrong.close();
    }
  });
});
