import { createHash } from 'node:crypto';
import path from 'node:path';
import { GENERIC_ERROR_MESSAGES } from '@carcare/contracts/http';
import { USER_MESSAGES } from '@carcare/contracts/users-constants';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  signedInUser,
  storedCustomer,
  type TestApp,
  type TestUser,
  uploadProfileImage,
} from '../../../test/helper';
import { images, users } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const people = [
    ['Zara', 'Percent%', 'zara@example.com'],
    ['Omar', 'Under_score', 'omar@example.com'],
    ['Lina', 'Smith', 'lina.smith@shop.test'],
    ['Karim', 'Smithson', 'karim@example.com'],
  ] as const;
  for (const [firstName, lastName, email] of people) await storedCustomer(t.app, { firstName, lastName, email });
  admin = await signedInUser(t.app, 'admin');
  customer = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const listUsers = (query: string, caller: TestUser | null = admin) => {
  const options = { method: 'GET' as const, url: `/api/user/all${query}` };
  return t.app.inject(caller ? asUser(caller, options) : options);
};

describe('GET /api/user/all', () => {
  it("puts the admin's own record first on the first page when there is no search", async () => {
    const body = (await listUsers('?limit=3')).json();
    expect(body.totalDoc).toBe(6);
    expect(body.data).toHaveLength(3);
    expect(body.data[0]).toMatchObject({ _id: admin.id, role: 'admin' });
    expect(body.data[1]._id).toBe(customer.id);
    const second = (await listUsers('?limit=3&page=2')).json();
    expect(second.data.map((user: { _id: string }) => user._id)).not.toContain(admin.id);
    expect(second.data).toHaveLength(3);
  });

  it('searches email, first and last name, literally and case-insensitively', async () => {
    const emails = async (term: string) =>
      (await listUsers(`?searchTerm=${encodeURIComponent(term)}`))
        .json()
        .data.map((user: { email: string }) => user.email);
    expect(await emails('SMITH')).toEqual(['karim@example.com', 'lina.smith@shop.test']);
    expect(await emails('shop.test')).toEqual(['lina.smith@shop.test']);
    expect(await emails('karim')).toEqual(['karim@example.com']);
    expect(await emails('%')).toEqual(['zara@example.com']);
    expect(await emails('_')).toEqual(['omar@example.com']);
    expect(await emails('.*')).toEqual([]);
  });

  it('answers 401 to a visitor, 403 to a customer and 400 to bad paging', async () => {
    expect((await listUsers('', null)).statusCode).toBe(401);
    const forbidden = await listUsers('', customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(GENERIC_ERROR_MESSAGES.forbidden);
    expect((await listUsers('?limit=0')).statusCode).toBe(400);
    expect((await listUsers('?page=-1')).statusCode).toBe(400);
  });
});

describe('PUT /api/user/update', () => {
  const update = (payload: object, caller: TestUser | null = customer) => {
    const options = { method: 'PUT' as const, url: '/api/user/update', payload };
    return t.app.inject(caller ? asUser(caller, options) : options);
  };
  const stored = async () => (await t.database.db.select().from(users).where(eq(users.id, customer.id)))[0];

  it("changes only the caller's own fields that were sent", async () => {
    const response = await update({ firstName: 'Rina', address: '9 Park Street', phone: '+8801812345678' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: USER_MESSAGES.updated,
      data: { _id: customer.id, firstName: 'Rina', address: '9 Park Street', phone: '+8801812345678' },
    });
    expect(await stored()).toMatchObject({
      firstName: 'Rina',
      lastName: expect.stringContaining('user'),
      address: '9 Park Street',
    });
  });

  it.each([
    [{ firstName: '' }, 'firstName', USER_MESSAGES.firstNameRequired],
    [{ lastName: ' ' }, 'lastName', USER_MESSAGES.lastNameRequired],
    [{ email: 'new@example.com' }, 'email', USER_MESSAGES.emailOrRoleLocked],
    [{ role: 'admin' }, 'role', USER_MESSAGES.emailOrRoleLocked],
    [{ phone: '12' }, 'phone', 'Invalid phone number'],
  ])('refuses %j with 400, changing nothing', async (payload, path, message) => {
    const before = await stored();
    const response = await update(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message, errors: [{ path, message }] });
    expect(await stored()).toEqual(before);
  });

  it('refuses an empty change and a visitor', async () => {
    const empty = await update({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(USER_MESSAGES.nothingToUpdate);
    expect((await update({ firstName: 'X' }, null)).statusCode).toBe(401);
  });
});

describe('PUT /api/user/update-profile-image', () => {
  const upload = (bytes: Buffer, filename: string, contentType: string, caller: TestUser | null = customer) =>
    uploadProfileImage(t.app, caller, bytes, filename, contentType);
  const png = () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: '#0ea5e9' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .toBuffer();
  const storedImage = async (url: string) =>
    (
      await t.database.db
        .select()
        .from(images)
        .where(eq(images.hash, path.basename(url, '.webp')))
    )[0];

  it('re-encodes the image as a 512 px WebP without metadata, stores it by its hash and serves it', async () => {
    const first = await upload(await png(), 'me.png', 'image/png');
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().data.image;
    // Stored as our own path, answered as an absolute address (PUBLIC_URL's) that any client can load.
    expect(firstUrl).toMatch(/^http:\/\/localhost:3000\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(firstUrl.startsWith(`${t.config.publicUrl}/uploads/`)).toBe(true);
    const row = await storedImage(firstUrl);
    expect(row?.bytes).toBeInstanceOf(Buffer);
    expect(row).toMatchObject({ contentType: 'image/webp', size: row?.bytes?.length });
    expect(
      createHash('sha256')
        .update(row?.bytes ?? '')
        .digest('hex'),
    ).toBe(path.basename(firstUrl, '.webp'));
    const meta = await sharp(row?.bytes ?? undefined).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect((await t.database.db.select().from(users).where(eq(users.id, customer.id)))[0]?.image).toBe(
      new URL(firstUrl).pathname,
    );

    const served = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(row?.bytes ?? Buffer.alloc(0))).toBe(true);

    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    const second = await upload(jpeg, 'photo.jpg', 'image/jpeg');
    expect(second.statusCode).toBe(200);
    expect(second.json().data.image).not.toBe(firstUrl);
    // The replaced image, which nobody else shows, is gone.
    expect(await storedImage(firstUrl)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.json().data.image })).statusCode).toBe(200);
  });

  it('judges the type by the bytes: a text file named .png is refused with 415', async () => {
    const before = (await t.database.db.select().from(users).where(eq(users.id, customer.id)))[0]?.image;
    const response = await upload(Buffer.from('<?php echo "hi"; ?>'), 'avatar.png', 'image/png');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ success: false, message: USER_MESSAGES.imageType });
    expect((await t.database.db.select().from(users).where(eq(users.id, customer.id)))[0]?.image).toBe(before);
  });

  it('refuses an image over 5 MB with 413', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload(big, 'big.png', 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: USER_MESSAGES.imageTooLarge });
  });

  it('needs a signed-in caller and the field named file', async () => {
    expect((await upload(await png(), 'me.png', 'image/png', null)).statusCode).toBe(401);
    const notMultipart = await t.app.inject(
      asUser(customer, { method: 'PUT', url: '/api/user/update-profile-image', payload: { file: 'x' } }),
    );
    expect(notMultipart.statusCode).toBe(415);
    expect(notMultipart.json().message).toBe(USER_MESSAGES.imageMissing);
  });
});
