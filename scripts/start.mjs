// `npm start`: build the web app and the server when their sources are newer than their builds
// (a fresh clone, or a `git pull` since the last start), then run the compiled server and pass
// stop signals on to it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_DIST } from './build-server.mjs';
import { isStale } from './stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

const SHARED = ['packages/domain/src', 'packages/domain/package.json', 'package-lock.json'];

// WEB_DIST_DIR names a build made elsewhere: that one is served as it is.
const webBuild = 'apps/web/dist/index.html';
if (
  !process.env.WEB_DIST_DIR &&
  isStale(webBuild, [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/api-routes.ts',
    ...SHARED,
  ])
) {
  console.log(
    existsSync(webBuild) ? 'Rebuilding the web app (its sources changed)...' : 'Building the web app (first start)...',
  );
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@quayside/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverBuild = `${SERVER_DIST}/main.mjs`;
if (isStale(serverBuild, ['apps/server/src', 'apps/server/package.json', 'scripts/build-server.mjs', ...SHARED])) {
  await buildServer();
}

const server = spawn(process.execPath, ['--enable-source-maps', serverBuild], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
