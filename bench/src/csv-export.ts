import { readFileSync } from 'node:fs';

export type ExportResult = {
  rows: number;
  megabytes: number;
  seconds: number;
  rssBeforeMiB: number;
  rssMaxMiB: number;
};

/** The process's current resident set size in MiB (VmRSS), read from /proc. */
function rssMiB(pid: number): number {
  const kib = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)\s+kB/)?.[1]);
  return Math.round(kib / 1024);
}

/**
 * Downloads one CSV export to the end, counting its rows, while sampling the server's resident memory
 * every 20 ms: a streamed export keeps the server's memory flat however many rows it sends.
 */
export async function measureExport(
  url: string,
  headers: Record<string, string>,
  serverPid: number,
): Promise<ExportResult> {
  const rssBeforeMiB = rssMiB(serverPid);
  let rssMaxMiB = rssBeforeMiB;
  const sampler = setInterval(() => {
    rssMaxMiB = Math.max(rssMaxMiB, rssMiB(serverPid));
  }, 20);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    let lineBreaks = 0;
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lineBreaks += 1;
    }
    return {
      // The header row is not a booking; bench names hold no line breaks.
      rows: lineBreaks - 1,
      megabytes: Math.round((bytes / 1024 / 1024) * 10) / 10,
      seconds: Math.round(((performance.now() - started) / 1000) * 100) / 100,
      rssBeforeMiB,
      rssMaxMiB,
    };
  } finally {
    clearInterval(sampler);
  }
}
