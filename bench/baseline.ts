// The design Quayside replaces: the browser downloaded every line item and filtered them itself.
//
// measureBaseline() stands in for it with a tiny HTTP server on 127.0.0.1 (an ephemeral port):
// GET /all reads every line item an Admin sees from the database on every request (no cache, as
// the original did) and answers JSON.stringify({ lineItems }); GET / serves a page whose script
// (bench/baseline-page.ts, bundled with esbuild) fetches /all, parses it, applies the default view
// (Dest. ETA descending) through the domain's reference queryLineItems() and paints the first 50
// rows. Chromium times navigation to those rows painted, each run in a fresh context, and splits it
// into the server's time to first byte, download, JSON.parse, filter + sort and paint; plus the JSON
// bytes, the page's JS heap peak and the renderer process's peak RSS.
//
// attemptBaselineResponse() shows where the design stops: it reads every line item (as the
// original's API did), counts the characters their JSON makes without building it, then really
// attempts JSON.stringify({ lineItems }) and reports the RangeError V8 throws past its string
// limit (2^29 - 24 characters, about 512 MiB), at about 570,000 of our line items. At 1,000,000
// line items it holds them all, about 1.3 GB of heap plus up to 512 MB of partial string: the
// default heap limit (4 GB on this machine) is enough; with less, run the bench process with
// NODE_OPTIONS=--max-old-space-size=6144 (it stops with that advice rather than crash).
import { constants as bufferConstants } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { LineItem } from '@quayside/domain/line-items';
import { sql } from 'drizzle-orm';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Queryable } from '../apps/server/src/db/client.ts';
import { openMigratedDatabase } from '../apps/server/src/db/open-from-config.ts';
import { lineItemsByIds } from '../apps/server/src/modules/line-items/line-items.service.ts';
import type { PageTimings } from './baseline-page.ts';
import { launchChromium, painted } from './browser.ts';
import { type Summary, summarize } from './stats.ts';

export type BaselineOptions = {
  db: Queryable;
  /** How many line items the database holds: /all must serve exactly these. */
  rows: number;
  runs: number;
  chromiumPath?: string;
};

/** Times in ms, sizes in MB (2^20 bytes). */
export type BaselineFigures = {
  rows: number;
  /** The /all response: JSON, UTF-8, uncompressed. */
  bytes: number;
  /** Navigation to the first 50 rows painted, measured as the dashboard's is. */
  firstRows: Summary;
  /** The page's own split of it: navigation start to its script fetching /all (HTML + script). */
  pageLoadMs: Summary;
  /** Time to first byte of /all: the server reading every line item and building the JSON. */
  serverMs: Summary;
  /** The server's side of that: reading from the database, then JSON.stringify. */
  serverReadMs: Summary;
  serverStringifyMs: Summary;
  /** First byte to the whole text in hand. */
  downloadMs: Summary;
  parseMs: Summary;
  /** queryLineItems(): the default view's filter + sort over every row. */
  queryMs: Summary;
  /** The first 50 rows into the DOM, to the next frame. */
  paintMs: Summary;
  /** The page's JS heap at its peak (with the text and the parsed rows both alive). */
  heapMB: Summary;
  /** The renderer process's peak resident memory (VmHWM), when the platform tells it (Linux). */
  rendererMB: Summary | null;
};

const BATCH = 10_000;
const TIMEOUT = 10 * 60_000;
const MB = 2 ** 20;

/** Every line item (an Admin sees them all), in the order the original's database gave them (insertion order). */
async function readEverything(db: Queryable, onBatch?: (batch: LineItem[]) => void): Promise<LineItem[]> {
  const lineItems: LineItem[] = [];
  for (let last = 0; ; ) {
    const next = await db.execute<{ id: string }>(
      sql`select id from line_items where id > ${last} order by id limit ${BATCH}`,
    );
    if (next.rows.length === 0) return lineItems;
    const batch = await lineItemsByIds(
      db,
      next.rows.map((row) => Number(row.id)),
    );
    onBatch?.(batch);
    for (const lineItem of batch) lineItems.push(lineItem);
    last = Number(next.rows.at(-1)?.id);
  }
}

/** How many line items the database holds: what /all serves, and what measureBaseline() expects. */
export async function countLineItems(db: Queryable): Promise<number> {
  const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from line_items`);
  return counted.rows[0]?.n ?? 0;
}

type ServerTimes = { readMs: number[]; stringifyMs: number[]; bytes: number; rows: number };

/** The original API and a page of its design, on 127.0.0.1 at an ephemeral port. */
async function startBaselineServer(db: Queryable): Promise<{ server: Server; origin: string; times: ServerTimes }> {
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('./baseline-page.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
  });
  const script = bundled.outputFiles[0]?.text ?? '';
  const html =
    '<!doctype html><meta charset="utf-8"><title>Baseline</title><script type="module" src="/page.js"></script>';
  const times: ServerTimes = { readMs: [], stringifyMs: [], bytes: 0, rows: 0 };
  const server = createServer((request, response) => {
    if (request.url === '/') return response.writeHead(200, { 'content-type': 'text/html' }).end(html);
    if (request.url === '/page.js') return response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    if (request.url !== '/all') return response.writeHead(404).end();
    void (async () => {
      try {
        const started = performance.now();
        const lineItems = await readEverything(db);
        const read = performance.now();
        const body = JSON.stringify({ lineItems });
        times.readMs.push(read - started);
        times.stringifyMs.push(performance.now() - read);
        times.bytes = Buffer.byteLength(body);
        times.rows = lineItems.length;
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': times.bytes }).end(body);
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}`, times };
}

type Run = PageTimings & {
  firstRows: number;
  requestStart: number;
  responseStart: number;
  rendererBytes: number | null;
};

async function oneRun(browser: Browser, origin: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`baseline page: ${error.message}`));
    const started = performance.now();
    await page.goto(`${origin}/`);
    // The page appends the table with its rows in one go, or marks its body with what went wrong.
    await page.locator('#rows, body[data-error]').first().waitFor({ state: 'attached', timeout: TIMEOUT });
    const failed = await page.locator('body').getAttribute('data-error');
    if (failed !== null) throw new Error(`the baseline page failed: ${failed}`);
    await painted(page);
    const firstRows = performance.now() - started;
    const timings = await pageTimings(page);
    return { ...timings, firstRows, rendererBytes: await rendererPeakBytes(browser) };
  } finally {
    await context.close();
  }
}

async function pageTimings(page: Page) {
  await page.waitForFunction(() => window.baseline !== undefined, undefined, { timeout: TIMEOUT });
  return page.evaluate(() => {
    const all = performance.getEntriesByName(new URL('/all', location.href).href)[0] as PerformanceResourceTiming;
    return { ...(window.baseline as PageTimings), requestStart: all.requestStart, responseStart: all.responseStart };
  });
}

/** The largest peak RSS of Chromium's renderer processes (ours: every other context is closed). */
async function rendererPeakBytes(browser: Browser): Promise<number | null> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    const peaks = processInfo
      .filter((process) => process.type === 'renderer')
      .map((process) => {
        try {
          const status = readFileSync(`/proc/${process.id}/status`, 'utf8');
          return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) * 1024;
        } catch {
          return Number.NaN;
        }
      })
      .filter((bytes) => Number.isFinite(bytes));
    return peaks.length > 0 ? Math.max(...peaks) : null;
  } catch {
    return null;
  } finally {
    await cdp.detach();
  }
}

/** The download-everything design at the database's size: see the header. Warms once, then `runs` runs. */
export async function measureBaseline(options: BaselineOptions): Promise<BaselineFigures> {
  const { server, origin, times } = await startBaselineServer(options.db);
  const browser = await launchChromium({ chromiumPath: options.chromiumPath, args: ['--enable-precise-memory-info'] });
  try {
    await oneRun(browser, origin);
    if (times.rows !== options.rows) throw new Error(`expected ${options.rows} line items, /all served ${times.rows}`);
    times.readMs.length = 0;
    times.stringifyMs.length = 0;
    const runs: Run[] = [];
    for (let run = 0; run < options.runs; run += 1) runs.push(await oneRun(browser, origin));
    const of = (figure: (run: Run) => number) => summarize(runs.map(figure));
    const renderer = runs.map((run) => run.rendererBytes);
    return {
      rows: times.rows,
      bytes: times.bytes,
      firstRows: of((run) => run.firstRows),
      pageLoadMs: of((run) => run.fetchStarted),
      serverMs: of((run) => run.responseStart - run.requestStart),
      serverReadMs: summarize(times.readMs),
      serverStringifyMs: summarize(times.stringifyMs),
      downloadMs: of((run) => run.downloaded - run.responseStart),
      parseMs: of((run) => run.parsed - run.downloaded),
      queryMs: of((run) => run.queried - run.parsed),
      paintMs: of((run) => run.painted - run.queried),
      heapMB: of((run) => run.heapPeakBytes / MB),
      rendererMB: renderer.every((bytes) => bytes !== null) ? summarize(renderer.map((bytes) => bytes / MB)) : null,
    };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Where the data of a running server is: its PostgreSQL database, or its PGlite DATA_DIR. */
export type BaselineSource = { databaseUrl: string } | { dataDir: string };

/**
 * The baseline on a running server's data, at its size (counted). PGlite's files have one user at
 * a time, so a DATA_DIR is joined through the socket the server publishes for CLI commands (its
 * files are opened here only when no server runs on them).
 */
export async function measureBaselineOf(
  source: BaselineSource,
  options: { runs: number; chromiumPath?: string },
): Promise<BaselineFigures> {
  const env = 'databaseUrl' in source ? { DATABASE_URL: source.databaseUrl } : { DATA_DIR: source.dataDir };
  const database = await openMigratedDatabase(loadConfig(env), { share: 'join' });
  try {
    return await measureBaseline({ db: database.db, rows: await countLineItems(database.db), ...options });
  } finally {
    await database.close();
  }
}

export type WholeResponseFigures = {
  rows: number;
  /** Characters JSON.stringify({ lineItems }) makes (V8's limit counts characters), and their UTF-8 bytes. */
  jsonChars: number;
  jsonBytes: number;
  /** V8's longest string: 2^29 - 24 characters on 64-bit. */
  maxStringLength: number;
  /** Whether JSON.stringify({ lineItems }) succeeded, and what it threw when it did not. */
  built: boolean;
  error: string | null;
  readSeconds: number;
  /** How long JSON.stringify ran before it succeeded or threw. */
  stringifySeconds: number;
  /** The bench process's heap once every line item is held. */
  heapUsedMB: number;
};

/** The original API's response at the database's size, really attempted: see the header. */
export async function attemptBaselineResponse(options: { db: Queryable }): Promise<WholeResponseFigures> {
  const limit = v8.getHeapStatistics().heap_size_limit;
  const wrapper = '{"lineItems":[]}'.length;
  let items = 0;
  let itemChars = 0;
  let itemBytes = 0;
  const started = performance.now();
  const lineItems = await readEverything(options.db, (batch) => {
    for (const lineItem of batch) {
      const json = JSON.stringify(lineItem);
      itemChars += json.length;
      itemBytes += Buffer.byteLength(json);
    }
    items += batch.length;
    if (process.memoryUsage().heapUsed > 0.75 * limit) throw tooSmallHeap(items, limit);
  });
  const readSeconds = (performance.now() - started) / 1000;
  const commas = Math.max(items - 1, 0);
  const jsonChars = wrapper + itemChars + commas;
  const maxStringLength = bufferConstants.MAX_STRING_LENGTH;
  const heapUsed = process.memoryUsage().heapUsed;
  // JSON.stringify builds up to the limit before it gives up: leave it room for that (one byte a character).
  if (heapUsed + 1.5 * Math.min(jsonChars, maxStringLength) > limit) throw tooSmallHeap(items, limit);
  const stringifyStarted = performance.now();
  let built = false;
  let error: string | null = null;
  try {
    const body = JSON.stringify({ lineItems });
    built = true;
    if (body.length !== jsonChars)
      throw new Error(`counted ${jsonChars} characters, JSON.stringify made ${body.length}`);
  } catch (thrown) {
    if (!(thrown instanceof RangeError)) throw thrown;
    error = `${thrown.name}: ${thrown.message}`;
  }
  return {
    rows: items,
    jsonChars,
    jsonBytes: wrapper + itemBytes + commas,
    maxStringLength,
    built,
    error,
    readSeconds,
    stringifySeconds: (performance.now() - stringifyStarted) / 1000,
    heapUsedMB: heapUsed / MB,
  };
}

const tooSmallHeap = (rows: number, limit: number) =>
  new Error(
    `The heap limit (${Math.round(limit / MB)} MB) is too small to hold ${rows}+ line items and attempt their JSON: ` +
      'run with NODE_OPTIONS=--max-old-space-size=6144.',
  );
