// The README's first minute, timed: `npm start` on an empty embedded database (building what is
// not built yet), the printed set-up link opened in Chromium, the form filled by a script (a person
// takes longer), and the signed-in dashboard. Run it in a fresh clone right after `npm ci` to time
// "from npm ci to a signed-in dashboard".
//   node --import tsx bench/first-run.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, REPO_ROOT, serverEnv } from '../apps/server/src/testing/server-process.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-first-run-'));
const started = performance.now();
const mark = (what: string) => console.log(`${((performance.now() - started) / 1000).toFixed(1)} s  ${what}`);

const server = spawn('npm', ['start'], {
  cwd: REPO_ROOT,
  env: serverEnv({ DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'warn' }),
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true, // its own process group: npm, the server and its database stop together
});
try {
  const link = await new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout.on('data', (chunk) => {
      output += chunk;
      const found = /(http:\/\/\S+\/setup\?token=\S+)/.exec(output);
      if (found?.[1]) resolve(found[1]);
    });
    server.once('exit', () => reject(new Error(`npm start exited:\n${output}`)));
  });
  mark('the set-up link printed');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(link);
    await page.getByLabel('Full name').fill('Robin First');
    await page.getByLabel('Email').fill('robin@example.com');
    await page.getByLabel('Company').fill('Harbour Co');
    await page.getByLabel('Password', { exact: true }).fill('first run password');
    await page.getByLabel('Confirm password').fill('first run password');
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();
    mark('signed in, on the dashboard');
  } finally {
    await browser.close();
  }
} finally {
  if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
