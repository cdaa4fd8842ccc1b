import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ALREADY_RESTORED } from '@quayside/domain/deletions';
import { and, eq } from 'drizzle-orm';
import { list } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openMigratedDatabase } from './db/open-from-config.ts';
import { auditLog, lineItems, parts, people, shipmentDateChanges, shipments } from './db/schema.ts';
import { deleteLineItem } from './modules/line-items/line-items.service.ts';
import { createS3DocumentStore } from './storage/s3-document-store.ts';
import { insertShipment } from './testing/fixtures.ts';
import { tryCli } from './testing/real-server.ts';
import { startS3TestServer } from './testing/s3-test-server.ts';
import { REPO_ROOT, serverEnv } from './testing/server-process.ts';
import { createPostgresTestDatabase, testEngine } from './testing/test-database.ts';

const run = promisify(execFile);

/**
 * Runs the CLI, compiled once for the suite (`serverEntry`), against the database in `env`. The
 * first test runs `npm run cli` itself, as the README has users do.
 */
const cli = (args: string[], env: NodeJS.ProcessEnv) => tryCli({ ...process.env, ...env }, args);

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
    const help = await run('npm', ['run', '--silent', 'cli', '--', '--help'], { cwd: REPO_ROOT, env: serverEnv(env) });
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
    // The first Admin needs no mail: the operator made the account, so its address counts as confirmed.
    expect(existsSync(path.join(config.dataDir, 'outbox'))).toBe(false);
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
    // The progress bar is drawn on a terminal only: in a pipe or a log it would be noise.
    expect(dry.stdout).not.toMatch(/\r|\d+%/);
    expect(dry.stdout).toContain('Dry run: nothing was changed.');
    expect(dry.stdout).toContain('Shipments: report.csv, 2 rows: 1 created, 0 updated, 0 unchanged, 1 rejected');
    expect(dry.stdout).toContain('shipments row 3 (CLI-IMP-2): Trans: "BOAT" is not a known transit type.');

    const real = await cli(['import', report, '--parts', parts], env);
    expect(real.stdout).toContain('Line items: 2 created');
    expect(real.stdout).toContain('Parts: parts.csv, 1 row: 1 created, 0 updated, 0 unchanged, 0 rejected');
    expect(real.stdout).toMatch(/Its line items on the dashboard: http:\/\/localhost:3000\/\?import=\d+/);
    const again = await cli(['import', report, '--parts', parts], env);
    expect(again.stdout).toContain('Shipments: report.csv, 2 rows: 0 created, 0 updated, 1 unchanged, 1 rejected');

    // A moved date is kept in the shipment's history, naming the command line's import.
    writeFileSync(report, 'Shipment;Dest. ETA\nCLI-IMP-1;2027-03-26\n');
    const moved = await cli(['import', report], env);
    const importId = /\?import=(\d+)/.exec(moved.stdout)?.[1];
    const database = await openMigratedDatabase(loadConfig({ ...process.env, ...env }));
    try {
      const changes = await database.db
        .select()
        .from(shipmentDateChanges)
        .innerJoin(shipments, eq(shipments.id, shipmentDateChanges.shipment_id))
        .where(eq(shipments.shipment, 'CLI-IMP-1'));
      expect(
        changes.map(({ shipment_date_changes: change }) => [change.field, change.actor_email, change.source]),
      ).toEqual([['dest_eta', 'cli', `import:${importId}`]]);
    } finally {
      await database.close();
    }

    const garbage = path.join(directory, 'garbage.csv');
    writeFileSync(garbage, Buffer.from([0, 1, 2, 3, 0xff]));
    const refused = await cli(['import', garbage], env);
    expect([refused.code, refused.stderr.trim()]).toEqual([
      1,
      'This file is neither a CSV file nor an Excel workbook (.xlsx).',
    ]);
    // Four runs of the command line, each starting the database and a reader thread.
  }, 120_000);
});

describe('npm run cli -- deletions / restore-deletion', () => {
  it('lists recent deletions as a table and restores one, audited as the command line', async () => {
    const database = await openMigratedDatabase(loadConfig(env));
    try {
      await insertShipment(database.db, { shipment: 'CLI-DEL-1' }, [
        {
          title: 'PO-9',
          parts: [
            { part_number: 'A-1', qty: 2 },
            { part_number: 'B-2', qty: null },
          ],
        },
      ]);
      const deleter = {
        personId: 1,
        userId: 'u1',
        email: 'deleter@example.com',
        fullName: 'Deleter',
        role: 'Admin',
        company: '',
      } as const;
      await deleteLineItem(database.db, deleter, { shipment: 'CLI-DEL-1', po: 'PO-9' });
    } finally {
      await database.close();
    }

    const listed = await cli(['deletions', '--limit', '5'], env);
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toMatch(/^ID\s+Deleted at\s+By\s+What\s+Shipment\s+PO\s+Parts \(qty\)\s+Restored$/m);
    const row =
      /^(\d+)\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\s+deleter@example\.com\s+line item\s+CLI-DEL-1\s+PO-9\s+A-1 \(2\), B-2\s+no$/m.exec(
        listed.stdout,
      );
    expect(row, listed.stdout).not.toBeNull();
    const id = row?.[1] ?? '';

    const restored = await cli(['restore-deletion', id], env);
    expect([restored.stderr, restored.stdout.trim()]).toEqual([
      '',
      'Restored line item PO PO-9 on shipment CLI-DEL-1 with 2 parts.',
    ]);
    const again = await cli(['restore-deletion', id], env);
    expect([again.code, again.stderr.trim()]).toEqual([1, ALREADY_RESTORED]);
    expect((await cli(['deletions'], env)).stdout).toMatch(new RegExp(`^${id}\\s.*CLI-DEL-1\\s.*\\syes$`, 'm'));
    expect((await cli(['restore-deletion', 'abc'], env)).stderr).toContain('Usage: npm run cli -- restore-deletion ID');
    expect((await cli(['deletions', '--limit', '501'], env)).stderr.trim()).toBe('--limit must be at most 500.');

    const check = await openMigratedDatabase(loadConfig(env));
    try {
      const [lineItem] = await check.db.select().from(lineItems).where(eq(lineItems.title, 'PO-9'));
      const restoredParts = await check.db
        .select({ part_number: parts.part_number, qty: parts.qty })
        .from(parts)
        .where(eq(parts.line_item_id, lineItem?.id ?? 0))
        .orderBy(parts.id);
      expect(restoredParts).toEqual([
        { part_number: 'A-1', qty: 2 },
        { part_number: 'B-2', qty: null },
      ]);
      const audits = await check.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'restore'), eq(auditLog.entity_id, String(lineItem?.id))));
      expect(audits).toEqual([
        expect.objectContaining({
          actor_email: 'cli',
          actor_person_id: null,
          after: expect.objectContaining({ deletion_id: Number(id) }),
        }),
      ]);
    } finally {
      await check.close();
    }
  }, 120_000);
});

describe('npm run cli -- backup / restore', () => {
  if (testEngine === 'postgres') {
    it('refuses with DATABASE_URL set, pointing to pg_dump, pg_restore and PITR', async () => {
      for (const args of [
        ['backup', '--out', path.join(os.tmpdir(), 'never.tar.gz')],
        ['restore', '--in', path.join(os.tmpdir(), 'never.tar.gz')],
      ]) {
        const refused = await cli(args, env);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('DATABASE_URL is set');
        expect(refused.stderr).toContain('pg_dump -Fc (restore with pg_restore)');
        expect(refused.stderr).toContain('point-in-time recovery (PITR)');
        expect(refused.stderr).toContain("the bucket, with the store's own tools");
      }
      expect(existsSync(path.join(os.tmpdir(), 'never.tar.gz'))).toBe(false);
    });
    return;
  }

  it('backs up the database, uploaded files and auth secret, and restores them, keeping what it replaced', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-backup-'));
    const own = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const backupFile = path.join(dataDir, 'quayside.tar.gz');
    try {
      const created = await cli(
        [
          'create-user',
          '--email',
          'kept@example.com',
          '--password',
          'kept password',
          '--name',
          'Kept',
          '--role',
          'Admin',
        ],
        own,
      );
      expect(created.stderr).toBe('');
      mkdirSync(path.join(dataDir, 'files', 'ab'), { recursive: true });
      writeFileSync(path.join(dataDir, 'files', 'ab', 'doc'), 'original document');
      const secret = readFileSync(path.join(dataDir, 'auth-secret'), 'utf8');

      const backedUp = await cli(['backup', '--out', backupFile], own);
      expect([backedUp.stderr, backedUp.stdout.trim()]).toEqual([
        '',
        `Backed up the database, 1 uploaded file and the auth secret to ${backupFile}.`,
      ]);
      expect((await cli(['backup', '--out', backupFile], own)).stderr).toContain('already exists');

      // While a server has the database open, neither runs.
      const open = await openMigratedDatabase(loadConfig(own));
      try {
        for (const args of [
          ['backup', '--out', path.join(dataDir, 'other.tar.gz')],
          ['restore', '--in', backupFile],
        ]) {
          const refused = await cli(args, own);
          expect([refused.code, refused.stderr]).toEqual([1, expect.stringMatching(/is in use by process \d+/)]);
        }
        await open.db.insert(people).values({ email: 'later@example.com', full_name: 'Later' });
      } finally {
        await open.close();
      }
      rmSync(path.join(dataDir, 'files', 'ab'), { recursive: true });
      writeFileSync(path.join(dataDir, 'files', 'new'), 'added after the backup');
      writeFileSync(path.join(dataDir, 'auth-secret'), 'another secret\n');

      const garbage = path.join(dataDir, 'garbage.tar.gz');
      writeFileSync(garbage, 'not a backup');
      expect((await cli(['restore', '--in', garbage], own)).stderr.trim()).toBe(
        `${garbage} is not a Quayside backup (made by "npm run cli -- backup").`,
      );

      const restored = await cli(['restore', '--in', backupFile], own);
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toContain('the database, 1 uploaded file and the auth secret.');
      expect(readFileSync(path.join(dataDir, 'files', 'ab', 'doc'), 'utf8')).toBe('original document');
      expect(existsSync(path.join(dataDir, 'files', 'new'))).toBe(false);
      expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8')).toBe(secret);
      const kept = readdirSync(dataDir).filter((name) => name.includes('.before-restore-'));
      expect(kept.map((name) => name.replace(/\.before-restore-.*/, '')).sort()).toEqual([
        'auth-secret',
        'files',
        'pglite',
      ]);
      const keptFiles = kept.find((name) => name.startsWith('files.')) ?? '';
      expect(readFileSync(path.join(dataDir, keptFiles, 'new'), 'utf8')).toBe('added after the backup');

      // The restored database is the backed-up one, and its administrator signs in as before.
      const config = loadConfig(own);
      const database = await openMigratedDatabase(config);
      const app = await buildApp(config, database);
      try {
        const emails = await database.db.select({ email: people.email }).from(people);
        expect(emails).toEqual([{ email: 'kept@example.com' }]);
        const signIn = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: 'kept@example.com', password: 'kept password' },
        });
        expect(signIn.statusCode).toBe(200);
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('with S3_BUCKET, backs up the bucket’s documents into the same archive and restores them into the bucket', async () => {
    const s3 = await startS3TestServer();
    const bucket = createS3DocumentStore(s3.objectStore);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-backup-s3-'));
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'quayside-restore-local-'));
    const own = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...s3.env };
    const backupFile = path.join(dataDir, 'quayside.tar.gz');
    const [invoice, scan, later] = [randomUUID(), randomUUID(), randomUUID()];
    // More than one part, and many chunks of the archive's stream.
    const scanBytes = Buffer.alloc(9 * 1024 * 1024, 7);
    try {
      const database = await openMigratedDatabase(loadConfig(own));
      await database.db.insert(people).values({ email: 'kept@example.com', full_name: 'Kept' });
      await database.close();
      await bucket.put(invoice, Buffer.from('commercial invoice'));
      await bucket.put(scan, scanBytes);

      const backedUp = await cli(['backup', '--out', backupFile], own);
      expect([backedUp.stderr, backedUp.stdout.trim()]).toEqual([
        '',
        `Backed up the database, 2 uploaded files from bucket ${s3.bucket} to ${backupFile}.`,
      ]);
      // The manifest first, then the documents under files/, as DATA_DIR/files keeps them.
      const entries: string[] = [];
      await list({ file: backupFile, onReadEntry: (entry) => entries.push(entry.path) });
      expect(entries[0]).toBe('quayside-backup.json');
      expect(entries).toEqual(expect.arrayContaining([`files/${invoice}`, `files/${scan}`, 'pglite/PG_VERSION']));

      await bucket.delete(scan);
      await bucket.put(later, Buffer.from('uploaded after the backup'));
      const restored = await cli(['restore', '--in', backupFile], own);
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toContain(`the database, 2 uploaded files (into bucket ${s3.bucket}).`);
      const bytesOf = async (key: string) => Buffer.concat(await (await bucket.get(key)).toArray());
      expect((await bytesOf(scan)).equals(scanBytes)).toBe(true);
      expect((await bytesOf(invoice)).toString()).toBe('commercial invoice');
      // Nothing is deleted from the bucket, and DATA_DIR/files is neither filled nor set aside.
      expect((await bytesOf(later)).toString()).toBe('uploaded after the backup');
      expect(readdirSync(dataDir).filter((name) => name.startsWith('files'))).toEqual([]);

      // The same archive restores without a bucket, into DATA_DIR/files.
      const local = await cli(['restore', '--in', backupFile], { DATA_DIR: elsewhere, LOG_LEVEL: 'silent' });
      expect(local.stderr).toBe('');
      expect(readFileSync(path.join(elsewhere, 'files', invoice), 'utf8')).toBe('commercial invoice');
      const restoredElsewhere = await openMigratedDatabase(loadConfig({ DATA_DIR: elsewhere }));
      try {
        expect(await restoredElsewhere.db.select({ email: people.email }).from(people)).toEqual([
          { email: 'kept@example.com' },
        ]);
      } finally {
        await restoredElsewhere.close();
      }
    } finally {
      await s3.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 120_000);
});
