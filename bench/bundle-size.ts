// The web app's JavaScript as a browser downloads it: the initial chunks (what index.html loads
// before the first screen) and each lazily loaded route chunk, in KB gzip. Builds the app into a
// temporary directory first (never touching apps/web/dist under a running server).
//   node --import tsx bench/bundle-size.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { initialJavaScript } from './browser.ts';

const outDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-bundle-'));
try {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: path.resolve('apps/web'),
    stdio: 'ignore',
  });
  const { initialKb, chunks } = initialJavaScript(outDir);
  console.log(`Node ${process.version}, ${new Date().toISOString()}`);
  console.log('| chunk | loaded | KB gzip |');
  console.log('|---|---|---|');
  for (const chunk of chunks) {
    console.log(`| ${chunk.file} | ${chunk.initial ? 'initially' : 'when its route opens'} | ${chunk.kb.toFixed(1)} |`);
  }
  console.log(`| **initial JavaScript** | | **${initialKb.toFixed(1)}** |`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
