import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../fake-s3';
import { createPostgresDatabase } from '../helper';
import { type ServerProcess, startInstances } from '../server-process';

const ADMIN = { email: 'images.admin@example.com', password: 'images-admin-password' };

describe('profile images with two API processes on one PostgreSQL', () => {
  it.each([
    ['in the database', false],
    ['in S3-compatible storage (S3_URL)', true],
  ])(
    'serves an image kept %s, uploaded through one instance, from the other with the same bytes and URL',
    async (_where, inS3) => {
      const postgres = await createPostgresDatabase();
      const s3: FakeS3 | undefined = inS3 ? await startFakeS3({ buckets: ['carcare'] }) : undefined;
      let stop = async () => {};
      try {
        const instances = await startInstances(2, {
          DATABASE_URL: postgres.url,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          JWT_SECRET: 'a-shared-secret-for-both-instances-of-the-api',
          ...(s3 ? { S3_URL: s3.url('carcare', 'images') } : {}),
        });
        stop = instances.stop;
        const { servers, dataDirs } = instances;
        const [a, b] = servers as [ServerProcess, ServerProcess];

        const password = 'images-customer-password';
        const registered = await fetch(`${a.base}/api/auth/register/customer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: 'Pic',
            lastName: 'Owner',
            email: 'pic.owner@example.com',
            address: 'Image Street 1',
            password,
            confirmPassword: password,
            phone: '+8801712345678',
          }),
        });
        expect(registered.status).toBe(201);
        const token: string = (await registered.json()).accessToken;

        const picture = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#0ea5e9' } })
          .png()
          .toBuffer();
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'me.png');
        const uploaded = await fetch(`${a.base}/api/user/update-profile-image`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        expect(uploaded.status).toBe(200);
        // An absolute address; its path is the same on every instance.
        const url = new URL((await uploaded.json()).data.image).pathname;
        expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);

        const fromA = await fetch(`${a.base}${url}`);
        const fromB = await fetch(`${b.base}${url}`);
        expect(fromA.status).toBe(200);
        expect(fromB.status).toBe(200);
        expect(fromB.headers.get('content-type')).toBe('image/webp');
        const bytesA = Buffer.from(await fromA.arrayBuffer());
        const bytesB = Buffer.from(await fromB.arrayBuffer());
        expect(bytesB.equals(bytesA)).toBe(true);
        expect(createHash('sha256').update(bytesB).digest('hex')).toBe(path.basename(url, '.webp'));
        // Neither instance keeps the image on its own disk; the row keeps the bytes, or the bucket does.
        for (const dir of dataDirs) expect(existsSync(path.join(dir, 'uploads'))).toBe(false);
        const client = new pg.Client({ connectionString: postgres.url });
        await client.connect();
        const { rows } = await client
          .query<{ bytes: Buffer | null }>('select bytes from images where hash = $1', [path.basename(url, '.webp')])
          .finally(() => client.end());
        const object = s3?.objects('carcare').get(`images/${path.basename(url)}`);
        if (s3) {
          expect(rows).toEqual([{ bytes: null }]);
          expect(object?.bytes.equals(bytesB)).toBe(true);
          // Both instances read it from the bucket.
          expect(s3.calls.filter((call) => call.method === 'GET')).toHaveLength(2);
        } else {
          expect(rows[0]?.bytes?.equals(bytesB)).toBe(true);
        }

        const profile = await fetch(`${b.base}/api/auth/auth-state`, { headers: { authorization: `Bearer ${token}` } });
        expect(profile.status).toBe(200);
        expect(new URL((await profile.json()).data.image).pathname).toBe(url);
      } finally {
        await stop();
        await postgres.drop();
        await s3?.close();
      }
    },
    120_000,
  );
});
