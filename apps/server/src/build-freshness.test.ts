// `npm start` rebuilds the web app and the server when a source is newer than the build
// (scripts/stale.mjs): after a `git pull`, the new code is what runs.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isStale } from '../../../scripts/stale.mjs';

const root = mkdtempSync(path.join(os.tmpdir(), 'quayside-stale-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes `file` under the temporary root, modified `minutesAgo`. */
function file(name: string, minutesAgo: number) {
  const full = path.join(root, name);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, name);
  const at = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(full, at, at);
  return full;
}

describe('whether a build is stale', () => {
  it('is when the build is missing, or any source file below the sources is newer than it', () => {
    const sources = [path.join(root, 'src'), path.join(root, 'index.html')];
    const output = path.join(root, 'dist', 'index.html');
    file('src/a.ts', 30);
    file('src/deep/er/b.ts', 20);
    file('index.html', 25);
    expect(isStale(output, sources)).toBe(true); // never built

    file('dist/index.html', 10);
    expect(isStale(output, sources)).toBe(false);
    // What installs and builds write below the sources does not count.
    file('src/node_modules/pkg/index.js', 1);
    file('src/dist/old.js', 1);
    expect(isStale(output, sources)).toBe(false);

    file('src/deep/er/b.ts', 5); // a pull changed it
    expect(isStale(output, sources)).toBe(true);
    expect(isStale(output, [...sources, path.join(root, 'no-such-file')])).toBe(true);
  });
});
