import path from 'node:path';
import { USER_MESSAGES } from '@carcare/contracts/users-constants';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { images, profileImageUploads, users } from '../../src/db/schema';
import { imageHashOf } from '../../src/modules/users/images.service';
import { sweepUnusedImages } from '../../src/modules/users/sweep-unused-images';
import { type FakeS3, startFakeS3 } from '../fake-s3';
import {
  createPostgresDatabase,
  createTestApp,
  rowCounts,
  signedInUser,
  type TestApp,
  type TestConfigOverrides,
  type TestUser,
  testDatabaseKind,
  uploadProfileImage,
} from '../helper';
import { startInstances } from '../server-process';

const BUCKET = 'shop-images';

afterEach(() => {
  vi.useRealTimers();
});

/** A fresh shop, closed when the test ends. */
async function freshShop(overrides: TestConfigOverrides = {}): Promise<TestApp> {
  const t = await createTestApp(overrides);
  onTestFinished(() => t.close());
  return t;
}

/** A fresh shop keeping its images in a fake S3 bucket, both closed when the test ends. */
async function shopWithBucket(): Promise<{ t: TestApp; s3: FakeS3 }> {
  const s3 = await startFakeS3({ buckets: [BUCKET] });
  onTestFinished(() => s3.close());
  const { objectStorage } = loadConfig({ NODE_ENV: 'test', S3_URL: s3.url(BUCKET, 'images') });
  return { t: await freshShop({ objectStorage }), s3 };
}

/**
 * A small picture of its own: 8×8 pixels drawn from `n` (a multiplicative hash per byte), so that every `n`
 * re-encodes to different bytes, and so to a stored image of its own.
 */
const picture = (n: number) => {
  const pixels = Buffer.alloc(8 * 8 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.imul(n + 1, 2_654_435_761) >>> (i % 24)) & 0xff;
  return sharp(pixels, { raw: { width: 8, height: 8, channels: 3 } })
    .png()
    .toBuffer();
};

const hashOfUrl = (url: string) => path.basename(url).split('.')[0] ?? '';

const imageRows = async (t: TestApp) =>
  (await t.database.db.select({ hash: images.hash }).from(images)).map((row) => row.hash).sort();

/** The user's image as the API answers it: the stored path, made absolute with PUBLIC_URL. */
const imageOf = async (t: TestApp, userId: string) => {
  const [user] = await t.database.db.select({ image: users.image }).from(users).where(eq(users.id, userId));
  return user?.image ? `${t.config.publicUrl}${user.image}` : user?.image;
};

async function upload(t: TestApp, user: TestUser, bytes: Buffer) {
  const response = await uploadProfileImage(t.app, user, bytes);
  expect(response.statusCode, response.body).toBe(200);
  return String(response.json().data.image);
}

const served = async (t: TestApp, url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

describe('a replaced profile image', () => {
  it('is deleted once nobody shows it: 60 uploads by one user leave one image, the last', async () => {
    const t = await freshShop({ profileImageUploadsPerHour: 100 });
    const customer = await signedInUser(t.app);
    const urls: string[] = [];
    for (let n = 0; n < 60; n++) urls.push(await upload(t, customer, await picture(n)));

    const last = urls.at(-1) ?? '';
    expect(await imageRows(t)).toEqual([hashOfUrl(last)]);
    expect(await imageOf(t, customer.id)).toBe(last);
    expect(await served(t, last)).toBe(200);
    expect(await served(t, urls[0] ?? '')).toBe(404);
    expect(await served(t, urls[58] ?? '')).toBe(404);
  }, 120_000);

  it('is kept while another user shows the same picture, and deleted with the last of them', async () => {
    const t = await freshShop();
    const [ana, bo] = [await signedInUser(t.app), await signedInUser(t.app)];
    const shared = await upload(t, ana, await picture(1));
    expect(await upload(t, bo, await picture(1))).toBe(shared);

    const anasNext = await upload(t, ana, await picture(2));
    expect(await imageRows(t)).toEqual([hashOfUrl(shared), hashOfUrl(anasNext)].sort());
    expect(await served(t, shared)).toBe(200);

    const bosNext = await upload(t, bo, await picture(3));
    expect(await imageRows(t)).toEqual([hashOfUrl(anasNext), hashOfUrl(bosNext)].sort());
    expect(await served(t, shared)).toBe(404);
  });

  it('can be uploaded again once deleted, and uploading the picture one already shows deletes nothing', async () => {
    const t = await freshShop();
    const customer = await signedInUser(t.app);
    const first = await upload(t, customer, await picture(10));
    await upload(t, customer, await picture(11));
    expect(await served(t, first)).toBe(404);

    expect(await upload(t, customer, await picture(10))).toBe(first);
    expect(await upload(t, customer, await picture(10))).toBe(first);
    expect(await imageRows(t)).toEqual([hashOfUrl(first)]);
    expect(await served(t, first)).toBe(200);
  });

  it('kept in S3-compatible storage has its object removed too, unless another user shows it', async () => {
    const { t, s3 } = await shopWithBucket();
    const [ana, bo] = [await signedInUser(t.app), await signedInUser(t.app)];
    const objectOf = (url: string) => s3.objects(BUCKET).get(`images/${path.basename(url)}`);
    const shared = await upload(t, ana, await picture(20));
    await upload(t, bo, await picture(20));
    const own = await upload(t, ana, await picture(21));
    expect(objectOf(shared)).toBeDefined();

    await upload(t, bo, await picture(22));
    expect(objectOf(shared)).toBeUndefined();
    expect(await served(t, shared)).toBe(404);

    await upload(t, ana, await picture(23));
    expect(objectOf(own)).toBeUndefined();
    expect([...s3.objects(BUCKET).keys()].sort()).toEqual(
      [(await imageOf(t, ana.id)) ?? '', (await imageOf(t, bo.id)) ?? '']
        .map((url) => `images/${path.basename(url)}`)
        .sort(),
    );
  });

  it('left behind by an earlier version is deleted at start, with its object, while shown images stay', async () => {
    const { t, s3 } = await shopWithBucket();
    const customer = await signedInUser(t.app);
    const shown = await upload(t, customer, await picture(30));
    // What earlier versions left: rows (and objects) of images nobody shows since they were replaced.
    const leftOver = await Promise.all(
      [31, 32].map(async (n) =>
        sharp(await picture(n))
          .webp()
          .toBuffer(),
      ),
    );
    for (const bytes of leftOver) {
      const hash = imageHashOf(bytes);
      await t.database.db.insert(images).values({ hash, contentType: 'image/webp', bytes: null, size: bytes.length });
      s3.objects(BUCKET).set(`images/${hash}.webp`, { bytes, contentType: 'image/webp' });
    }
    const inDatabase = await sharp(await picture(33))
      .png()
      .toBuffer();
    await t.database.db
      .insert(images)
      .values({ hash: imageHashOf(inDatabase), contentType: 'image/png', bytes: inDatabase, size: inDatabase.length });

    expect(await sweepUnusedImages(t.database.db, t.app.objectStorage, t.app.log)).toBe(3);
    expect(await imageRows(t)).toEqual([hashOfUrl(shown)]);
    expect([...s3.objects(BUCKET).keys()]).toEqual([`images/${path.basename(shown)}`]);
    expect(await sweepUnusedImages(t.database.db, t.app.objectStorage, t.app.log)).toBe(0);
  });
});

describe('profile image uploads', () => {
  it('are limited to 20 an hour per user: the 21st is refused with 429 and changes nothing, until an hour has passed', async () => {
    const start = new Date('2031-05-01T10:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const t = await freshShop();
    expect(t.config.profileImageUploadsPerHour).toBe(20);
    const customer = await signedInUser(t.app);
    let last = '';
    for (let n = 0; n < 20; n++) last = await upload(t, customer, await picture(100 + n));

    const before = await rowCounts(t.database);
    const refused = await uploadProfileImage(t.app, customer, await picture(200));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: USER_MESSAGES.imageUploadsPerHour(20, 60) });
    expect(refused.json().message).toBe(
      'You can change your profile image 20 times an hour: please try again in 60 minutes',
    );
    expect(await rowCounts(t.database)).toEqual(before);
    expect(await imageOf(t, customer.id)).toBe(last);

    vi.setSystemTime(new Date(start.getTime() + 59 * 60_000 + 30_000));
    const other = await signedInUser(t.app);
    expect((await uploadProfileImage(t.app, other, await picture(201))).statusCode).toBe(200);
    // Another user has an allowance of their own; the first one's is still used up, half a minute more.
    const tokenOfFirst = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: customer.email, password: customer.password },
      })
    ).json().accessToken;
    const again = await uploadProfileImage(t.app, { accessToken: tokenOfFirst }, await picture(202));
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(USER_MESSAGES.imageUploadsPerHour(20, 1));

    vi.setSystemTime(new Date(start.getTime() + 60 * 60_000 + 1000));
    const allowed = await uploadProfileImage(t.app, { accessToken: tokenOfFirst }, await picture(203));
    expect(allowed.statusCode).toBe(200);
    // The uploads that left the hour are forgotten as the next is counted.
    const [kept] = await t.database.db
      .select({ value: count() })
      .from(profileImageUploads)
      .where(eq(profileImageUploads.userId, customer.id));
    expect(kept?.value).toBe(1);
  });
});

/** `PUT /api/user/update-profile-image` over HTTP, as a browser sends it. */
async function uploadOver(base: string, token: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
  const response = await fetch(`${base}/api/user/update-profile-image`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { message: string; data?: { image: string } } };
}

/**
 * Where the races run: two API processes on one PostgreSQL database, as two instances of a shop (the
 * bucket, when given, shared by both), or the embedded database's one instance, listening in this process.
 */
async function racingShop(s3: FakeS3 | undefined, uploadsPerHour = 20) {
  const register = async (base: string, n: number) => {
    const password = 'images-racer-password';
    const response = await fetch(`${base}/api/auth/register/customer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Image',
        lastName: `Racer ${n}`,
        email: `image.racer${n}@example.com`,
        address: 'Picture Lane 5',
        password,
        confirmPassword: password,
        phone: '+8801712345678',
      }),
    });
    expect(response.status).toBe(201);
    return String((await response.json()).accessToken);
  };
  if (testDatabaseKind !== 'postgres') {
    const { objectStorage } = loadConfig({ NODE_ENV: 'test', ...(s3 ? { S3_URL: s3.url(BUCKET, 'images') } : {}) });
    const t = await freshShop({ objectStorage, profileImageUploadsPerHour: uploadsPerHour });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    return { a: base, b: base, register };
  }
  const postgres = await createPostgresDatabase();
  onTestFinished(() => postgres.drop());
  const instances = await startInstances(2, {
    DATABASE_URL: postgres.url,
    JWT_SECRET: 'a-shared-secret-for-both-image-instances',
    SEED_DEMO_DATA: 'false',
    PROFILE_IMAGE_UPLOADS_PER_HOUR: String(uploadsPerHour),
    ...(s3 ? { S3_URL: s3.url(BUCKET, 'images') } : {}),
  });
  onTestFinished(() => instances.stop());
  const [a, b] = instances.servers.map((server) => server.base) as [string, string];
  return { a, b, register };
}

const where = testDatabaseKind === 'postgres' ? 'on two API processes' : 'on the embedded database';

describe(`replacing and uploading one picture at once ${where}`, () => {
  it.each([
    ['in the database', false],
    ['in S3-compatible storage', true],
  ])(
    'never loses the image of the upload, kept %s',
    async (_where, inS3) => {
      const s3 = inS3 ? await startFakeS3({ buckets: [BUCKET] }) : undefined;
      if (s3) onTestFinished(() => s3.close());
      const { a, b, register } = await racingShop(s3, 100);
      const [leaver, taker] = [await register(a, 1), await register(b, 2)];

      for (let round = 0; round < 12; round++) {
        const contested = await picture(1000 + round);
        const held = await uploadOver(a, leaver, contested);
        expect(held.status).toBe(200);
        // The one leaves the picture (deleting it, as nobody else shows it yet) while the other takes it up.
        const [left, taken] = await Promise.all([
          uploadOver(round % 2 ? a : b, leaver, await picture(2000 + round)),
          uploadOver(round % 2 ? b : a, taker, contested),
        ]);
        expect([left.status, taken.status], `round ${round}`).toEqual([200, 200]);
        const url = taken.body.data?.image ?? '';
        // Each process here answers at its own address (its PUBLIC_URL): the same picture has the same path.
        expect(new URL(url).pathname).toBe(new URL(held.body.data?.image ?? '').pathname);
        for (const base of [a, b]) {
          const image = await fetch(`${base}${new URL(url).pathname}`);
          expect(image.status, `round ${round}: ${url} from ${base}`).toBe(200);
          expect(imageHashOf(Buffer.from(await image.arrayBuffer()))).toBe(hashOfUrl(url));
        }
        if (s3) expect(s3.objects(BUCKET).has(`images/${path.basename(url)}`), `round ${round}`).toBe(true);
      }
    },
    180_000,
  );

  it('counts one user’s uploads across instances: of 30 at once, 20 are stored and 10 refused with 429', async () => {
    const { a, b, register } = await racingShop(undefined);
    const token = await register(a, 3);
    const pictures = await Promise.all(Array.from({ length: 30 }, (_, n) => picture(3000 + n)));

    const started = Date.now();
    const answers = await Promise.all(pictures.map((bytes, n) => uploadOver(n % 2 ? b : a, token, bytes)));
    const elapsedMinutes = (Date.now() - started) / 60_000;

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 429));
    // The first upload started the hour no earlier than the batch did, and each refusal came before the batch
    // ended: the wait it names is 60 minutes less at most the batch's own length, whatever the machine's load.
    const fewest = Math.max(1, Math.ceil(60 - elapsedMinutes));
    const messages = Array.from({ length: 61 - fewest }, (_, n) => USER_MESSAGES.imageUploadsPerHour(20, fewest + n));
    for (const answer of refused) expect(messages).toContain(answer.body.message);
  }, 180_000);
});
