import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCREEN_SOURCES, screenPreloads } from './chunk-preloads.ts';

// Each screen's address preloads the frame's and that screen's chunks, as the build's manifest
// names them; the table of screens is held to the web app's lazy imports.

const INDEX = '<html><head><script type="module" crossorigin src="/assets/index-Main.js"></script></head></html>';
const MANIFEST = {
  'src/main.tsx': { file: 'assets/index-Main.js', isEntry: true },
  'src/app/shell/app-shell.tsx': { file: 'assets/app-shell-A.js', imports: ['src/main.tsx'] },
  'src/features/line-items/line-item-page.tsx': { file: 'assets/line-item-page-L.js', imports: ['_shared-S.js'] },
  '_shared-S.js': { file: 'assets/shared-S.js', imports: ['src/main.tsx'] },
};

const dist = mkdtempSync(path.join(os.tmpdir(), 'quayside-preloads-'));
mkdirSync(path.join(dist, '.vite'));
writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const hrefs = (links: string) => [...links.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

describe("a screen's address names its code", () => {
  it('preloads the frame and the screen with what they import, not what index.html loads already', () => {
    const { linksFor } = screenPreloads(dist, INDEX);
    expect(hrefs(linksFor('/line-item/PO-12.5'))).toEqual([
      '/assets/app-shell-A.js',
      '/assets/line-item-page-L.js',
      '/assets/shared-S.js',
    ]);
  });

  it('preloads nothing for the sign-in screens, unknown addresses, or a build without a manifest', () => {
    const { linksFor } = screenPreloads(dist, INDEX);
    for (const address of ['/login', '/register', '/reset-password', '/setup', '/no/such/page'])
      expect([address, linksFor(address)]).toEqual([address, '']);
    expect(screenPreloads(os.tmpdir(), INDEX).linksFor('/line-item/PO-1')).toBe('');
  });

  it("names every screen the web app loads lazily, and each screen's addresses", () => {
    const routes = readFileSync(path.resolve(import.meta.dirname, '../../../web/src/app/routes.tsx'), 'utf8');
    const lazy = [...routes.matchAll(/import\('\.\.\/(features\/[^']+)'\)/g)].map((match) => `src/${match[1]}`);
    expect(SCREEN_SOURCES.map((screen) => screen.source).sort()).toEqual([...new Set(lazy)].sort());
    const sourceOf = (address: string) => SCREEN_SOURCES.find((screen) => screen.address.test(address))?.source;
    expect(sourceOf('/')).toMatch(/dashboard-page/);
    expect(sourceOf('/shipment-details/SHP.2026.1')).toMatch(/shipment-page/);
    expect(sourceOf('/create-shipment')).toMatch(/shipment-page/);
    expect(sourceOf('/analytics')).toMatch(/analytics-page/);
  });
});
