import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    // The visitor's device is in UTC, as the fixtures' shop is, wherever the suite runs: times then name no
    // zone. A test of a visitor elsewhere stubs TZ for itself.
    env: { TZ: 'UTC' },
    // Typing into forms and lazy routes take seconds when the shared two-core machine is busy.
    testTimeout: 20_000,
  },
});
