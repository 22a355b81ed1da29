import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts a process's CPU time in /proc/<pid>/stat in ticks of 10 ms (USER_HZ, 100 a second). */
const TICK_MS = 10;

/**
 * The CPU milliseconds each side of a rush used: the API server (all its threads), PostgreSQL (every one of its
 * processes on the machine: the bench runs on a quiet one; null on the embedded database, which runs inside the
 * server) and the bench itself, which sends the requests. Ticks of 10 ms: a figure is good to about that.
 */
export type CpuTime = { server: number; database: number | null; client: number };

/** A process's command name and the CPU ticks it has used, user and system; undefined once it is gone. */
function ticksOf(pid: string): { command: string; ticks: number } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The name is in parentheses and may hold spaces; utime and stime are the 12th and 13th fields after it.
  const nameEnd = stat.lastIndexOf(')');
  const fields = stat.slice(nameEnd + 2).split(' ');
  return { command: stat.slice(stat.indexOf('(') + 1, nameEnd), ticks: Number(fields[11]) + Number(fields[12]) };
}

function databaseTicks(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const counted = ticksOf(pid);
    if (counted?.command === 'postgres') ticks += counted.ticks;
  }
  return ticks;
}

/** What each side has used so far. */
function cpuSoFar(serverPid: number, database: boolean): CpuTime {
  const own = process.cpuUsage();
  return {
    server: (ticksOf(String(serverPid))?.ticks ?? 0) * TICK_MS,
    database: database ? databaseTicks() * TICK_MS : null,
    client: (own.user + own.system) / 1000,
  };
}

/**
 * Measures the CPU each side of a rush uses while `work` runs: on this machine's two cores, the server, the
 * database and the bench share them, and a rush's p99 follows the CPU all three spend on it.
 */
export function cpuMeter(serverPid: number, { database }: { database: boolean }) {
  return async <Result>(work: () => Promise<Result>): Promise<{ result: Result; cpuMs: CpuTime }> => {
    const before = cpuSoFar(serverPid, database);
    const result = await work();
    const after = cpuSoFar(serverPid, database);
    return {
      result,
      cpuMs: {
        server: after.server - before.server,
        database: after.database === null || before.database === null ? null : after.database - before.database,
        client: Math.round(after.client - before.client),
      },
    };
  };
}

export type CpuMeter = ReturnType<typeof cpuMeter>;

/**
 * Waits until the server and the database have gone quiet: at most `quietMs` of CPU between them in a second, two
 * seconds running, or `limitMs` passed, so that Lighthouse, which slows its phone's CPU fourfold and simulates the
 * page from what it observed, measures the page on a quiet machine and not beside what the rushes left to do.
 * Answers the seconds waited and the CPU of the last second.
 */
export async function quietDown(
  serverPid: number,
  { database, quietMs = 50, limitMs = 60_000 }: { database: boolean; quietMs?: number; limitMs?: number },
): Promise<{ waitedSeconds: number; lastSecondMs: number }> {
  const started = performance.now();
  let quietSeconds = 0;
  let lastSecondMs = 0;
  let before = cpuSoFar(serverPid, database);
  while (quietSeconds < 2 && performance.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = cpuSoFar(serverPid, database);
    lastSecondMs = after.server - before.server + ((after.database ?? 0) - (before.database ?? 0));
    quietSeconds = lastSecondMs <= quietMs ? quietSeconds + 1 : 0;
    before = after;
  }
  return { waitedSeconds: Math.round((performance.now() - started) / 1000), lastSecondMs };
}
