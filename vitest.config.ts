import { defineConfig } from 'vitest/config';

/**
 * Suites whose every check comes out the same whichever database the suites are given: they use none, or
 * start the server as `npm start` does, on its embedded database. They run once, in the embedded project.
 */
const DATABASE_FREE_SUITES = [
  'src/app/resolve-secrets.test.ts',
  'test/first-ten-minutes.test.ts',
  'test/reliability/graceful-shutdown.test.ts',
  'test/reliability/production-defaults.test.ts',
  'test/reliability/trust-proxy-bounds.test.ts',
];

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
      ...(database === 'pglite'
        ? ['test/postgres/**', '**/*.postgres.test.ts']
        : ['test/embedded/**', ...DATABASE_FREE_SUITES]),
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
