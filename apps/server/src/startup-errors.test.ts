import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3TestServer } from './testing/s3-test-server.ts';
import { REPO_ROOT, serverEntry, serverEnv } from './testing/server-process.ts';
import { TEST_POSTGRES_URL, testEngine } from './testing/test-database.ts';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-startup-errors-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs a server entry point as a user would; answers its exit code and what it printed on stderr. */
const start = (entry: 'main' | 'cli', args: string[], env: NodeJS.ProcessEnv) =>
  run(process.execPath, [...serverEntry(entry), ...args], {
    cwd: REPO_ROOT,
    env: serverEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', ...env }),
    timeout: 60_000,
  }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );

// The PostgreSQL suite names a database its server does not have; the PGlite suite (which may run
// where no PostgreSQL answers) a port nothing listens on.
const [badUrl, saying] =
  testEngine === 'postgres'
    ? [
        TEST_POSTGRES_URL.replace(/\/[^/]*$/, '/quayside_no_such_database'),
        /^DATABASE_URL names a database that does not exist .*quayside_no_such_database.* Create it/,
      ]
    : ['postgres://postgres@127.0.0.1:1/quayside', /^PostgreSQL at DATABASE_URL cannot be reached \(ECONNREFUSED/];

describe(`a DATABASE_URL that cannot be used (suite on ${testEngine})`, () => {
  it('stops the server, and a CLI command, with one line saying what to fix, not a stack trace', async () => {
    for (const [entry, args] of [
      ['main', []],
      ['cli', ['deletions']],
    ] as const) {
      const stopped = await start(entry, [...args], { DATABASE_URL: badUrl });
      expect(stopped.code).toBe(1);
      expect(stopped.stderr.trim().split('\n')).toEqual([expect.stringMatching(saying)]);
    }
  });
});

describe('an S3 bucket that cannot be used', () => {
  it('stops the server, and a CLI command that keeps documents, with one line naming the setting', async () => {
    const s3 = await startS3TestServer();
    try {
      for (const [entry, args] of [
        ['main', []],
        ['cli', ['seed-demo']],
      ] as const) {
        const stopped = await start(entry, [...args], { ...s3.env, S3_BUCKET: 'quayside-no-such-bucket' });
        expect(stopped.code).toBe(1);
        expect(stopped.stderr.trim().split('\n')).toEqual([
          `S3_BUCKET names a bucket that does not exist at S3_ENDPOINT (${s3.endpoint}): quayside-no-such-bucket. Create it, or correct S3_BUCKET.`,
        ]);
      }
    } finally {
      await s3.stop();
    }
  });
});

describe('SERVER_PROCESSES above 1 on the embedded database', () => {
  it('stops the server before any process starts, naming SERVER_PROCESSES and DATABASE_URL', async () => {
    const stopped = await start('main', [], { SERVER_PROCESSES: '2' });
    expect(stopped.code).toBe(1);
    expect(stopped.stderr.trim().split('\n')).toEqual([
      'Invalid configuration:',
      expect.stringMatching(/^ {2}SERVER_PROCESSES: 2 processes need DATABASE_URL \(PostgreSQL\)/),
    ]);
  });
});
