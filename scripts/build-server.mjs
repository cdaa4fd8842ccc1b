// Builds the server to JavaScript in apps/server/dist (what `npm start` runs): one ES module per
// entry, with the workspace's TypeScript (the server and @quayside/domain) bundled in and every
// npm dependency left to node_modules. Files the server finds beside its own code are placed as
// the sources place them: the database's host process, the import worker, the rows in memory's
// helper thread and the migrations; the database's current logic (src/db/database-logic.ts) is
// found in database-logic/ beside them.
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = `${root}apps/server`;
export const SERVER_DIST = `${server}/dist`;

/** npm packages stay external: they are installed beside the build, and some load files of their own. */
function dependenciesOf(...manifests) {
  return manifests.flatMap((manifest) => Object.keys(JSON.parse(readFileSync(manifest, 'utf8')).dependencies ?? {}));
}

/**
 * Into `outDir`: apps/server/dist, or a directory of its own below it for a harness (inside the
 * package, so the build finds the package's node_modules). Files are overwritten, never removed:
 * a harness's copy beside them stays whole.
 */
export async function buildServer(outDir = SERVER_DIST) {
  const external = dependenciesOf(`${server}/package.json`, `${root}packages/domain/package.json`).filter(
    (name) => !name.startsWith('@quayside/'),
  );
  await build({
    entryPoints: {
      main: `${server}/src/main.ts`,
      cli: `${server}/src/cli.ts`,
      // Found by the code as ./pglite-host.mjs, ./table-worker.mjs and ./slot-worker.mjs beside it.
      'pglite-host': `${server}/src/db/pglite-host.mjs`,
      'table-worker': `${server}/src/modules/import/table-worker.ts`,
      'slot-worker': `${server}/src/modules/line-items/columnar/slot-worker.ts`,
    },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    // No shared chunks: each entry is one file, so the import.meta.url of the code in it is that
    // file's, and './pglite-host.mjs' and './migrations' resolve beside it.
    bundle: true,
    platform: 'node',
    target: 'node20.19',
    format: 'esm',
    external,
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(`${server}/src/db/migrations`, `${outDir}/migrations`, { recursive: true });
  // The DCSA Track & Trace schema carrier events are checked against (modules/carrier-events/dcsa-schema.ts).
  cpSync(`${server}/src/modules/carrier-events/dcsa`, `${outDir}/dcsa`, { recursive: true });
  for (const file of readdirSync(`${server}/src/modules`, { recursive: true })) {
    if (file.endsWith('.sql')) cpSync(`${server}/src/modules/${file}`, `${outDir}/database-logic/modules/${file}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
