import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openMigratedDatabase } from './db/open-from-config.ts';
import { createPostgresTestDatabase, testEngine } from './testing/test-database.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs `npm run cli -- ...` as a user would, against the database in `env`. */
const cli = (args: string[], env: NodeJS.ProcessEnv) =>
  run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
  }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

let env: NodeJS.ProcessEnv;
let dropPostgres = async () => {};
beforeAll(async () => {
  env = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'quayside-cli-')), LOG_LEVEL: 'silent' };
  if (testEngine === 'postgres') {
    const postgres = await createPostgresTestDatabase();
    env.DATABASE_URL = postgres.url;
    dropPostgres = postgres.drop;
  }
});
afterAll(async () => {
  await dropPostgres();
  rmSync(env.DATA_DIR ?? '', { recursive: true, force: true });
});

describe('npm run cli', () => {
  it('explains its commands', async () => {
    const help = await cli(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('create-user');
    expect(help.stdout).toContain('--email');
  });

  it('creates the first administrator, who can then sign in and read the people list', async () => {
    const created = await cli(
      [
        'create-user',
        '--email',
        'First@Example.com',
        '--password',
        'first admin password',
        '--role',
        'Admin',
        '--name',
        'First Admin',
        '--company',
        'NAPCO',
      ],
      env,
    );
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('Created Admin first@example.com');

    const config = loadConfig(env);
    const database = await openMigratedDatabase(config);
    const app = await buildApp(config, database);
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'first@example.com', password: 'first admin password' },
      });
      expect(signIn.statusCode).toBe(200);
      const people = await app.inject({
        url: '/api/Peoples',
        headers: { authorization: `Bearer ${signIn.json().token}` },
      });
      expect(people.json().peoples).toEqual([
        expect.objectContaining({ email: 'first@example.com', role: 'Admin', company_name: 'NAPCO', status: 'Active' }),
      ]);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses bad arguments with a message naming the option', async () => {
    const badRole = await cli(
      ['create-user', '--email', 'x@example.com', '--password', 'long enough pw', '--name', 'X', '--role', 'Owner'],
      env,
    );
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain('--role: Role must be one of Admin, Employee, Forwarder.');
    const shortPassword = await cli(
      ['create-user', '--email', 'x@example.com', '--password', 'short', '--name', 'X'],
      env,
    );
    expect(shortPassword.stderr).toContain('--password: use at least 8 characters.');
    const twice = await cli(
      ['create-user', '--email', 'first@example.com', '--password', 'another password', '--name', 'Again'],
      env,
    );
    expect(twice.stderr).toContain('first@example.com already has a sign-in account.');
  });

  it('seeds the demo data once, printing the new users and their passwords', async () => {
    const first = await cli(['seed-demo'], env);
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('Demo data loaded.');
    expect(first.stdout).toMatch(/admin@demo\.quayside\.test\s+Admin\s+NAPCO\s+[\w-]{16}\n/);
    const second = await cli(['seed-demo'], env);
    expect(second.stdout).toContain('Demo data already exists; nothing added.');
    expect(second.stdout).toContain('(already exists; password unchanged)');
  });

  it('bulk-loads generated line items', async () => {
    const loaded = await cli(['bulk-load', '--rows', '300', '--seed', '5'], env);
    expect(loaded.stderr).toBe('');
    expect(loaded.stdout).toContain('Loaded 300 line items');
    expect((await cli(['bulk-load', '--rows', 'many'], env)).stderr).toContain('--rows: a whole number of at least 1.');
    const again = await cli(['bulk-load', '--rows', '300', '--seed', '5'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Seed 5 is already loaded (shipments BLK5-...): use another --seed.');
  });

  it('imports a report: a dry run first, then the real thing, then a refusal for a file it cannot read', async () => {
    const directory = env.DATA_DIR ?? '';
    const report = path.join(directory, 'report.csv');
    writeFileSync(report, 'Shipment;Order Ref;Trans\nCLI-IMP-1;PO-1, PO-2;sea\nCLI-IMP-2;PO-3;BOAT\n');
    const parts = path.join(directory, 'parts.csv');
    writeFileSync(parts, 'PO,Shipment,Part Number,Qty\nPO-1,CLI-IMP-1,P-1,3\n');

    const dry = await cli(['import', report, '--parts', parts, '--dry-run'], env);
    expect(dry.stderr).toBe('');
    expect(dry.stdout).toContain('100%  3 / 3 rows');
    expect(dry.stdout).toContain('Dry run: nothing was changed.');
    expect(dry.stdout).toContain('Shipments: report.csv, 2 rows: 1 created, 0 updated, 0 unchanged, 1 rejected');
    expect(dry.stdout).toContain('shipments row 3 (CLI-IMP-2): Trans: "BOAT" is not a known transit type.');

    const real = await cli(['import', report, '--parts', parts], env);
    expect(real.stdout).toContain('Line items: 2 created');
    expect(real.stdout).toContain('Parts: parts.csv, 1 row: 1 created, 0 updated, 0 unchanged, 0 rejected');
    expect(real.stdout).toMatch(/Its line items on the dashboard: http:\/\/localhost:3000\/\?import=\d+/);
    const again = await cli(['import', report, '--parts', parts], env);
    expect(again.stdout).toContain('Shipments: report.csv, 2 rows: 0 created, 0 updated, 1 unchanged, 1 rejected');

    const garbage = path.join(directory, 'garbage.csv');
    writeFileSync(garbage, Buffer.from([0, 1, 2, 3, 0xff]));
    const refused = await cli(['import', garbage], env);
    expect([refused.code, refused.stderr.trim()]).toEqual([
      1,
      'This file is neither a CSV file nor an Excel workbook (.xlsx).',
    ]);
  });
});
