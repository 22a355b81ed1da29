import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** A port nobody listens on, chosen once by the runner and inherited by its workers through the environment. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'carcare-e2e-'));
process.env.E2E_ADMIN_EMAIL ??= 'admin@e2e.test';
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password';

/**
 * An IANA zone whose clock reads late morning now: the shop of the second server below is open whatever the
 * hour the journeys run at (Etc/GMT-N is N hours ahead of UTC).
 */
function lateMorningZone(now = new Date()): string {
  const ahead = (11 - now.getUTCHours() + 24) % 24;
  const offset = ahead > 12 ? ahead - 24 : ahead;
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

process.env.E2E_OPEN_SHOP_PORT ??= String(await freePort());
process.env.E2E_OPEN_SHOP_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'carcare-e2e-open-'));
process.env.E2E_OPEN_SHOP_TIME_ZONE ??= lateMorningZone();

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const openShopURL = `http://127.0.0.1:${process.env.E2E_OPEN_SHOP_PORT}`;

/** What both servers share: the built app as `npm start` serves it, on a fresh embedded database of its own. */
const serverEnv = {
  HOST: '127.0.0.1',
  ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
  ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
  NODE_ENV: 'production',
  // Production starts with neither unless asked: the journeys run on the demo shop and the sandbox checkout.
  PAYMENT_PROVIDER: 'sandbox',
  SEED_DEMO_DATA: 'true',
  // A separate build (vite build --outDir …) can be tested without touching apps/web/dist.
  ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
  LOG_LEVEL: 'warn',
  // The journeys sign in far more than ten times a minute from one address; the API suite tests that limit.
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  // Every journey's customer comes from that one address, and journeys leave unpaid holds on the demo's
  // days: the API suite tests those limits.
  MAX_PENDING_HOLDS_PER_ADDRESS: '1000',
  MAX_UNPAID_DAY_PERCENT: '100',
  // Texts go out at any hour the journeys run; quiet hours are the API suite's, under its own clock.
  TEXT_QUIET_HOURS: '',
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Long journeys on a loaded two-core machine take most of a minute, and twice that on the machine's slow days
  // (the bays journey took 59 s in one CI run and ran out in the next): a timeout only ends a stuck test.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      // The server of every journey but one, as `npm start` runs it: the API's bundle (`npm run test:e2e` makes it).
      command: 'node ../apps/api/dist/server.mjs',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...serverEnv,
        PORT: String(port),
        // Payment pages link back to the web app by this address: it must be the origin the browser signed in on.
        PUBLIC_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
      },
    },
    {
      // A shop whose clock reads late morning, for the journey of a car brought in now: a job is completed only
      // once it has started, so its walk-in must find the shop open at any hour. Its customers are asked for a
      // review as soon as the job is done.
      command: 'node ../apps/api/dist/server.mjs',
      url: `${openShopURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...serverEnv,
        PORT: process.env.E2E_OPEN_SHOP_PORT,
        PUBLIC_URL: openShopURL,
        DATA_DIR: process.env.E2E_OPEN_SHOP_DATA_DIR,
        BUSINESS_TIMEZONE: process.env.E2E_OPEN_SHOP_TIME_ZONE,
        REVIEW_REQUEST_DELAY_HOURS: '0',
      },
    },
  ],
});
