import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Lazy routes and on-demand contract chunks take longer than Testing Library's 1 s default on a loaded two-core
// machine; a missing element still fails, only later.
configure({ asyncUtilTimeout: 5000 });
