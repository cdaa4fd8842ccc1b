import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';
import { inject, onTestFinished } from 'vitest';

/** Screenshots of failed tests; git-ignored. */
const ARTIFACTS = fileURLToPath(new URL('../.artifacts/', import.meta.url));

/** Debian's Chromium (never a Playwright browser download); CHROMIUM_PATH points elsewhere. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh context for the current test, pointed at the e2e server. Call it inside a test (or
 * beforeEach): it closes itself when the test ends, after screenshotting its pages if the test failed.
 */
/**
 * The header a browser adds to its own writes: API calls made by a journey (to arrange data, or to
 * try what a role may not do) carry it too, or the server refuses them as cross-site.
 */
export const sameOrigin = () => ({ origin: inject('baseUrl') });

export async function openContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    ...options,
    // The server trusts X-Forwarded-For (TRUST_PROXY): an address per context keeps the per-IP
    // sign-in limits (5 a minute) from adding up across tests.
    extraHTTPHeaders: { 'x-forwarded-for': nextClientAddress(), ...options.extraHTTPHeaders },
  });
  // Journeys wait for what a person would see; 10 s is long enough, and a failure surfaces sooner.
  context.setDefaultTimeout(10_000);
  onTestFinished(async ({ task }) => {
    try {
      if (task.result?.state === 'fail') await screenshotPages(context, task.name);
    } finally {
      await context.close();
    }
  });
  return context;
}

// Random per test file (each runs in its own process), counted per context within it.
const addressPrefix = `10.${randomOctet()}.${randomOctet()}`;
let contextCount = 0;

function nextClientAddress(): string {
  contextCount += 1;
  return `${addressPrefix}.${(contextCount % 254) + 1}`;
}

function randomOctet(): number {
  return Math.floor(Math.random() * 256);
}

async function screenshotPages(context: BrowserContext, testName: string) {
  await mkdir(ARTIFACTS, { recursive: true });
  const slug = testName.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80);
  for (const [index, page] of context.pages().entries()) {
    const file = path.join(ARTIFACTS, `${slug}-${index + 1}.png`);
    await page.screenshot({ path: file, fullPage: true }).then(
      () => console.log(`e2e: screenshot of ${page.url()} saved to ${file}`),
      (error: unknown) => console.warn(`e2e: no screenshot of ${page.url()}: ${error}`),
    );
  }
}
