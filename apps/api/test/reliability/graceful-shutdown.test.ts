import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverEntry = path.resolve(import.meta.dirname, '../../src/server.ts');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

describe('graceful shutdown', () => {
  it('keeps answering through SIGTERM under load, with no 5xx, then exits cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'carcare-shutdown-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: '1000000',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      for (let attempt = 0; attempt < 150; attempt++) {
        const up = await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      const statuses: number[] = [];
      let answeredAfterSignal = 0;
      let signalled = false;
      const failures: string[] = [];
      let stopping = false;
      const worker = async () => {
        while (!stopping) {
          try {
            statuses.push((await fetch(`${base}/api/services`)).status);
            if (signalled) answeredAfterSignal += 1;
          } catch (error) {
            const code = String((error as { cause?: { code?: string } }).cause?.code ?? error);
            // Once the listener closes, a new connection is refused or cut before its request is read.
            if (!['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(code)) failures.push(code);
            return;
          }
        }
      };
      const workers = Array.from({ length: 16 }, worker);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      child.kill('SIGTERM');
      signalled = true;
      const code = await exited;
      stopping = true;
      await Promise.all(workers);

      expect(statuses.length).toBeGreaterThan(50);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(new Set(statuses)).toEqual(new Set([200]));
      // The server went on answering through its drain period instead of dropping what it had accepted.
      expect(answeredAfterSignal).toBeGreaterThan(0);
      expect(failures).toEqual([]);
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
