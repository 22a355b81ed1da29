import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type LighthouseScore = {
  page: string;
  /** Medians of `runs` runs; `performances` lists each run's score. */
  performance: number;
  accessibility: number;
  /** Largest Contentful Paint, ms. */
  lcpMs: number;
  /** Total Blocking Time, ms: the main thread's long tasks between the first paint and the page being usable. */
  tbtMs: number;
  cumulativeLayoutShift: number;
  performances: number[];
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Lighthouse (mobile defaults) in Debian's Chromium, `runs` times for each page: the medians. */
export async function lighthouseScores(base: string, pages: string[], runs = 3): Promise<LighthouseScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const scores: LighthouseScore[] = [];
    const audit = (page: string) =>
      lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
    for (const page of pages) {
      const measured: { performance: number; accessibility: number; lcpMs: number; tbtMs: number; cls: number }[] = [];
      for (let run = 0; run < runs; run++) {
        let result = await audit(page);
        // A fresh browser's first trace sometimes fails to produce a score: measure that page again.
        if (result?.lhr.categories.performance?.score == null) {
          console.warn(
            `lighthouse ${page}: ${result?.lhr.runtimeError?.message ?? 'no performance score'}, measuring again`,
          );
          result = await audit(page);
        }
        const lhr = result?.lhr;
        measured.push({
          performance: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr?.categories.accessibility?.score ?? 0) * 100),
          lcpMs: Math.round(lhr?.audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(lhr?.audits['total-blocking-time']?.numericValue ?? 0),
          cls: lhr?.audits['cumulative-layout-shift']?.numericValue ?? 0,
        });
      }
      scores.push({
        page,
        performance: median(measured.map((run) => run.performance)),
        accessibility: median(measured.map((run) => run.accessibility)),
        lcpMs: median(measured.map((run) => run.lcpMs)),
        tbtMs: median(measured.map((run) => run.tbtMs)),
        cumulativeLayoutShift: Math.round(median(measured.map((run) => run.cls)) * 1000) / 1000,
        performances: measured.map((run) => run.performance),
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
