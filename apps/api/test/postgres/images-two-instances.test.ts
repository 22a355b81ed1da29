import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../helper';
import { type ServerProcess, startServerProcess, stopServerProcesses } from '../server-process';

const ADMIN = { email: 'images.admin@example.com', password: 'images-admin-password' };

describe('profile images with two API processes on one PostgreSQL', () => {
  it('serves an image uploaded through one instance from the other, with the same bytes and URL', async () => {
    const postgres = await createPostgresDatabase();
    const dataDirs = [
      mkdtempSync(path.join(tmpdir(), 'carcare-images-a-')),
      mkdtempSync(path.join(tmpdir(), 'carcare-images-b-')),
    ];
    const servers: ServerProcess[] = [];
    try {
      const shared = {
        DATABASE_URL: postgres.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET: 'a-shared-secret-for-both-instances-of-the-api',
      };
      servers.push(...(await Promise.all(dataDirs.map((DATA_DIR) => startServerProcess({ ...shared, DATA_DIR })))));
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
      const url: string = (await uploaded.json()).data.image;
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
      // Neither instance keeps the image on its own disk.
      for (const dir of dataDirs) expect(existsSync(path.join(dir, 'uploads'))).toBe(false);

      const profile = await fetch(`${b.base}/api/auth/auth-state`, { headers: { authorization: `Bearer ${token}` } });
      expect(profile.status).toBe(200);
      expect((await profile.json()).data.image).toBe(url);
    } finally {
      await stopServerProcesses(servers);
      await postgres.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
