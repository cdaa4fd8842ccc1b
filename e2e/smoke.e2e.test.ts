import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openContext } from './support/browser.ts';
import { signInWithForm, users } from './support/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('the server serves the built web app, which runs under its CSP and passes axe', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  // Uncaught errors and CSP refusals mean the bundle does not run as served; other console
  // errors (a 401 while signed out) are only reported if the app does not render.
  const problems: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
    else consoleErrors.push(message.text());
  });

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/^text\/html/);
  expect((await page.title()).trim()).not.toBe('');
  // Without the build the server answers a JSON 404; with it, the bundle renders into #root.
  await page
    .locator('#root > *')
    .first()
    .waitFor({ state: 'attached', timeout: 30_000 })
    .catch((error: Error) => {
      throw new Error(`The app did not render: ${[...problems, ...consoleErrors].join('\n') || error.message}`);
    });

  await page.waitForLoadState('networkidle'); // axe then sees the settled screen, not a spinner

  const livez = await page.request.get('/livez');
  expect(livez.ok()).toBe(true);
  expect(await livez.json()).toEqual({ status: 'ok' });

  await expectNoSeriousA11yViolations(page);
  expect(problems).toEqual([]);
});

test('the build is served compressed (brotli, written at build time) and hashed assets are cached as immutable', async () => {
  const context = await openContext(browser);
  const html = await context.request.get('/');
  expect(html.headers()['cache-control']).toBe('no-cache');
  const script = (await html.text()).match(/<script type="module" crossorigin src="([^"]+)"/)?.[1];
  expect(script).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  const main = await context.request.get(script ?? '', { headers: { 'accept-encoding': 'br' } });
  expect(main.headers()['content-encoding']).toBe('br');
  expect(main.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const favicon = await context.request.get('/favicon.svg');
  expect([favicon.status(), favicon.headers()['content-type']]).toEqual([
    200,
    expect.stringMatching(/^image\/svg\+xml/),
  ]);
  expect((await context.request.get('/robots.txt')).ok()).toBe(true);
});

test('/login loads none of the signed-in code; signing in fetches the frame and the dashboard as chunks of their own', async () => {
  const context = await openContext(browser);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((script) => /\/(dashboard-page|app-shell)-/.test(script))).toEqual([]);

  await signInWithForm(page, users().admin);
  await page.getByRole('grid').waitFor();
  expect(scripts.some((script) => script.includes('/dashboard-page-'))).toBe(true);
  expect(scripts.some((script) => script.includes('/app-shell-'))).toBe(true);
});
