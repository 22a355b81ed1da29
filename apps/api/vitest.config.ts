import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/bundle-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // A worker loads the app's modules once for all its suites, not once per suite: every suite builds its own
    // app and database, and the one suite that replaces a module loads the app afresh for itself.
    isolate: false,
  },
});
