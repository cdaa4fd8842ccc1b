// Where the dashboard's first screen spends its time in Chromium, against a running server: for
// each fresh context, navigation to first contentful paint (the page's drawing of the rows) and to
// the app's grid showing its 11th row; and the script one page of new rows costs (a CPU profile of
// the 'Next' button's re-render). `--without dashboard-preloads` sends the same page without the
// dashboard's module preloads (what index.html itself names stays), to weigh them.
//   BASE_URL=... EMAIL=... PASSWORD=... node --import tsx bench/first-paint-cli.ts [--runs 15]
//     [--without dashboard-preloads] [--profile-runs 4]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, type StorageState, signIn } from './browser.ts';
import { summarize } from './stats.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    without: { type: 'string' },
    'profile-runs': { type: 'string', default: '4' },
  },
});
const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const APP_GRID = 'table[role="grid"][aria-label="Line items"] tbody tr';
/** What the built index.html preloads itself: the rest of the page's preloads are the dashboard's. */
const INDEX_HTML = readFileSync(path.resolve(import.meta.dirname, '../apps/web/dist/index.html'), 'utf8');

async function signedInPage(browser: Browser, storageState: StorageState): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  if (values.without === 'dashboard-preloads')
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
          (link, href) => (INDEX_HTML.includes(href) ? link : ''),
        );
        await route.fulfill({ response, body: html });
      },
    );
  return page;
}

/** One navigation: first contentful paint, and the app's 11th row, in ms from the start. */
async function firstScreen(browser: Browser, storageState: StorageState) {
  const page = await signedInPage(browser, storageState);
  const started = performance.now();
  await page.goto('/', { waitUntil: 'commit' });
  await page.locator(APP_GRID).nth(10).waitFor();
  const appRows = performance.now() - started;
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  await page.context().close();
  return { fcp, appRows };
}

/** Milliseconds of script (garbage collection included) the 'Next' page's new rows cost, from a CPU profile. */
async function nextPageScript(browser: Browser, storageState: StorageState) {
  const page = await signedInPage(browser, storageState);
  await page.goto('/');
  await page.locator(APP_GRID).nth(10).waitFor();
  const firstTitle = await page.locator(`${APP_GRID} th`).first().textContent();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.getByRole('button', { name: 'Next' }).first().click();
  await page.waitForFunction(([selector, before]) => document.querySelector(`${selector} th`)?.textContent !== before, [
    APP_GRID,
    firstTitle,
  ] as const);
  await page.waitForTimeout(300);
  const { profile } = await cdp.send('Profiler.stop');
  const idle = new Set(
    profile.nodes.filter((node) => ['(idle)', '(program)'].includes(node.callFrame.functionName)).map((n) => n.id),
  );
  const busyMicroseconds = profile.samples?.reduce(
    (sum, id, index) => (idle.has(id) ? sum : sum + (profile.timeDeltas?.[index] ?? 0)),
    0,
  );
  await page.context().close();
  return (busyMicroseconds ?? 0) / 1000;
}

const storageState = await signIn({ baseURL, email: process.env.EMAIL ?? '', password: process.env.PASSWORD ?? '' });
const browser = await launchChromium();
try {
  await firstScreen(browser, storageState); // warms the server
  const runs = [];
  for (let run = 0; run < Number(values.runs); run += 1) runs.push(await firstScreen(browser, storageState));
  const scripts = [];
  for (let run = 0; run < Number(values['profile-runs']); run += 1)
    scripts.push(await nextPageScript(browser, storageState));
  const line = (name: string, times: number[]) => {
    const { median, p95, max } = summarize(times);
    return `| ${name} | ${Math.round(median)} | ${Math.round(p95)} | ${Math.round(max)} |`;
  };
  console.log(`${baseURL}, ${new Date().toISOString()}${values.without ? `, without ${values.without}` : ''}\n`);
  console.log('| ms | median | p95 | max |\n|---|---|---|---|');
  console.log(
    line(
      `first contentful paint (${runs.length} fresh contexts)`,
      runs.map((run) => run.fcp),
    ),
  );
  console.log(
    line(
      "the app's grid, 11th row",
      runs.map((run) => run.appRows),
    ),
  );
  console.log(line(`script for the 'Next' page's rows (${scripts.length} profiles)`, scripts));
} finally {
  await browser.close();
}
