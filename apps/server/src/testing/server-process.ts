// What every harness that runs the real server as a child process needs: the crash and load
// suites (real-server.ts), the browser journeys (e2e/global-setup.ts) and the benchmarks (bench/).
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** Set by the server suites' global setup (server-build.global-setup.ts): where it built the server. */
export const SERVER_BUILD_VARIABLE = 'QUAYSIDE_TEST_SERVER_BUILD';

/**
 * The node arguments that run the server's `main` or `cli`: from a build (scripts/build-server.mjs;
 * by default the one the server suites' global setup made), as `npm start` runs it (each tsx start
 * spent ~2 s of CPU compiling the sources again), or else, for a bench or a script, the sources
 * through tsx as `npm run cli` runs them.
 */
export function serverEntry(name: 'main' | 'cli', build = process.env[SERVER_BUILD_VARIABLE]): string[] {
  return build
    ? ['--enable-source-maps', path.join(build, `${name}.mjs`)]
    : ['--import', 'tsx', `apps/server/src/${name}.ts`];
}

/** Settings of the caller's environment that must not leak into the server it starts. */
const SERVER_SETTINGS = [
  'NODE_ENV',
  'DATABASE_URL',
  'SMTP_URL',
  'AUTH_SECRET',
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'TRUST_PROXY',
  'WEB_DIST_DIR',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'VISIBILITY_PROVIDER_URL',
  'VISIBILITY_PROVIDER_TOKEN',
  'ROWS_IN_MEMORY',
  'ROWS_IN_MEMORY_HELPERS',
];

/**
 * The caller's environment without the server's settings, plus `extra`: a developer's DATABASE_URL
 * (or S3_BUCKET) must not leak in, nor Vitest's NODE_ENV=test (the server runs as `npm start` runs it).
 */
export function serverEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of SERVER_SETTINGS) delete env[key];
  return { ...env, ...extra };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
