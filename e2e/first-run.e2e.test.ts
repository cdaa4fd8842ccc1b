// The README's quick start, as a new user lives it: the real server on an empty embedded database
// prints a one-time set-up link; the login screen says no administrator exists yet; the link's
// page creates the first Admin, who lands signed in; `cli seed-demo` runs while the server keeps
// serving, and the dashboard shows its line items.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_ADMIN_MESSAGES } from '@quayside/domain/first-admin';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { type RealServer, runCli, startRealServer } from '../apps/server/src/testing/real-server.ts';
import { serverEnv } from '../apps/server/src/testing/server-process.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { signInWithForm } from './support/sign-in.ts';

const ADMIN = {
  name: 'Robin First',
  email: 'robin@harbour.example',
  company: 'Harbour Co',
  password: 'first run password',
};

let browser: Browser;
let server: RealServer;
let dataDir: string;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-first-run-'));
  // The web app global-setup built for the other journeys.
  env = serverEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST_DIR: path.join(inject('dataDir'), 'web-dist') });
  [browser, server] = await Promise.all([launchBrowser(), startRealServer(env)]);
}, 90_000);
afterAll(async () => {
  await Promise.all([browser?.close(), server?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The one line the server printed on its empty database, and the link in it. */
function printedSetUpLink(): string {
  const log = readFileSync(path.join(dataDir, 'server.log'), 'utf8');
  const line = log.split('\n').find((text) => text.startsWith('No administrator yet.'));
  const link = line?.match(/(http:\/\/\S+\/setup\?token=\S+)$/)?.[1];
  if (!link) throw new Error(`no set-up link in the server's output:\n${log}`);
  return link;
}

test('first run: the printed link sets up the first Admin, who signs in; seed-demo runs while the server serves', async () => {
  const context = await openContext(browser, { baseURL: server.baseUrl });
  const page = await context.newPage();

  await page.goto('/login');
  await expect.poll(() => page.getByText(FIRST_ADMIN_MESSAGES.noAdministrator).isVisible()).toBe(true);

  const link = printedSetUpLink();
  expect(new URL(link).origin).toBe(server.baseUrl);
  // Without the token the page says where to find the link; a wrong token is refused.
  await page.goto('/setup');
  await expect.poll(() => page.getByText(FIRST_ADMIN_MESSAGES.linkMissing).isVisible()).toBe(true);

  await page.goto(link);
  await page.getByRole('heading', { name: FIRST_ADMIN_MESSAGES.title }).waitFor();
  await page.getByLabel('Full name').fill(ADMIN.name);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Company').fill(ADMIN.company);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Confirm password').fill(ADMIN.password);
  await page.getByRole('button', { name: FIRST_ADMIN_MESSAGES.button }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();

  // The link has done its work.
  const reused = await page.request.post('/api/auth/set-up', {
    headers: { origin: server.baseUrl },
    data: {
      token: new URL(link).searchParams.get('token'),
      full_name: 'X',
      email: 'x@example.com',
      company_name: '',
      password: 'another password 1',
    },
  });
  expect([reused.status(), (await reused.json()).message]).toEqual([409, FIRST_ADMIN_MESSAGES.alreadySetUp]);

  // Signed out and in again with the new account; the login screen no longer speaks of set-up.
  await context.clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  expect(await page.getByText(FIRST_ADMIN_MESSAGES.noAdministrator).count()).toBe(0);
  await signInWithForm(page, ADMIN);
  await page.getByRole('heading', { name: 'Line Items Dashboard' }).waitFor();

  // The demo data comes in through the CLI while this server keeps serving.
  const seeded = await runCli(env, ['seed-demo']);
  expect(seeded.stdout).toContain('Demo data loaded.');
  await page.reload();
  await expect.poll(() => page.getByRole('row').count(), { timeout: 15_000 }).toBeGreaterThan(10);
}, 120_000);
