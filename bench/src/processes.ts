import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type Running = { url: string; child: ChildProcess; stop: () => Promise<void> };

async function waitFor(url: string, child: ChildProcess, seconds = 60) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/**
 * Starts an entry in its own Node process (a TypeScript one through tsx, a built module as it is) and waits until
 * `readyPath` answers.
 */
export async function startProcess(entry: string, env: Record<string, string>, readyPath: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry], {
    cwd: repoRoot,
    // Production wants the site's address: the one this process answers at.
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${readyPath}`, child);
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A figure of the process's memory in MiB, as /proc/<pid>/status gives it in kB; null when it cannot be read. */
function statusMiB(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(status.match(new RegExp(`${field}:\\s+(\\d+)\\s+kB`))?.[1]);
    return Number.isFinite(kib) ? Math.round(kib / 1024) : null;
  } catch {
    return null;
  }
}

/** The process's peak resident set size in MiB (VmHWM). */
export const peakRssMiB = (pid: number | undefined) => statusMiB(pid, 'VmHWM');

/** The process's resident set size now, in MiB (VmRSS). */
export const rssMiB = (pid: number | undefined) => statusMiB(pid, 'VmRSS');
