// Lighthouse 12 (mobile defaults, performance only) on the app's main screens against a running
// server: /login signed out; the dashboard, a line item, a shipment and analytics signed in.
//
// Signed in how: the session cookie sent as `--extra-headers` (bench/RESULTS.md's first Lighthouse
// run) no longer works. Chrome sends an extra Cookie header only while its own cookie jar has none
// for the site; the dashboard now writes a cookie of its own (quayside.opening_rows), and from its
// next request on Chrome's jar replaces the header, the session is lost and the app goes to /login.
// So each run gets a Chrome started here (the flags Lighthouse would be given, on a fresh profile),
// the signed-in state's cookies put in its jar, and Lighthouse attached to it with --port.
// Lighthouse keeps cookies between its loads (it clears caches and service workers, not cookies).
//
// Lighthouse is fetched by `npx --yes lighthouse@12` when first used and is never a dependency: it
// is large, and only this measure needs it. Chrome: CHROME_PATH, else CHROMIUM_PATH, else
// /usr/bin/chromium.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { promisify } from 'node:util';
import { decodeRows } from '@quayside/domain/line-item-row';
import type { LineItemRowsResponse } from '@quayside/domain/line-item-rows';
import { request } from 'playwright-core';
import { paths } from '../apps/web/src/lib/navigation.ts';
import type { StorageState } from './browser.ts';
import { median } from './stats.ts';

export type LighthousePage = { name: string; path: string; signedIn: boolean };

/** One run's: performance score 0-100, total blocking time and LCP in ms, CLS unitless. */
type LighthouseRun = { score: number; tbtMs: number; lcpMs: number; cls: number };

/** The medians of a page's runs. */
export type LighthouseFigures = LighthousePage & LighthouseRun & { runs: number };

const run = promisify(execFile);
/** One run loads a page several times (with and without throttling): minutes on a busy machine. */
const RUN_TIMEOUT = 5 * 60_000;
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The --chrome-flags of bench/RESULTS.md's Lighthouse runs, and those of chrome-launcher's defaults
 * (what Lighthouse starts Chrome with) that bear on timing: no background work, no throttled renderer.
 */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-extensions',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-sync',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-ipc-flooding-protection',
  '--no-first-run',
  '--no-default-browser-check',
  '--mute-audio',
  '--password-store=basic',
  '--use-mock-keychain',
];

/** The five screens; the line item and the shipment are the dashboard's first row's, as an Admin sees them. */
export async function lighthousePages(baseURL: string, storageState: StorageState): Promise<LighthousePage[]> {
  const api = await request.newContext({ baseURL, storageState });
  try {
    // 25 is the smallest page size the API serves.
    const answer = await api.get('/api/LineItems/rows?page=1&pageSize=25');
    if (!answer.ok()) throw new Error(`GET /api/LineItems/rows: ${answer.status()} ${await answer.text()}`);
    const [row] = decodeRows((await answer.json()) as LineItemRowsResponse);
    if (!row) throw new Error('the dashboard has no line items: load some first');
    return [
      { name: 'login (signed out)', path: paths.login, signedIn: false },
      { name: 'dashboard', path: paths.dashboard, signedIn: true },
      { name: 'line item', path: paths.lineItemOf(row), signedIn: true },
      { name: 'shipment', path: paths.shipment(row.related_shipment), signedIn: true },
      { name: 'analytics', path: paths.analytics, signedIn: true },
    ];
  } finally {
    await api.dispose();
  }
}

/** Each page `runs` times in turn (the medians); signed-in pages with the session's cookies. */
export async function measureLighthouse(options: {
  baseURL: string;
  storageState: StorageState;
  pages: LighthousePage[];
  runs: number;
}): Promise<LighthouseFigures[]> {
  const figures: LighthouseFigures[] = [];
  for (const page of options.pages) {
    const url = new URL(page.path, options.baseURL);
    const cookies = page.signedIn ? options.storageState.cookies : [];
    const runs: LighthouseRun[] = [];
    for (let i = 0; i < options.runs; i += 1) runs.push(await againOnFailure(() => lighthouseOnce(url, cookies)));
    const of = (figure: (one: LighthouseRun) => number) => median(runs.map(figure));
    figures.push({
      ...page,
      score: of((one) => one.score),
      tbtMs: of((one) => one.tbtMs),
      lcpMs: of((one) => one.lcpMs),
      cls: of((one) => one.cls),
      runs: runs.length,
    });
  }
  return figures;
}

/**
 * Lighthouse fails a run now and then ("Something went wrong with recording the trace over your
 * page load. Please run Lighthouse again. (NO_NAVSTART)"): as it says, once more.
 */
async function againOnFailure<T>(once: () => Promise<T>): Promise<T> {
  try {
    return await once();
  } catch (error) {
    console.error(`Lighthouse failed, once more: ${String(error).split('\n').slice(0, 2).join(' ')}`);
    return await once();
  }
}

type Cookies = StorageState['cookies'];

/** Lighthouse once on `url`, in a Chrome of its own (a fresh profile, then removed) holding `cookies`. */
async function lighthouseOnce(url: URL, cookies: Cookies): Promise<LighthouseRun> {
  // The profile holds the session cookie, a secret: a private directory (mkdtemp's 0700).
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quayside-lighthouse-'));
  // The pipe to give it the cookies, the port for Lighthouse.
  const chrome = spawn(
    CHROME_PATH,
    [...CHROME_FLAGS, `--user-data-dir=${dir}`, '--remote-debugging-pipe', '--remote-debugging-port=0'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  try {
    const port = await devToolsPort(dir, chrome);
    if (cookies.length > 0) await putCookies(chrome, cookies);
    const output = path.join(dir, 'report.json');
    const args = [
      '--yes',
      'lighthouse@12',
      url.href,
      `--port=${port}`,
      '--only-categories=performance',
      '--disable-full-page-screenshot',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
    ];
    await run('npx', args, { env: { ...process.env, CHROME_PATH }, timeout: RUN_TIMEOUT });
    return figuresOf(JSON.parse(readFileSync(output, 'utf8')) as LighthouseResult, url);
  } finally {
    await stopChrome(chrome);
    // Chrome may still be writing its profile as it exits: removing it is tried again.
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

/** The port Chrome chose (--remote-debugging-port=0), which it writes into its profile once listening. */
async function devToolsPort(dir: string, chrome: ChildProcess): Promise<number> {
  const file = path.join(dir, 'DevToolsActivePort');
  for (let waited = 0; waited < 30_000; waited += 50) {
    if (chrome.exitCode !== null) throw new Error(`${CHROME_PATH} exited (${chrome.exitCode}) before listening`);
    if (existsSync(file)) {
      const port = Number(readFileSync(file, 'utf8').split('\n')[0]);
      if (port > 0) return port;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${CHROME_PATH} did not open its DevTools port in 30 s`);
}

/**
 * Into the default profile's jar, where Lighthouse opens its tab, through Chrome's DevTools pipe
 * (--remote-debugging-pipe: file descriptors 3 and 4, messages ended by NUL): one command, its answer.
 */
async function putCookies(chrome: ChildProcess, cookies: Cookies) {
  const toChrome = chrome.stdio[3] as Writable;
  const fromChrome = chrome.stdio[4] as Readable;
  const command = { id: 1, method: 'Storage.setCookies', params: { cookies: cookies.map(devToolsCookie) } };
  const answered = new Promise<string>((resolve, reject) => {
    let text = '';
    fromChrome.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      // The answer carries its command's id; nothing else is expected, but would be passed over.
      for (const message of text.split('\0').slice(0, -1))
        if ((JSON.parse(message) as { id?: number }).id === command.id) resolve(message);
    });
    chrome.once('exit', () => reject(new Error(`${CHROME_PATH} exited while given the cookies`)));
  });
  toChrome.write(`${JSON.stringify(command)}\0`);
  const answer = JSON.parse(await answered) as { error?: { message: string } };
  if (answer.error) throw new Error(`Storage.setCookies: ${answer.error.message}`);
}

/** A Playwright cookie as DevTools' Storage.setCookies takes it (no expiry: a session cookie). */
const devToolsCookie = ({ expires, ...cookie }: Cookies[number]) => (expires > 0 ? { ...cookie, expires } : cookie);

async function stopChrome(chrome: ChildProcess) {
  if (chrome.exitCode !== null || chrome.signalCode !== null) return;
  const exited = new Promise((resolve) => chrome.once('exit', resolve));
  chrome.kill();
  await exited;
}

/** The parts of Lighthouse's result (its "LHR") read here. */
type LighthouseResult = {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
};

function figuresOf(result: LighthouseResult, url: URL): LighthouseRun {
  if (result.runtimeError) throw new Error(`Lighthouse on ${url.href}: ${result.runtimeError.message}`);
  // A signed-in page whose session was refused is sent to /login: that would score the wrong page.
  const shown = new URL(result.finalDisplayedUrl);
  if (shown.pathname !== url.pathname)
    throw new Error(`Lighthouse on ${url.href} ended on ${shown.pathname}: was the session cookie refused?`);
  const audit = (id: string) => {
    const value = result.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url.href} has no ${id}`);
    return value;
  };
  const score = result.categories.performance.score;
  if (score === null) throw new Error(`Lighthouse on ${url.href} gave no performance score`);
  return {
    score: score * 100,
    tbtMs: audit('total-blocking-time'),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
  };
}
