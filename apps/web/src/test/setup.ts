import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { afterAll } from 'vitest';

// Lazy routes and on-demand contract chunks take longer than Testing Library's 1 s default on a loaded two-core
// machine; a missing element still fails, only later.
configure({ asyncUtilTimeout: 5000 });

/**
 * A toast that closes schedules its removal 200 ms later (sonner's exit animation) on a timer its unmount does
 * not clear. Each file waits that long at its end, so the removal runs while the document still exists
 * instead of after the environment is torn down.
 */
const TOAST_REMOVAL_MS = 200;
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, TOAST_REMOVAL_MS + 50)));
