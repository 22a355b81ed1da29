import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app/app';
import { images, users } from '../src/db/schema';
import { uploadsDir } from '../src/lib/uploads';
import { importLegacyImages } from '../src/modules/users/import-legacy-images';
import { createTestApp, storedCustomer, type TestApp } from './helper';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const imageRows = async () => (await t.database.db.select({ value: count() }).from(images))[0]?.value;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('profile images from an older install', () => {
  it('are moved into the database on start, their users pointed at the stored image, missing files left', async () => {
    const legacy = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#a855f7' } })
      .webp()
      .toBuffer();
    const fileName = `${randomUUID()}.webp`;
    mkdirSync(uploadsDir(t.config.dataDir), { recursive: true });
    writeFileSync(path.join(uploadsDir(t.config.dataDir), fileName), legacy);
    writeFileSync(path.join(uploadsDir(t.config.dataDir), 'notes.webp'), 'not an image');
    const withFile = await storedCustomer(t.app, { firstName: 'Old', lastName: 'File', email: 'old.file@example.com' });
    const missing = await storedCustomer(t.app, { firstName: 'Old', lastName: 'Gone', email: 'old.gone@example.com' });
    const notImage = await storedCustomer(t.app, { firstName: 'Old', lastName: 'Text', email: 'old.text@example.com' });
    const outside = await storedCustomer(t.app, { firstName: 'Old', lastName: 'Path', email: 'old.path@example.com' });
    const setImage = (id: string, image: string) => t.database.db.update(users).set({ image }).where(eq(users.id, id));
    await setImage(withFile.id, `/uploads/${fileName}`);
    await setImage(missing.id, '/uploads/gone.webp');
    await setImage(notImage.id, '/uploads/notes.webp');
    await setImage(outside.id, '/uploads/../secrets/jwt-secret');
    const imageOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.image;

    // A new instance starting on the database imports them.
    const restarted = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      await restarted.ready();
      const hashed = `/uploads/${sha256(legacy)}.webp`;
      expect(await imageOf(withFile.id)).toBe(hashed);
      expect(await imageOf(missing.id)).toBe('/uploads/gone.webp');
      expect(await imageOf(notImage.id)).toBe('/uploads/notes.webp');
      expect(await imageOf(outside.id)).toBe('/uploads/../secrets/jwt-secret');
      for (const app of [restarted, t.app]) {
        const served = await app.inject({ method: 'GET', url: hashed });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.rawPayload.equals(legacy)).toBe(true);
      }
    } finally {
      await restarted.close();
    }

    // Nothing left to do the next time: the three it could not import are only reported again.
    const rows = await imageRows();
    expect(await importLegacyImages(t.database.db, t.config.dataDir, undefined, t.app.log)).toEqual({
      imported: 0,
      skipped: 3,
    });
    expect(await imageRows()).toBe(rows);
  });
});
