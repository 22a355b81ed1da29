import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type LighthouseScore = { page: string; performance: number; accessibility: number };

/** Lighthouse (mobile defaults) in Debian's Chromium, for each page. */
export async function lighthouseScores(base: string, pages: string[]): Promise<LighthouseScore[]> {
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
      let result = await audit(page);
      // A fresh browser's first trace sometimes fails to produce a score: measure that page again.
      if (result?.lhr.categories.performance?.score == null) {
        console.warn(
          `lighthouse ${page}: ${result?.lhr.runtimeError?.message ?? 'no performance score'}, measuring again`,
        );
        result = await audit(page);
      }
      const categories = result?.lhr.categories;
      scores.push({
        page,
        performance: Math.round((categories?.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
