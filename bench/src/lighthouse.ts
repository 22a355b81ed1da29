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
    for (const page of pages) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
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
