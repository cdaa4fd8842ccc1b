import net from 'node:net';
import { configDefaults, defineConfig } from 'vitest/config';
import { apiRoutes } from './apps/web/api-routes.ts';

// Server suites run on PGlite, and again on PostgreSQL when one answers on 127.0.0.1:5432
// (CI requires it). Each test file makes its own database and drops it.
async function postgresAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432, timeout: 1000 });
    const answer = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });
}

export default defineConfig(async () => {
  const withPostgres = await postgresAnswers();
  if (!withPostgres) {
    if (process.env.CI) throw new Error('CI needs PostgreSQL on 127.0.0.1:5432 (.ci/run starts it).');
    console.warn('PostgreSQL is not reachable on 127.0.0.1:5432: server tests run on PGlite only.');
  }
  const serverProject = (engine: 'pglite' | 'postgres') => ({
    test: {
      name: `server-${engine}`,
      include: ['apps/server/src/**/*.test.ts'],
      // *.postgres.test.ts need PostgreSQL itself (several servers cannot share an embedded database).
      exclude: [...configDefaults.exclude, ...(engine === 'pglite' ? ['apps/server/src/**/*.postgres.test.ts'] : [])],
      // The AWS SDK's notice that its 2027 releases need Node 22, printed by every worker.
      env: { TEST_DB: engine, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      // The server and its CLI, compiled once, for the suites that start them as child processes;
      // and a migrated database each file's database is copied from.
      globalSetup: [
        'apps/server/src/testing/server-build.global-setup.ts',
        'apps/server/src/testing/database-template.global-setup.ts',
      ],
      // Three files at once on two cores (below): a slow test may take twice its time alone.
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  });
  return {
    test: {
      // Vitest runs one file at a time on two cores (cores - 1), but most server files spend their
      // time waiting on PostgreSQL, child servers and timers: three at once took the two server
      // projects from 1,319 s to 772 s on this machine (bench/RESULTS.md, 'The test suite').
      maxWorkers: 3,
      projects: [
        { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
        // The web app's plain functions (error mapping, dates, search).
        { plugins: [apiRoutes()], test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
        // Screens rendered in jsdom with Testing Library, found by role, label and text; the
        // journeys through the real server are in e2e/.
        {
          plugins: [apiRoutes()],
          test: {
            name: 'screens',
            include: ['apps/web/src/**/*.test.tsx'],
            environment: 'jsdom',
            setupFiles: ['apps/web/src/testing/setup-screens.ts'],
            testTimeout: 20_000,
          },
        },
        serverProject('pglite'),
        ...(withPostgres ? [serverProject('postgres')] : []),
        {
          // Journeys in Chromium against the real server, built web app and a seeded PGlite
          // (e2e/global-setup.ts). One server for every file, so files run one at a time; Vitest
          // runs such a project after the parallel ones, so the browser does not compete with them.
          test: {
            name: 'e2e',
            include: ['e2e/**/*.e2e.test.ts'],
            globalSetup: ['e2e/global-setup.ts'],
            environment: 'node',
            fileParallelism: false,
            testTimeout: 60_000,
            hookTimeout: 180_000,
          },
        },
      ],
    },
  };
});
