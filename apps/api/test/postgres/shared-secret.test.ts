import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { appSecrets } from '../../src/db/schema';
import { createPostgresDatabase } from '../helper';
import { type ServerProcess, startServerProcess, stopServerProcesses } from '../server-process';

const PASSWORD = 'shared-secret-password';

const register = async (base: string, email: string) => {
  const response = await fetch(`${base}/api/auth/register/customer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Shared',
      lastName: 'Secret',
      email,
      address: 'Token Street 1',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      phone: '+8801712345678',
    }),
  });
  return { status: response.status, body: await response.json() };
};

const authState = async (base: string, accessToken: string) => {
  const response = await fetch(`${base}/api/auth/auth-state`, { headers: { authorization: `Bearer ${accessToken}` } });
  return { status: response.status, body: await response.json() };
};

describe('API processes on one PostgreSQL without JWT_SECRET', () => {
  it('share the secret the first of them stored: a token from one is honoured by the others', async () => {
    // Every process must find the secret in the database, none in its environment.
    const inheritedSecret = process.env.JWT_SECRET;
    delete process.env.JWT_SECRET;
    const postgres = await createPostgresDatabase();
    const dataDirs = ['a', 'b', 'c'].map((name) => mkdtempSync(path.join(tmpdir(), `carcare-secret-${name}-`)));
    const servers: ServerProcess[] = [];
    const direct = await openDatabase({ kind: 'postgres', url: postgres.url });
    const start = (dataDir: string) =>
      startServerProcess({ DATABASE_URL: postgres.url, DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' });
    try {
      // Both start together, each storing its own candidate unless the other's is there.
      servers.push(...(await Promise.all(dataDirs.slice(0, 2).map(start))));
      const [a, b] = servers as [ServerProcess, ServerProcess];

      const registered = await register(a.base, 'shared.secret@example.com');
      expect(registered.status).toBe(201);
      const onB = await authState(b.base, registered.body.accessToken);
      expect(onB.status).toBe(200);
      expect(onB.body.data).toMatchObject({ _id: registered.body.data._id, email: 'shared.secret@example.com' });

      const other = await register(b.base, 'other.customer@example.com');
      expect(other.status).toBe(201);
      const onA = await authState(a.base, other.body.accessToken);
      expect(onA.status).toBe(200);
      expect(onA.body.data._id).toBe(other.body.data._id);

      const stored = await direct.db.select({ name: appSecrets.name, value: appSecrets.value }).from(appSecrets);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.name).toBe('jwt-secret');
      expect(stored[0]?.value).toMatch(/^[\w-]{64}$/);

      // A third instance started later reads the same row and honours the tokens already given out.
      servers.push(await start(dataDirs[2] ?? ''));
      const onC = await authState(servers[2]?.base ?? '', registered.body.accessToken);
      expect(onC.status).toBe(200);
      expect(onC.body.data._id).toBe(registered.body.data._id);
      expect(await direct.db.select({ name: appSecrets.name, value: appSecrets.value }).from(appSecrets)).toEqual(
        stored,
      );
    } finally {
      await stopServerProcesses(servers);
      await direct.close();
      await postgres.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      if (inheritedSecret !== undefined) process.env.JWT_SECRET = inheritedSecret;
    }
  }, 120_000);
});
