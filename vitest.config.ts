import { defineConfig } from 'vitest/config';

const apiProject = (name: string, database: 'pglite' | 'postgres') => ({
  extends: './apps/api/vitest.config.ts',
  root: './apps/api',
  test: {
    name,
    env: { TEST_DB: database },
    // test/postgres and *.postgres.test.ts need a real server (several processes on one database);
    // test/embedded is about the embedded database alone.
    exclude: [
      '**/node_modules/**',
      ...(database === 'pglite' ? ['test/postgres/**', '**/*.postgres.test.ts'] : ['test/embedded/**']),
    ],
  },
});

export default defineConfig({
  test: {
    // Two cores: argon2 and a fresh database per API test file are CPU-bound.
    maxWorkers: 2,
    projects: [
      'packages/contracts',
      'tools',
      'apps/web',
      apiProject('api', 'pglite'),
      // The same API suites again on a real PostgreSQL server when one is given.
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
