import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Without help the browser learns of a screen's code only once the main script has run, asked who
// is signed in and rendered the route: two round trips after the main script. The page names the
// screen's chunks instead (`<link rel="modulepreload">`), so they load beside the main script.

/** The signed-in frame every screen but the sign-in ones is drawn in. */
const APP_SHELL = 'src/app/shell/app-shell.tsx';

/**
 * Each screen's address (apps/web/src/lib/navigation.ts) and its code, by the source file the
 * build's manifest names (the lazy imports of apps/web/src/app/routes.tsx; a test holds the two
 * together). The sign-in screens are in the main script; an address not here preloads nothing.
 */
export const SCREEN_SOURCES: readonly { address: RegExp; source: string }[] = [
  { address: /^\/$/, source: 'src/features/dashboard/dashboard-page.tsx' },
  { address: /^\/line-item\/[^/]+$/, source: 'src/features/line-items/line-item-page.tsx' },
  { address: /^\/(shipment-details\/[^/]+|create-shipment)$/, source: 'src/features/shipments/shipment-page.tsx' },
  { address: /^\/analytics$/, source: 'src/features/analytics/analytics-page.tsx' },
  { address: /^\/import$/, source: 'src/features/import/import-page.tsx' },
  { address: /^\/reports$/, source: 'src/features/reports/reports-page.tsx' },
  { address: /^\/user-management$/, source: 'src/features/users/user-management-page.tsx' },
  { address: /^\/alerts$/, source: 'src/features/alerts/alerts-page.tsx' },
  { address: /^\/exception-rules$/, source: 'src/features/exception-rules/exception-rules-page.tsx' },
  { address: /^\/webhooks$/, source: 'src/features/webhooks/webhooks-page.tsx' },
  { address: /^\/recently-deleted$/, source: 'src/features/deletions/recently-deleted-page.tsx' },
];

type ManifestEntry = { file: string; imports?: string[] };

/**
 * The preload links of each address's screen, read once from the build's manifest (Vite's
 * `build.manifest`), without what index.html loads already: `linksFor(pathname)` gives them
 * (empty without a manifest, or for an address of no screen).
 */
export function screenPreloads(webDistDir: string, indexHtml: string) {
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestEntry> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const linksOf = (sources: string[]) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const entry = manifest[key];
      if (!entry || files.has(entry.file)) return;
      files.add(entry.file);
      for (const imported of entry.imports ?? []) visit(imported);
    };
    for (const source of sources) visit(source);
    return [...files]
      .filter((file) => !indexHtml.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
  };
  const links = SCREEN_SOURCES.map(({ address, source }) => ({ address, links: linksOf([APP_SHELL, source]) }));
  return {
    linksFor: (pathname: string) => links.find(({ address }) => address.test(pathname))?.links ?? '',
  };
}
