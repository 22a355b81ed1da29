import { existsSync } from 'node:fs';
import path from 'node:path';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { USER_MESSAGES } from '@carcare/contracts/users-constants';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { asUser, createTestApp, fileForm, signedInUser, type TestApp, type TestUser } from '../helper';

let t: TestApp;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signedInUser(t.app);
  admin = await signedInUser(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
});

describe('hostile input', () => {
  it.each(["'; drop table users; --", '%', '_', '\\', '.*', '(a+)+$', '[', '\u0000'])(
    'searches treat %j as plain text and never fail',
    async (term) => {
      for (const url of ['/api/services', '/api/user/all']) {
        const response = await t.app.inject(
          asUser(admin, { method: 'GET', url: `${url}?searchTerm=${encodeURIComponent(term)}` }),
        );
        expect(response.statusCode).toBeLessThan(500);
      }
      expect((await t.database.db.select().from(users)).length).toBeGreaterThanOrEqual(2);
    },
  );

  it('refuses text with a NUL character with 400 before it reaches the database', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/services?searchTerm=wash%00' });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ success: false, message: 'Text must not contain NUL characters' });
    const body = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/services',
        payload: { name: 'Null\u0000Wash', description: 'x', duration: 30, price: 10 },
      }),
    );
    expect(body.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/services?searchTerm=Null' })).json().totalDoc).toBe(0);
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: GENERIC_ERROR_MESSAGES.payloadTooLarge });
  });

  it('stores a polyglot image re-encoded, without the payload it carried', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<script>alert(1)</script><?php system($_GET["c"]); ?>')]);
    const response = await t.app.inject(
      asUser(customer, {
        method: 'PUT',
        url: '/api/user/update-profile-image',
        ...fileForm(polyglot, 'avatar.php.png', 'image/png'),
      }),
    );
    expect(response.statusCode).toBe(200);
    const stored = (await t.app.inject({ method: 'GET', url: response.json().data.image })).rawPayload;
    expect(stored.subarray(0, 4).toString()).toBe('RIFF');
    expect(stored.includes('<script>')).toBe(false);
    expect(stored.includes('<?php')).toBe(false);
  });

  it('names stored images by their hash, whatever path the upload claims, and writes no file', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const response = await t.app.inject(
      asUser(customer, {
        method: 'PUT',
        url: '/api/user/update-profile-image',
        ...fileForm(png, '../../secrets/jwt-secret', 'image/png'),
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(new URL(response.json().data.image).pathname).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false);
  });

  it('serves nothing outside the uploads folder', async () => {
    for (const url of [
      '/uploads/../secrets/jwt-secret',
      '/uploads/%2e%2e/secrets/jwt-secret',
      '/uploads/..%2fsecrets%2fjwt-secret',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain(t.config.jwtSecret);
    }
  });

  it('refuses a lying content type with 415', async () => {
    const response = await t.app.inject(
      asUser(customer, {
        method: 'PUT',
        url: '/api/user/update-profile-image',
        ...fileForm(Buffer.from('GIF89a but not really'), 'a.gif', 'image/gif'),
      }),
    );
    expect(response.statusCode).toBe(415);
    expect([USER_MESSAGES.imageType, USER_MESSAGES.imageUnreadable]).toContain(response.json().message);
  });
});
