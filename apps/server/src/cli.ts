import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  DELETIONS_DEFAULT_LIMIT,
  DELETIONS_MAX_LIMIT,
  DeletionParams,
  DeletionsQuery,
} from '@quayside/domain/deletions';
import { ASSIGNABLE_ROLES, DEFAULT_ROLE, PersonInput } from '@quayside/domain/people';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { createAuthFromConfig } from './auth/auth.ts';
import { createConfirmedAccount } from './auth/verified-account.ts';
import { BackupError, backupDataDir, restoreDataDir } from './backup/backup.ts';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import { startupDatabaseProblem } from './db/database-errors.ts';
import { openMigratedDatabase } from './db/open-from-config.ts';
import { people } from './db/schema.ts';
import { BulkLoadError, bulkLoad } from './demo/bulk-load.ts';
import { seedDemo } from './demo/seed-demo.ts';
import { AppError } from './errors.ts';
import { defineJobs, JOB_NAMES } from './jobs/jobs.ts';
import type { AuditActor } from './modules/audit/audit.service.ts';
import { listDeletions, restoreDeletion } from './modules/deletions/deletions.service.ts';
import { runImport } from './modules/import/import.service.ts';
import { progressBar, summaryLines } from './modules/import/import-summary.ts';
import { createTableReaderPool, type TableOpener } from './modules/import/table-reader-pool.ts';
import { writePerson } from './modules/people/people.service.ts';
import { openDocumentStore } from './storage/document-store-from-config.ts';
import { withWrite } from './write/with-write.ts';

const HELP = `Quayside command line

Usage: npm run cli -- <command> [options]

Commands:
  create-user   Add a person to the people list with a sign-in account (use it for the first administrator)
      --email E       sign-in e-mail (required)
      --password P    at least 8 characters (required)
      --name N        full name (required)
      --role R        ${ASSIGNABLE_ROLES.join(' | ')} (default Employee)
      --company C     company name (a Forwarder sees only its company's shipments)
  seed-demo     Load demo data (300 shipments, about 900 line items with parts, a few documents, their
                purchase orders with a few receipts) and one user per role (a forwarder per forwarder company); prints the new users' passwords once.
                Running it again changes nothing.
  bulk-load     Load generated line items for benchmarks (with shipments and parts)
      --rows N        how many line items (default 1000000)
      --seed S        generator seed (default 1); each seed gets its own shipment numbers (BLK<S>-...)
      --purchase-orders N
                      purchase orders for N of the load's PO numbers, about 10 lines each, and receipts
                      for a third of the delivered shipments carrying them (default 0)
                All or nothing, in one transaction; with PGlite, requests wait while it runs.
  import FILE   Import a forwarder's shipment report (CSV or Excel .xlsx; headers are the spec's Shipment
                labels): creates or updates shipments by number and line items from Order Ref. All or
                nothing; rejected rows are listed with their reasons and skipped.
      --parts FILE        a parts list too (PO, Shipment, Part Number, Quantity)
      --sheet NAME        worksheet of the shipments workbook (default: the first)
      --parts-sheet NAME  worksheet of the parts workbook (default: the first)
      --dry-run           report what would happen; change nothing
      --unchecked-identifiers  take container numbers and air waybills as written (no check digits)
  deletions     List recent deletions of line items and parts, newest first, with their ids
      --limit N       how many (default ${DELETIONS_DEFAULT_LIMIT}, at most ${DELETIONS_MAX_LIMIT})
  restore-deletion ID
                Bring back a deletion by its id (a line item with its parts, or removed parts); refuses
                when the shipment is gone or the PO or part number is there again. Audited as "cli".
  backup        Back up the embedded database (PGlite), the uploaded files (the bucket's, with S3_BUCKET)
                and the generated auth secret
      --out FILE      the backup to write (.tar.gz); stop the server first
  restore       Replace the embedded database, uploaded files and auth secret with a backup's; what was
                there is kept as DATA_DIR/<name>.before-restore-<time>. With S3_BUCKET the files are put
                into the bucket, and nothing in it is deleted.
      --in FILE       a backup made by "backup"; stop the server first
                With DATABASE_URL (PostgreSQL), use pg_dump/pg_restore or WAL archiving (PITR) instead,
                and the bucket's own tools for the documents.
  run-job NAME  Run a background job now, in this process, and print what it did: ${Object.values(JOB_NAMES).join(', ')}
                (the servers run them on their schedules: the sweep at 00:05 UTC, notify every minute,
                the digest at 07:00 UTC)
  help          Show this text

The database is the one the server uses: DATABASE_URL when set, else PGlite in DATA_DIR (./data).
Every command but backup and restore works while the server runs (with PGlite, through the running
server's database; a bulk load then holds it for its whole transaction); backup and restore need it stopped.
`;

const CLI_ACTOR: AuditActor = { personId: null, email: 'cli', source: 'cli' };

/** The server's database: with PGlite, through the running server's socket when a server is running. */
const openCliDatabase = (config: AppConfig) => openMigratedDatabase(config, { share: 'join' });

async function createUser(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'Employee' },
      company: { type: 'string', default: '' },
    },
  });
  const parsed = PersonInput.safeParse({
    email: values.email ?? '',
    full_name: values.name ?? '',
    role: values.role,
    company_name: values.company,
  });
  if (!parsed.success)
    throw new UsageError(parsed.error.issues.map((issue) => `--${flagOf(issue.path[0])}: ${issue.message}`).join('\n'));
  const password = values.password ?? '';
  if (password.length < 8) throw new UsageError('--password: use at least 8 characters.');
  const person = parsed.data;

  const config = loadConfig();
  const log = pino({ level: 'warn' });
  const database = await openCliDatabase(config);
  try {
    const { db } = database;
    await withWrite(db, CLI_ACTOR, async (write) => {
      const [existing] = await write.tx.select().from(people).where(eq(people.email, person.email));
      if (existing?.fireauth_id) throw new UsageError(`${person.email} already has a sign-in account.`);
      await writePerson(write, person, existing);
    });
    const auth = createAuthFromConfig(config, db, log);
    await createConfirmedAccount(await auth.$context, { email: person.email, password, name: person.full_name });
    console.log(
      `Created ${person.role ?? DEFAULT_ROLE} ${person.email}. They can sign in at ${config.publicUrl}/login`,
    );
  } finally {
    await database.close();
  }
}

async function seedDemoCommand() {
  const config = loadConfig();
  // The bucket first: a wrong one stops the command before the database is touched.
  const store = await openDocumentStore(config);
  const database = await openCliDatabase(config);
  try {
    const auth = createAuthFromConfig(config, database.db, pino({ level: 'warn' }));
    const { createdData, users } = await seedDemo(database.db, auth, store);
    console.log(createdData ? 'Demo data loaded.' : 'Demo data already exists; nothing added.');
    const rows = users.map((user) => [
      user.email,
      user.role,
      user.company,
      user.password ?? '(already exists; password unchanged)',
    ]);
    console.log(table(['E-mail', 'Role', 'Company', 'Password'], rows));
    console.log(`Sign in at ${config.publicUrl}/login`);
  } finally {
    await database.close();
  }
}

const BULK_STAGES = {
  indexes: 'Building the indexes...',
  'purchase orders': 'Generating purchase orders...',
  reconciling: 'Reconciling purchase orders...',
  analyze: 'Updating statistics...',
} as const;

async function bulkLoadCommand(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { rows: { type: 'string' }, seed: { type: 'string' }, 'purchase-orders': { type: 'string' } },
  });
  const rows = Number(values.rows ?? 1_000_000);
  const seed = Number(values.seed ?? 1);
  const purchaseOrders = Number(values['purchase-orders'] ?? 0);
  if (!Number.isSafeInteger(rows) || rows < 1) throw new UsageError('--rows: a whole number of at least 1.');
  if (!Number.isSafeInteger(seed)) throw new UsageError('--seed: a whole number.');
  if (!Number.isSafeInteger(purchaseOrders) || purchaseOrders < 0)
    throw new UsageError('--purchase-orders: a whole number of at least 0.');
  const database = await openCliDatabase(loadConfig());
  try {
    const loaded = await bulkLoad(database.db, {
      lineItems: rows,
      seed,
      purchaseOrders,
      onProgress: (done, total) =>
        drawProgress(`${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} line items`),
      onStage: (stage) => {
        endProgress();
        console.log(BULK_STAGES[stage]);
      },
    });
    const orders = loaded.purchaseOrders;
    console.log(
      `Loaded ${loaded.lineItems.toLocaleString('en-US')} line items ` +
        `(${loaded.shipments.toLocaleString('en-US')} shipments, ${loaded.parts.toLocaleString('en-US')} parts) ` +
        (orders
          ? `and ${orders.purchaseOrders.toLocaleString('en-US')} purchase orders ` +
            `(${orders.lines.toLocaleString('en-US')} lines, ${orders.receipts.toLocaleString('en-US')} receipts) `
          : '') +
        `in ${loaded.seconds.toFixed(1)} s.`,
    );
  } catch (error) {
    throw error instanceof BulkLoadError ? new UsageError(error.message) : error;
  } finally {
    await database.close();
  }
}

/** The command line acts as an administrator: whoever can run it can open the database anyway. */
const CLI_PRINCIPAL = {
  personId: 0,
  userId: 'cli',
  email: 'cli',
  fullName: 'Command line',
  role: 'Admin',
  company: '',
} as const;

async function importCommand(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      parts: { type: 'string' },
      sheet: { type: 'string' },
      'parts-sheet': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'unchecked-identifiers': { type: 'boolean', default: false },
    },
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError('Usage: npm run cli -- import FILE [--parts FILE] [--dry-run]');
  const shipments = { path: path.resolve(file), name: path.basename(file), sheet: values.sheet };
  const parts = values.parts
    ? { path: path.resolve(values.parts), name: path.basename(values.parts), sheet: values['parts-sheet'] }
    : undefined;
  for (const named of [shipments, parts]) {
    if (named && !existsSync(named.path)) throw new UsageError(`${named.path}: no such file.`);
  }
  const config = loadConfig();
  // Read within the same bounds as the server's imports (a worker thread of bounded memory).
  const readTable = createTableReaderPool({ memoryMb: config.importReaderMemoryMb, concurrency: config.importReaders });
  const database = await openCliDatabase(config);
  try {
    // Counted first, so the progress bar knows its end (reading is quick next to writing).
    const total = (await countRows(readTable, shipments)) + (parts ? await countRows(readTable, parts) : 0);
    const report = await runImport(
      database.db,
      CLI_PRINCIPAL,
      CLI_ACTOR,
      { shipments, parts, dryRun: values['dry-run'], uncheckedIdentifiers: values['unchecked-identifiers'] },
      { onProgress: (done) => drawProgress(progressBar(done, total)), openTable: readTable },
    );
    endProgress();
    console.log(summaryLines(report, config.publicUrl).join('\n'));
  } catch (error) {
    throw error instanceof AppError ? new UsageError(error.message) : error;
  } finally {
    await database.close();
  }
}

async function deletionsCommand(args: string[]) {
  const { values } = parseArgs({ args, options: { limit: { type: 'string' } } });
  const parsed = DeletionsQuery.safeParse({ limit: values.limit });
  if (!parsed.success) throw new UsageError(`--${parsed.error.issues[0]?.message ?? 'limit is not valid.'}`);
  const database = await openCliDatabase(loadConfig());
  try {
    const deletions = await listDeletions(database.db, CLI_PRINCIPAL, parsed.data.limit);
    if (deletions.length === 0) {
      console.log('No deletions.');
      return;
    }
    const rows = deletions.map((deletion) => [
      String(deletion.id),
      deletion.at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
      deletion.actor,
      deletion.entity === 'line_item' ? 'line item' : 'parts',
      deletion.shipment,
      deletion.po,
      deletion.parts
        .map((part) => (part.qty === null ? part.part_number : `${part.part_number} (${part.qty})`))
        .join(', '),
      deletion.restored ? 'yes' : 'no',
    ]);
    console.log(table(['ID', 'Deleted at', 'By', 'What', 'Shipment', 'PO', 'Parts (qty)', 'Restored'], rows));
    console.log('Restore one with: npm run cli -- restore-deletion ID');
  } finally {
    await database.close();
  }
}

async function restoreDeletionCommand(args: string[]) {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const parsed = DeletionParams.safeParse({ id: positionals[0] });
  if (positionals.length !== 1 || !parsed.success) {
    throw new UsageError('Usage: npm run cli -- restore-deletion ID (the ID column of "npm run cli -- deletions")');
  }
  const database = await openCliDatabase(loadConfig());
  try {
    const restored = await restoreDeletion(database.db, CLI_PRINCIPAL, parsed.data.id, CLI_ACTOR);
    console.log(restored.message);
  } catch (error) {
    throw error instanceof AppError ? new UsageError(error.message) : error;
  } finally {
    await database.close();
  }
}

async function backupCommand(args: string[]) {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  if (!values.out) throw new UsageError('Usage: npm run cli -- backup --out FILE');
  const config = loadConfig();
  const { file, manifest } = await backupDataDir(config, values.out);
  console.log(
    `Backed up the database, ${manifest.files} uploaded file${manifest.files === 1 ? '' : 's'}` +
      `${config.objectStore ? ` from bucket ${config.objectStore.bucket}` : ''}` +
      `${manifest.hasAuthSecret ? ' and the auth secret' : ''} to ${file}.`,
  );
}

async function restoreCommand(args: string[]) {
  const { values } = parseArgs({ args, options: { in: { type: 'string' } } });
  if (!values.in) throw new UsageError('Usage: npm run cli -- restore --in FILE');
  const config = loadConfig();
  const { manifest, keptAs } = await restoreDataDir(config, values.in);
  console.log(
    `Restored the backup of ${manifest.createdAt}: the database, ${manifest.files} uploaded file` +
      `${manifest.files === 1 ? '' : 's'}${config.objectStore ? ` (into bucket ${config.objectStore.bucket})` : ''}` +
      `${manifest.hasAuthSecret ? ' and the auth secret' : ''}.`,
  );
  if (keptAs.length > 0) {
    console.log(`What it replaced is kept (delete it once you no longer need it):\n  ${keptAs.join('\n  ')}`);
  }
}

async function runJobCommand(args: string[]) {
  const [name] = args;
  const config = loadConfig();
  const database = await openCliDatabase(config);
  try {
    const job = defineJobs(database.db, config, pino({ level: 'warn' })).find((known) => known.name === name);
    if (!job) throw new UsageError(`Usage: npm run cli -- run-job ${Object.values(JOB_NAMES).join(' | ')}`);
    console.log(JSON.stringify(await job.handle({})));
  } finally {
    await database.close();
  }
}

async function countRows(readTable: TableOpener, file: { path: string; sheet?: string | undefined }) {
  const table = await readTable(file.path, { sheet: file.sheet });
  let rows = 0;
  for await (const _ of table.rows) rows += 1;
  return rows;
}

/** A progress line redrawn in place, on a terminal only: in a log or a pipe it would be noise. */
function drawProgress(line: string) {
  if (process.stdout.isTTY) process.stdout.write(`\r${line}`);
}

/** Ends a drawn progress line, so what follows starts on a line of its own. */
function endProgress() {
  if (process.stdout.isTTY) process.stdout.write('\n');
}

/** Columns padded to their widest cell: readable in a terminal and easy to copy from. */
function table(header: string[], rows: string[][]) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

const flagOf = (field: PropertyKey | undefined) =>
  ({ email: 'email', full_name: 'name', role: 'role', company_name: 'company' })[String(field)] ?? String(field);

class UsageError extends Error {}

async function run(argv: string[]) {
  const [command, ...rest] = argv;
  switch (command) {
    case 'create-user':
      return createUser(rest);
    case 'seed-demo':
      return seedDemoCommand();
    case 'bulk-load':
      return bulkLoadCommand(rest);
    case 'import':
      return importCommand(rest);
    case 'deletions':
      return deletionsCommand(rest);
    case 'restore-deletion':
      return restoreDeletionCommand(rest);
    case 'backup':
      return backupCommand(rest);
    case 'restore':
      return restoreCommand(rest);
    case 'run-job':
      return runJobCommand(rest);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(HELP);
      return;
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${HELP}`);
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  const databaseProblem = startupDatabaseProblem(error);
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof BackupError)
    console.error(error.message);
  else if (databaseProblem) console.error(databaseProblem);
  else if (error instanceof Error) console.error(`${process.argv[2]} failed: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
