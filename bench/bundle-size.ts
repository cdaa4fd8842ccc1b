// The web app's JavaScript as a browser downloads it: the initial chunks (what index.html loads
// before the first screen) and each lazily loaded route chunk, in KB gzip. Builds the app into a
// temporary directory first (never touching apps/web/dist under a running server).
//   node --import tsx bench/bundle-size.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const outDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-bundle-'));
try {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: path.resolve('apps/web'),
    stdio: 'ignore',
  });
  const assets = path.join(outDir, 'assets');
  const gzipKb = (file: string) => gzipSync(readFileSync(path.join(assets, file))).length / 1024;
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  // What index.html loads itself: the entry script and the chunks it preloads.
  const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1] ?? '');
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
  const rows = scripts
    .map((file) => ({ file, kb: gzipKb(file), isInitial: initial.includes(file) }))
    .sort((a, b) => Number(b.isInitial) - Number(a.isInitial) || b.kb - a.kb);
  const initialKb = rows.filter((row) => row.isInitial).reduce((sum, row) => sum + row.kb, 0);
  console.log(`Node ${process.version}, ${new Date().toISOString()}`);
  console.log('| chunk | loaded | KB gzip |');
  console.log('|---|---|---|');
  for (const row of rows) {
    console.log(`| ${row.file} | ${row.isInitial ? 'initially' : 'when its route opens'} | ${row.kb.toFixed(1)} |`);
  }
  console.log(`| **initial JavaScript** | | **${initialKb.toFixed(1)}** |`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
