// Start-up time to /readyz: the server run through tsx (TypeScript compiled as it loads) against
// the compiled build `npm start` runs (apps/server/dist/main.mjs), on one migrated embedded database.
//   node --import tsx bench/startup.ts [--runs 10]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, REPO_ROOT, serverEnv } from '../apps/server/src/testing/server-process.ts';
import { buildServer } from '../scripts/build-server.mjs';
import { median, percentile } from './stats.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const runs = Number(values.runs);

const COMMANDS = {
  'tsx (before)': ['--import', 'tsx', 'apps/server/src/main.ts'],
  'compiled (after)': ['--enable-source-maps', 'apps/server/dist/main.mjs'],
} as const;

/** Milliseconds from spawning the server to its first 200 from /readyz; then stops it. */
async function timeToReady(args: readonly string[], dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: serverEnv({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' }),
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 60_000) throw new Error('no /readyz within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const elapsed = performance.now() - started;
  child.kill('SIGTERM');
  await exited;
  return elapsed;
}

await buildServer();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-startup-'));
try {
  await timeToReady(COMMANDS['compiled (after)'], dataDir); // creates and migrates the database
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(COMMANDS).map((name) => [name, []]));
  for (let run = 0; run < runs; run += 1) {
    for (const [name, args] of Object.entries(COMMANDS)) times[name]?.push(await timeToReady(args, dataDir));
  }
  console.log(
    `Start-up to /readyz, ${runs} runs each, alternating (${os.cpus().length} cores, Node ${process.version})`,
  );
  console.log('| server | median ms | p95 ms |\n|---|---|---|');
  for (const [name, samples] of Object.entries(times)) {
    console.log(`| ${name} | ${median(samples).toFixed(0)} | ${percentile(samples, 95).toFixed(0)} |`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
