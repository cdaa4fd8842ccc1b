// Entry of a helper thread of the rows in memory (slot-worker.ts). Plain JavaScript: a worker
// shares no module loader with the thread that starts it (under Vitest none is TypeScript's), so
// this registers tsx in the worker itself, then runs the TypeScript.
import { tsImport } from 'tsx/esm/api';

await tsImport('./slot-worker.ts', import.meta.url);
