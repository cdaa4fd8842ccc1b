// Whether a build is older than its sources: `npm start` rebuilds the web app and the server when
// a `git pull` (or an edit) changed them. Modification times are what git leaves a pulled file with.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time of any file under `paths` (0 when none exists). */
export function newestChange(paths) {
  let newest = 0;
  for (const entry of paths) {
    if (!existsSync(entry)) continue;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      const children = readdirSync(entry).filter((name) => name !== 'node_modules' && name !== 'dist');
      newest = Math.max(newest, newestChange(children.map((name) => path.join(entry, name))));
    } else newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/** Whether `output` is missing or older than a source it is built from. */
export const isStale = (output, sources) => !existsSync(output) || statSync(output).mtimeMs < newestChange(sources);
