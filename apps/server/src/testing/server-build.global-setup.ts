// Global setup of the server suites: builds the server once (scripts/build-server.mjs), so the
// suites that start it or its CLI as a child process run the compiled code, as `npm start` does,
// instead of tsx compiling every source again in every child (~2 s of CPU each, ~150 children).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_DIST } from '../../../../scripts/build-server.mjs';
import { SERVER_BUILD_VARIABLE } from './server-process.ts';

export default async function setup() {
  // Both engines' projects name this file; the first builds, and the workers of both inherit the
  // variable (Vitest starts them after every global setup has finished).
  if (process.env[SERVER_BUILD_VARIABLE]) return;
  mkdirSync(SERVER_DIST, { recursive: true });
  const build = mkdtempSync(path.join(SERVER_DIST, 'test-'));
  process.env[SERVER_BUILD_VARIABLE] = build;
  await buildServer(build);
  return () => rmSync(build, { recursive: true, force: true });
}
