import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { apiRoutes } from './api-routes.ts';

/** Text files worth compressing; images and fonts in other formats are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz beside each compressible file of the build, at the highest levels (paid
 * once here, not per request): the server sends them to browsers that accept them.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'quayside-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const content = readFileSync(file);
        const brotli = brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        writeFileSync(`${file}.br`, brotli);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

export default defineConfig({
  plugins: [react(), apiRoutes(), precompress()],
  // The server reads which chunks the dashboard needs from the manifest, to preload them with the page.
  build: { manifest: true },
  // During `npm run dev -w @quayside/web`, API calls go to the server on :3000.
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
