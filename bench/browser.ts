// Our dashboard in Chromium, against a running server: navigation to the first rows painted (by
// the rows the server sends inside the HTML, or by the app), navigation to the app's own grid
// showing them, applying a filter, typing a rare and a common search, each to its rows painted
// (not to the exact count, which may arrive later), and opening a line item from the grid. Each
// run in a fresh browser context (empty cache, the default view) at 1440x900; each measure warmed
// once. Also the web app's JavaScript as a browser downloads it.
// Chromium: /usr/bin/chromium, or CHROMIUM_PATH (playwright-core never downloads a browser).

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { decodeRows } from '@quayside/domain/line-item-row';
import type { LineItemRowsResponse } from '@quayside/domain/line-item-rows';
import { type APIRequestContext, type Browser, chromium, type Page, type Response, request } from 'playwright-core';
import { type Summary, summarize } from './stats.ts';

/** A summary of the runs (ms) with the runs themselves, in the order they ran. */
export type Measured = Summary & { times: number[] };

export type BrowserFigures = {
  /**
   * Navigation to the 11th row painted (the last, with fewer), by whichever table draws it first:
   * the static one the server sends inside the HTML (#first-paint), or the app's grid.
   */
  firstRows: Measured;
  /** Navigation to the app's own grid showing its 11th row (the user can act on it), painted. */
  appRows: Measured;
  /** Transit Type equals AIR: from the Apply click to the new rows painted. */
  filter: Measured;
  /** The rare search typed (from the first keystroke, debounce included) to its rows painted. */
  rareSearch: Measured;
  /** The common search, the same way. */
  commonSearch: Measured;
  /** A click on the grid's first PO # to the line-item page showing the whole line item, painted. */
  openLineItem: Measured;
};

export type DashboardOptions = {
  baseURL: string;
  email: string;
  password: string;
  runs: number;
  rareSearch: string;
  commonSearch: string;
  chromiumPath?: string;
  /** A signed-in state (signIn()), so a caller that needs the session too signs in only once. */
  storageState?: StorageState;
};

/** Cookies (the session's) and local storage, as Playwright keeps them. */
export type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

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
  const storageState = options.storageState ?? (await signIn(options));
  const browser = await launchChromium({ chromiumPath: options.chromiumPath });
  try {
    const session = { browser, baseURL: options.baseURL, storageState };
    const measure = (once: (session: Session) => Promise<number>) =>
      measureEach(session, options.runs, async (s) => ({ ms: await once(s) })).then((figures) => figures.ms);
    return {
      ...(await measureEach(session, options.runs, navigationToRows)),
      filter: await measure(filterApplied),
      rareSearch: await measure((s) => searchAnswered(s, options.rareSearch)),
      commonSearch: await measure((s) => searchAnswered(s, options.commonSearch)),
      openLineItem: await measure(lineItemOpened),
    };
  } finally {
    await browser.close();
  }
}

/** Warms the server's caches with one run of `once`, then runs it `runs` times: each of its times summarized. */
async function measureEach<K extends string>(
  session: Session,
  runs: number,
  once: (session: Session) => Promise<Record<K, number>>,
): Promise<Record<K, Measured>> {
  await once(session);
  const times = new Map<K, number[]>();
  for (let run = 0; run < runs; run += 1)
    for (const [name, ms] of Object.entries(await once(session)) as [K, number][])
      times.set(name, [...(times.get(name) ?? []), ms]);
  return Object.fromEntries(
    [...times].map(([name, values]) => [name, { ...summarize(values), times: values }]),
  ) as Record<K, Measured>;
}

type Session = { browser: Browser; baseURL: string; storageState: StorageState };

/** Signs in once (sign-ins are rate-limited); each measurement starts from this fresh state. */
export async function signIn(options: Pick<DashboardOptions, 'baseURL' | 'email' | 'password'>): Promise<StorageState> {
  const api = await request.newContext({ baseURL: options.baseURL });
  try {
    const signedIn = await api.post('/api/auth/sign-in/email', {
      data: { email: options.email, password: options.password },
      headers: { origin: options.baseURL },
    });
    if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()} ${await signedIn.text()}`);
    return await api.storageState();
  } finally {
    await api.dispose();
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

/** The dashboard the server draws inside the HTML before the app's script runs, over the app until the app removes it. */
const FIRST_PAINT = '#first-paint';
/** Its rows. */
const FIRST_PAINT_TABLE = `${FIRST_PAINT} table[aria-label="Line items"]`;
/** The app's own table, which the user can act on. */
const APP_GRID = 'table[role="grid"][aria-label="Line items"]';
/** The row whose painting counts as "the first rows shown": about what a 1440x900 screen shows. */
const SHOWN_ROW = 11;

const firstRow = (page: Page) => page.locator(`${APP_GRID} tbody tr`).first();

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
      // The app's grid only: the first-paint table (once there is one) shows the default view's rows.
      const rows = document.querySelectorAll('table[role="grid"][aria-label="Line items"] tbody tr');
      return rows.length === expected.length && expected.every((title, i) => rows[i]?.textContent?.includes(title));
    },
    titles,
    { polling: 'raf', timeout: TIMEOUT },
  );
  await painted(page);
}

/**
 * In the page: whether a table matching `selector` has its `nth` body row (its last, with fewer)
 * drawn: displayed, not transparent, a box of some size inside the viewport, and no element
 * matching `cover` displayed (the first-paint drawing lies over the app until the app removes it;
 * it lets clicks through, so a hit test would not see it). The first-paint table's cells draw their
 * text with CSS (content: attr(data-text)), so its text is not looked at.
 * (Self-contained and without named inner functions: Playwright sends its source to the page.)
 */
function rowShown({ selector, nth, cover }: { selector: string; nth: number; cover: string | null }): boolean {
  if (cover !== null && document.querySelector(cover)?.checkVisibility()) return false;
  for (const table of document.querySelectorAll(selector)) {
    const rows = table.querySelectorAll('tbody tr');
    const row = rows[Math.min(nth, rows.length) - 1];
    if (!row?.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const box = row.getBoundingClientRect();
    const inView = box.top < innerHeight && box.bottom > 0 && box.left < innerWidth && box.right > 0;
    if (box.width > 0 && box.height > 0 && inView) return true;
  }
  return false;
}

/**
 * Waits (checking every frame) until a table matching `selector` shows its 11th row, nothing
 * matching `cover` over it, then for that frame painted.
 */
async function rowPainted(page: Page, selector: string, cover: string | null) {
  await page.waitForFunction(rowShown, { selector, nth: SHOWN_ROW, cover }, { polling: 'raf', timeout: TIMEOUT });
  await painted(page);
}

/**
 * One navigation, two figures: the first rows drawn by either table, and the app's grid showing
 * them. goto() returns at commit rather than at 'load', which would wait for the app's scripts
 * the rows in the HTML need not wait for. Both are watched at once, so when the app's grid draws
 * the first rows the two figures are the same frame (one after the other, the second would count
 * the first's round trips).
 */
async function navigationToRows(session: Session): Promise<{ firstRows: number; appRows: number }> {
  const page = await signedInPage(session);
  const started = performance.now();
  await page.goto('/', { waitUntil: 'commit' });
  const shown = (selector: string, cover: string | null) =>
    rowPainted(page, selector, cover).then(() => performance.now() - started);
  const [firstRows, appRows] = await Promise.all([
    shown(`${FIRST_PAINT_TABLE}, ${APP_GRID}`, null),
    shown(APP_GRID, FIRST_PAINT),
  ]);
  await page.context().close();
  return { firstRows, appRows };
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

/**
 * In the page: whether the line-item page shows the line item `po` whole: its heading, and its
 * fields, which the page draws only once the full line item has arrived (a dashboard row has no
 * Consignor, so no preview of a row can show one). Not the loading spinner.
 */
function lineItemShown(po: string): boolean {
  if (document.querySelector('h1')?.textContent !== `Line Item: ${po}`) return false;
  return [...document.querySelectorAll('dl dt')].some((term) => term.textContent === 'Consignor');
}

/** The grid's first PO # clicked (the dashboard's rows shown) to the line item shown, painted. */
async function lineItemOpened(session: Session): Promise<number> {
  const page = await signedInPage(session);
  await page.goto('/');
  const link = page.locator(`${APP_GRID} tbody tr:first-child th a`);
  const po = (await link.textContent({ timeout: TIMEOUT }))?.trim() ?? '';
  const started = performance.now();
  await link.click();
  await page.waitForFunction(lineItemShown, po, { polling: 'raf', timeout: TIMEOUT });
  await painted(page);
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
