// Times the dashboard in Chromium against a running server: navigation to the first rows painted,
// applying a filter, and typing a search to its rows. Median and max of RUNS runs each.
//
//   BASE_URL=http://127.0.0.1:3000 EMAIL=... PASSWORD=... node --import tsx bench/dashboard-browser.ts
//
// Load the server's database first (npm run cli -- bulk-load --rows 1000000) and add a user
// (npm run cli -- create-user ...). Chromium: /usr/bin/chromium, or CHROMIUM_PATH.
import os from 'node:os';
import { chromium, type Page } from 'playwright-core';

const RUNS = 5;
const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const email = process.env.EMAIL ?? '';
const password = process.env.PASSWORD ?? '';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
});

/** Signs in once (sign-ins are rate-limited); each measurement starts from this fresh state. */
async function signIn() {
  const context = await browser.newContext({ baseURL });
  const signedIn = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: baseURL },
  });
  if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()} ${await signedIn.text()}`);
  const state = await context.storageState();
  await context.close();
  return state;
}
const storageState = await signIn();

/** A signed-in page with an empty browser cache and the default saved view. */
async function signedInPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState, viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

const firstRow = (page: Page) => page.getByRole('table', { name: 'Line items' }).locator('tbody tr').first();

/** Resolves after the next frame is painted, so a measurement ends when the user can see it. */
const painted = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

async function firstRowsPainted(): Promise<number> {
  const page = await signedInPage();
  const started = performance.now();
  await page.goto('/');
  await firstRow(page).waitFor({ timeout: 60_000 });
  await painted(page);
  const elapsed = performance.now() - started;
  await page.context().close();
  return elapsed;
}

async function filterApplied(): Promise<number> {
  const page = await signedInPage();
  await page.goto('/');
  await firstRow(page).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Filter Data' });
  await panel.getByRole('button', { name: 'Clear All' }).click();
  await panel.getByRole('button', { name: 'Add Filter' }).click();
  const row = panel.getByRole('group', { name: 'Filter 1' });
  await row.getByLabel('Column').selectOption('transit_type');
  await row.getByLabel('Operator').selectOption('equals');
  await row.getByLabel('Value').fill('AIR');
  const answered = page.waitForResponse(
    (response) => response.url().includes('/api/LineItems?') && new URL(response.url()).searchParams.has('filters'),
    { timeout: 60_000 },
  );
  const started = performance.now();
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await answered;
  await page.getByText(/filtered from/).waitFor();
  await painted(page);
  const elapsed = performance.now() - started;
  await page.context().close();
  return elapsed;
}

async function searchAnswered(term: string): Promise<number> {
  const page = await signedInPage();
  await page.goto('/');
  await firstRow(page).waitFor({ timeout: 60_000 });
  const answered = page.waitForResponse(
    (response) => response.url().includes('/api/LineItems?') && new URL(response.url()).searchParams.get('q') === term,
    { timeout: 60_000 },
  );
  const started = performance.now();
  await page.getByLabel('Search across all columns').pressSequentially(term);
  await answered;
  await page.getByText(`Search: ${term}`).first().waitFor();
  await painted(page);
  const elapsed = performance.now() - started;
  await page.context().close();
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const measures: Record<string, () => Promise<number>> = {
  'navigation to first rows painted': firstRowsPainted,
  'apply a filter (Transit Type equals AIR)': filterApplied,
  'type a rare search (PO-0123456) to its rows': () => searchAnswered('PO-0123456'),
  'type a common search (sea) to its rows': () => searchAnswered('sea'),
};

console.log(`${baseURL}, ${os.cpus().length} cores, ${new Date().toISOString()}, median of ${RUNS} (ms)\n`);
console.log('| measure | median ms | max ms |\n|---|---|---|');
for (const [name, measure] of Object.entries(measures)) {
  await measure(); // warm the server's caches once
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) times.push(await measure());
  console.log(`| ${name} | ${median(times).toFixed(0)} | ${Math.max(...times).toFixed(0)} |`);
}
await browser.close();
