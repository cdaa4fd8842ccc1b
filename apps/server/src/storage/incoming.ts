import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** Where uploads and imports are spooled while their request runs (DATA_DIR/incoming). */
export const incomingDir = (dataDir: string) => path.join(dataDir, 'incoming');

/**
 * Deletes what a previous run left in DATA_DIR/incoming: a request's staged files are its own and
 * removed when it ends, so at start any file there belongs to a request a crash cut short.
 */
export async function emptyIncoming(dataDir: string): Promise<void> {
  const directory = incomingDir(dataDir);
  const leftovers = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  await Promise.all(leftovers.map((name) => rm(path.join(directory, name), { recursive: true, force: true })));
}
