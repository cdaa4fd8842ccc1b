import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The source files of the signed-in frame and the dashboard, as the build's manifest names them. */
const DASHBOARD_SOURCES = ['src/app/shell/app-shell.tsx', 'src/features/dashboard/dashboard-page.tsx'];

type ManifestEntry = { file: string; imports?: string[] };

/**
 * `<link rel="modulepreload">`s for the dashboard's code and what it imports, read from the build's
 * manifest (Vite's `build.manifest`), leaving out what index.html loads already. Without them the
 * browser learns of these chunks only once the main script has run and asked for them; with them
 * it fetches them beside the main script. Empty when the build has no manifest.
 */
export function dashboardPreloads(webDistDir: string, indexHtml: string): string {
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  for (const source of DASHBOARD_SOURCES) visit(source);
  return [...files]
    .filter((file) => !indexHtml.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}
