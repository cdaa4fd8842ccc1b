// `npm start`: build the web app and the server when their sources are newer than their builds
// (a fresh clone, or a `git pull` since the last start), then run the compiled server and pass
// stop signals on to it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_DIST } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

/** The newest modification time of any file under `paths` (0 when none exists). */
function newestChange(paths) {
  let newest = 0;
  for (const entry of paths) {
    if (!existsSync(entry)) continue;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      const children = readdirSync(entry).filter((name) => name !== 'node_modules' && name !== 'dist');
      newest = Math.max(newest, newestChange(children.map((name) => path.join(entry, name))));
    } else newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/** Whether `output` is missing or older than a source it is built from. */
const isStale = (output, sources) => !existsSync(output) || statSync(output).mtimeMs < newestChange(sources);

const SHARED = ['packages/domain/src', 'packages/domain/package.json', 'package-lock.json'];

// WEB_DIST_DIR names a build made elsewhere: that one is served as it is.
const webBuild = 'apps/web/dist/index.html';
if (
  !process.env.WEB_DIST_DIR &&
  isStale(webBuild, ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', ...SHARED])
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
