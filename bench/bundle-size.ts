// The web app's JavaScript as a browser downloads it: the initial chunks (what index.html loads
// before the first screen) and each lazily loaded route chunk, in KB gzip; and the initial chunks'
// bytes on the wire, uncompressed and as the server sends the build's .br and .gz copies (a file
// without one, under 1 KiB, goes as it is). Builds the app into a temporary directory first (never
// touching apps/web/dist under a running server).
//   node --import tsx bench/bundle-size.ts
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
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

  const initialFiles = chunks.filter((chunk) => chunk.initial).map((chunk) => path.join(outDir, 'assets', chunk.file));
  const sent = (suffix: string) =>
    initialFiles.reduce((sum, file) => sum + statSync(existsSync(file + suffix) ? file + suffix : file).size, 0);
  console.log(
    `\nInitial JavaScript on the wire, bytes: ${sent('')} uncompressed, ${sent('.br')} brotli, ${sent('.gz')} gzip`,
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
