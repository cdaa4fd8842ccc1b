import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';

// A build as `vite build` leaves it (apps/web/vite.config.ts writes the .br and .gz copies).
const SCRIPT = `console.log(${JSON.stringify('quayside '.repeat(400))});`;
const INDEX =
  '<!doctype html><html lang="en"><head><title>Quayside</title></head><body><div id="root"></div></body></html>';

let webDistDir: string;
let t: TestApp;
beforeAll(async () => {
  webDistDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-web-dist-'));
  mkdirSync(path.join(webDistDir, 'assets'));
  const script = path.join(webDistDir, 'assets', 'index-Ab12Cd34.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(webDistDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDistDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  t = await createTestApp({ webDistDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

describe('the built web app, served like a product', () => {
  it('sends hashed assets precompressed when the browser takes it, cached for a year as immutable', async () => {
    const url = '/assets/index-Ab12Cd34.js';
    const brotli = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("answers the app's pages, and other page-like addresses it redirects, with index.html, revalidated on every use", async () => {
    for (const url of [
      '/',
      '/login',
      '/setup?token=abc',
      '/line-item/12',
      '/shipment-details/SHP-1',
      '/line-item/PO-12.5',
      '/shipment-details/SHP.2026.1',
      '/no/such/page',
    ]) {
      const page = await t.app.inject({ url });
      expect([url, page.statusCode, page.headers['content-type'], page.headers['cache-control']]).toEqual([
        url,
        200,
        expect.stringMatching(/^text\/html/),
        'no-cache',
      ]);
      expect(page.body).toBe(INDEX);
    }
  });

  it("answers file names and the server's own addresses with a JSON 404, never the HTML", async () => {
    for (const url of ['/favicon.ico', '/wp-login.php', '/.env', '/assets/gone-123.js', '/api/nope', '/livez/x']) {
      const answer = await t.app.inject({ url });
      expect([url, answer.statusCode, answer.json()]).toEqual([url, 404, { message: `No such address: GET ${url}` }]);
    }
  });

  it('tells search engines to stay out', async () => {
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect([robots.statusCode, robots.body]).toEqual([200, 'User-agent: *\nDisallow: /\n']);
  });

  it('compresses API answers of 1 KiB or more for clients that accept it', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await t.app.inject({ url: '/livez', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
