// Our dashboard in Chromium, against a running server: navigation to the first rows painted,
// applying a filter, and typing a rare and a common search, each to its rows painted (not to the
// exact count, which may arrive later). Each run in a fresh browser context (empty cache, the
// default view); each measure warmed once. Also the web app's JavaScript as a browser downloads it.
// Chromium: /usr/bin/chromium, or CHROMIUM_PATH (playwright-core never downloads a browser).

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { decodeRows } from '@quayside/domain/line-item-row';
import type { LineItemRowsResponse } from '@quayside/domain/line-item-rows';
import { type Browser, chromium, type Page, type Response } from 'playwright-core';
import { type Summary, summarize } from './stats.ts';

/** A summary of the runs (ms) with the runs themselves, in the order they ran. */
export type Measured = Summary & { times: number[] };

export type BrowserFigures = {
  /** Navigation to the first rows painted. */
  firstRows: Measured;
  /** Transit Type equals AIR: from the Apply click to the new rows painted. */
  filter: Measured;
  /** The rare search typed (from the first keystroke, debounce included) to its rows painted. */
  rareSearch: Measured;
  /** The common search, the same way. */
  commonSearch: Measured;
};

export type DashboardOptions = {
  baseURL: string;
  email: string;
  password: string;
  runs: number;
  rareSearch: string;
  commonSearch: string;
  chromiumPath?: string;
};

const TIMEOUT = 60_000;

/** Debian's Chromium (or CHROMIUM_PATH), headless, without background traffic. */
export function launchChromium(options: { chromiumPath?: string | undefined; args?: string[] } = {}) {
  return chromium.launch({
    executablePath: options.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      ...(options.args ?? []),
    ],
  });
}

/** Resolves after the next frame is painted, so a measurement ends when the user can see it. */
export const painted = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

export async function measureDashboard(options: DashboardOptions): Promise<BrowserFigures> {
  const browser = await launchChromium({ chromiumPath: options.chromiumPath });
  try {
    const storageState = await signIn(browser, options);
    const session = { browser, baseURL: options.baseURL, storageState };
    const measure = async (once: (session: Session) => Promise<number>): Promise<Measured> => {
      await once(session); // warms the server's caches
      const times: number[] = [];
      for (let run = 0; run < options.runs; run += 1) times.push(await once(session));
      return { ...summarize(times), times };
    };
    return {
      firstRows: await measure(firstRowsPainted),
      filter: await measure(filterApplied),
      rareSearch: await measure((s) => searchAnswered(s, options.rareSearch)),
      commonSearch: await measure((s) => searchAnswered(s, options.commonSearch)),
    };
  } finally {
    await browser.close();
  }
}

type StorageState = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;
type Session = { browser: Browser; baseURL: string; storageState: StorageState };

/** Signs in once (sign-ins are rate-limited); each measurement starts from this fresh state. */
async function signIn(browser: Browser, options: DashboardOptions): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: options.baseURL });
  try {
    const signedIn = await context.request.post('/api/auth/sign-in/email', {
      data: { email: options.email, password: options.password },
      headers: { origin: options.baseURL },
    });
    if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()} ${await signedIn.text()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** A signed-in page with an empty browser cache and the default saved view. */
async function signedInPage(session: Session): Promise<Page> {
  const context = await session.browser.newContext({
    baseURL: session.baseURL,
    storageState: session.storageState,
    viewport: { width: 1440, height: 900 },
  });
  return context.newPage();
}

const firstRow = (page: Page) => page.getByRole('grid', { name: 'Line items' }).locator('tbody tr').first();

/** The dashboard's page of rows (GET /api/LineItems/rows?..., not the count), whose query parameters pass `matches`. */
const listAnswer = (page: Page, matches: (params: URLSearchParams) => boolean) =>
  page.waitForResponse(
    (response) => response.url().includes('/api/LineItems/rows?') && matches(new URL(response.url()).searchParams),
    { timeout: TIMEOUT },
  );

/**
 * Waits until the table shows the rows of `answer`, row for row (while a query runs the dashboard
 * keeps the previous rows), then for the next frame to be painted.
 */
async function rowsPainted(page: Page, answer: Response) {
  const titles = decodeRows((await answer.json()) as LineItemRowsResponse).map((row) => row.title);
  await page.waitForFunction(
    (expected) => {
      const rows = document.querySelectorAll('table[aria-label="Line items"] tbody tr');
      return rows.length === expected.length && expected.every((title, i) => rows[i]?.textContent?.includes(title));
    },
    titles,
    { polling: 'raf', timeout: TIMEOUT },
  );
  await painted(page);
}

async function firstRowsPainted(session: Session): Promise<number> {
  const page = await signedInPage(session);
  const started = performance.now();
  await page.goto('/');
  await firstRow(page).waitFor({ timeout: TIMEOUT });
  await painted(page);
  const elapsed = performance.now() - started;
  await page.context().close();
  return elapsed;
}

async function filterApplied(session: Session): Promise<number> {
  const page = await signedInPage(session);
  await page.goto('/');
  await firstRow(page).waitFor({ timeout: TIMEOUT });
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Filter Data' });
  await panel.getByRole('button', { name: 'Clear All' }).click();
  await panel.getByRole('button', { name: 'Add Filter' }).click();
  const row = panel.getByRole('group', { name: 'Filter 1' });
  await row.getByLabel('Column').selectOption('transit_type');
  await row.getByLabel('Operator').selectOption('equals');
  await row.getByLabel('Value').fill('AIR');
  const answered = listAnswer(page, (params) => params.has('filters'));
  const started = performance.now();
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await rowsPainted(page, await answered);
  const elapsed = performance.now() - started;
  await page.context().close();
  return elapsed;
}

async function searchAnswered(session: Session, term: string): Promise<number> {
  const page = await signedInPage(session);
  await page.goto('/');
  await firstRow(page).waitFor({ timeout: TIMEOUT });
  const answered = listAnswer(page, (params) => params.get('q') === term);
  const started = performance.now();
  await page.getByLabel('Search across all columns').pressSequentially(term);
  await rowsPainted(page, await answered);
  const elapsed = performance.now() - started;
  await page.context().close();
  return elapsed;
}

export type ChunkSize = { file: string; kb: number; initial: boolean };
export type InitialJavaScript = {
  /** What index.html loads before the first screen (its entry script and the chunks it preloads), KB gzip. */
  initialKb: number;
  /** Every chunk, the initial ones first, then the lazily loaded (per-route) ones, largest first. */
  chunks: ChunkSize[];
};

/** The built web app's JavaScript in KB gzip (distDir: a `vite build` output, e.g. apps/web/dist). */
export function initialJavaScript(distDir: string): InitialJavaScript {
  const assets = path.join(distDir, 'assets');
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]));
  const chunks = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({
      file,
      kb: gzipSync(readFileSync(path.join(assets, file))).length / 1024,
      initial: initial.has(file),
    }))
    .sort((a, b) => Number(b.initial) - Number(a.initial) || b.kb - a.kb);
  const initialKb = chunks.filter((chunk) => chunk.initial).reduce((sum, chunk) => sum + chunk.kb, 0);
  return { initialKb, chunks };
}
