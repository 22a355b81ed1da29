import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../server-process';

describe('graceful shutdown', () => {
  it('keeps answering through SIGTERM under load, with no 5xx, then exits cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'carcare-shutdown-'));
    const { base, child, exited } = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' });
    try {
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
