// The live database against the current-state SQL files (database-logic.ts). A function or trigger
// the database has and no file declares fails, as does one a file declares and the database lacks,
// an index whose live definition is not its file's, or a live index neither schema.ts nor a file
// declares. To change what the database does, change the .sql file, not a migration: a migration
// that writes a function or trigger fails here too.
import { readdirSync, readFileSync } from 'node:fs';
import { SHIPMENT_EVENT_KINDS } from '@quayside/domain/events';
import { COLUMN_KEYS } from '@quayside/domain/line-item-columns';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, IndexedColumn, PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBy, sortKeys } from '../modules/line-items/line-item-sql.ts';
import { createTestDatabase, testEngine } from '../testing/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { DATABASE_LOGIC_FILES, databaseLogicText } from './database-logic.ts';
import * as schema from './schema.ts';

type Kind = 'function' | 'trigger' | 'index';
type Declaration = { kind: Kind; name: string; file: string; statement: string };

/** The statements of a file, without comments; a dollar-quoted body keeps its semicolons. */
function statementsOf(text: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inBody = false;
  for (const line of text.split('\n')) {
    if (!inBody && line.trimStart().startsWith('--')) continue;
    current += `${line}\n`;
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inBody = !inBody;
    if (!inBody && line.trimEnd().endsWith(';')) {
      statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim() !== '') statements.push(current.trim());
  return statements;
}

const DECLARATION = /^create (?:or replace (function|trigger)|index if not exists) "?(\w+)"?/i;

const declarations: Declaration[] = DATABASE_LOGIC_FILES.flatMap((file) =>
  statementsOf(databaseLogicText(file)).map((statement) => {
    const match = DECLARATION.exec(statement);
    if (!match?.[2]) throw new Error(`${file}: not an idempotent declaration: ${statement.slice(0, 80)}`);
    const kind = (match[1]?.toLowerCase() ?? 'index') as Kind;
    return { kind, name: match[2], file, statement };
  }),
);
const declared = (kind: Kind) => declarations.filter((declaration) => declaration.kind === kind);
const names = (rows: readonly { name: string }[]) => rows.map((row) => row.name).sort();

/**
 * The indexes schema.ts declares, named as drizzle-kit names them in the migrations it writes: an
 * unnamed index is `<table>_<columns>_index` (an index on an expression must be named).
 */
const schemaIndexNames = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) => {
    const { name: tableName, indexes } = getTableConfig(table);
    return indexes.map(({ config }) => {
      if (config.name) return config.name;
      const columns = config.columns.map((column) => (is(column, IndexedColumn) ? column.name : undefined));
      if (columns.includes(undefined)) throw new Error(`${tableName}: an index on an expression needs a name`);
      return `${tableName}_${columns.join('_')}_index`;
    });
  })
  .sort();

/** The migration that moved the logic into the files; later migrations change only data and shape. */
const LAST_MIGRATION_WITH_LOGIC = '0017_hardening_iii';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/**
 * Each declaration as the database spells it (pg_get_functiondef, pg_get_triggerdef, pg_indexes),
 * from its statement run under another name in a transaction that is rolled back.
 */
async function definitionsOf(client: pg.PoolClient, list: readonly Declaration[]): Promise<Map<string, string>> {
  const definitions = new Map<string, string>();
  await client.query('begin');
  try {
    for (const { kind, name, statement } of list) {
      const probe = `${name}_probe`;
      await client.query(statement.replace(name, probe));
      definitions.set(name, (await definitionOf(client, kind, probe)).replaceAll(probe, name));
    }
  } finally {
    await client.query('rollback');
  }
  return definitions;
}

async function definitionOf(client: pg.PoolClient, kind: Kind, name: string): Promise<string> {
  const query = {
    function: `select pg_get_functiondef(p.oid) as definition from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = $1`,
    trigger: `select pg_get_triggerdef(oid) as definition from pg_trigger where tgname = $1 and not tgisinternal`,
    index: `select indexdef as definition from pg_indexes where schemaname = 'public' and indexname = $1`,
  }[kind];
  const result = await client.query<{ definition: string }>(query, [name]);
  expect(result.rows, `${kind} ${name}`).toHaveLength(1);
  return result.rows[0]?.definition ?? '';
}

describe(`the database's logic files on ${testEngine}`, () => {
  it('are every .sql file beside the modules, and name each function, trigger and index once', () => {
    const onDisk = readdirSync(new URL('../modules/', import.meta.url), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => `modules/${file}`);
    expect([...DATABASE_LOGIC_FILES].sort()).toEqual(onDisk.sort());
    const keys = declarations.map(({ kind, name }) => `${kind} ${name}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it("has each live function, and only those, with the file's definition", async () => {
    // The plpgsql and SQL functions of the schema, not an extension's (pg_trgm's).
    const live = await database.pool.query<{ name: string; definition: string }>(`
      select p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
      where n.nspname = 'public' and l.lanname in ('plpgsql', 'sql')
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`);
    expect(names(live.rows)).toEqual(names(declared('function')));
    await expectDefinitions('function', live.rows);
  });

  it("has each live trigger, and only those, with the file's definition", async () => {
    const live = await database.pool.query<{ name: string; definition: string }>(`
      select t.tgname as name, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal`);
    expect(names(live.rows)).toEqual(names(declared('trigger')));
    await expectDefinitions('trigger', live.rows);
  });

  it("has each index a file names, with the file's definition", async () => {
    // `if not exists` keeps an index of the same name whatever its columns: a changed index needs a new name.
    const live = await database.pool.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes where schemaname = 'public' and indexname = any($1)`,
      [names(declared('index'))],
    );
    expect(names(live.rows)).toEqual(names(declared('index')));
    await expectDefinitions('index', live.rows);
  });

  it("has no index but the schema's, its constraints' and the files'", async () => {
    // An index a hand-written migration adds is declared nowhere a reader looks for it; a
    // primary key's or unique constraint's index is declared with its constraint in schema.ts.
    const live = await database.pool.query<{ name: string }>(`
      select i.relname as name from pg_index x
      join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace
      where n.nspname = 'public' and not exists (select 1 from pg_constraint c
        where c.conindid = x.indexrelid and c.conrelid = x.indrelid and c.contype in ('p', 'u', 'x'))`);
    const declaredNames = new Set([...schemaIndexNames, ...names(declared('index'))]);
    expect(
      names(live.rows).filter((name) => !declaredNames.has(name)),
      'declare it in a .sql file or schema.ts',
    ).toEqual([]);
    const liveNames = new Set(names(live.rows));
    expect(
      schemaIndexNames.filter((name) => !liveNames.has(name)),
      'schema.ts without its migration',
    ).toEqual([]);
  });

  it('are not redefined by a later migration', () => {
    const migrations = readdirSync(new URL('./migrations/', import.meta.url)).filter(
      (file) => file.endsWith('.sql') && file > `${LAST_MIGRATION_WITH_LOGIC}.sql`,
    );
    const indexNames = new Set(names(declared('index')));
    for (const file of migrations) {
      const text = readFileSync(new URL(`./migrations/${file}`, import.meta.url), 'utf8');
      expect(text, `${file}: change the .sql file, not a migration`).not.toMatch(
        /create\s+(or\s+replace\s+)?(function|trigger)/i,
      );
      const indexes = [...text.matchAll(/create\s+(?:unique\s+)?index\s+(?:if\s+not\s+exists\s+)?"?(\w+)"?/gi)];
      expect(
        indexes.map((match) => match[1]).filter((name) => name !== undefined && indexNames.has(name)),
        `${file}: change the .sql file, not a migration`,
      ).toEqual([]);
    }
  });
});

async function expectDefinitions(kind: Kind, live: readonly { name: string; definition: string }[]) {
  const client = await database.pool.connect();
  try {
    const fromFiles = await definitionsOf(client, declared(kind));
    for (const { name, definition } of live) expect(definition, `${kind} ${name}`).toBe(fromFiles.get(name));
  } finally {
    client.release();
  }
}

describe(`what the SQL and the TypeScript agree on, on ${testEngine}`, () => {
  it("records only the domain's shipment event kinds, and every one but the sweep's", async () => {
    const { pool } = database;
    const shipment = await pool.query<{ id: string }>(
      `insert into shipments (shipment, dest_eta) values ('EVENTS-1', '2027-03-12') returning id`,
    );
    const id = shipment.rows[0]?.id;
    await pool.query(`update shipments set atd = '2027-03-01' where id = $1`, [id]);
    await pool.query(`update shipments set dest_eta = '2027-03-20' where id = $1`, [id]);
    await pool.query(`update shipments set ata = '2027-03-19' where id = $1`, [id]);
    await pool.query(
      `insert into documents (shipment_id, file_name, document_type, content_type, size_bytes, storage_key)
       values ($1, 'bl.pdf', 'Bill of Lading', 'application/pdf', 1, 'events-1-bl')`,
      [id],
    );
    const recorded = await pool.query<{ kind: string }>(
      'select distinct kind from shipment_events where shipment_id = $1 order by kind',
      [id],
    );
    // new_exception is the exception sweep's (exception-sweep.ts), written from TypeScript.
    const writtenByTheSweep = ['new_exception'];
    expect([...recorded.rows.map((row) => row.kind), ...writtenByTheSweep].sort()).toEqual(
      [...SHIPMENT_EVENT_KINDS].sort(),
    );
  });

  const lineItemRowsIndexes = () => names(declared('index').filter(({ file }) => file.endsWith('line-item-rows.sql')));

  /** The plan of a page of line_item_rows in the order line-item-sql.ts gives `sort`. */
  async function pagePlan(sort: Parameters<typeof sortKeys>[0]) {
    return database.db.transaction(async (tx) => {
      // The table is empty: without these the planner would rightly read it whole and sort.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const explained = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select r.line_item_id from line_item_rows r order by ${orderBy(sortKeys(sort))} limit 50`,
      );
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }
  const indexUsed = (plan: string) => /Index (?:Only )?Scan(?: Backward)? using (\w+)/.exec(plan)?.[1];

  it("reads the default order from line-item-rows.sql's index, with nothing left to sort", async () => {
    const plan = await pagePlan([]);
    expect(plan).not.toMatch(/Sort/);
    expect(lineItemRowsIndexes()).toContain(indexUsed(plan));
  });

  it.each(COLUMN_KEYS.flatMap((key) => [`${key} asc`, `${key} desc`]))(
    "sorts by %s from one of line-item-rows.sql's indexes",
    async (rule) => {
      const [key, direction] = rule.split(' ') as [(typeof COLUMN_KEYS)[number], 'asc' | 'desc'];
      const plan = await pagePlan([{ key, direction }]);
      if (key === 'dest_eta') {
        // Dest. ETA's index is the default order's, whose ties run by ascending id; a chosen Dest. ETA
        // sort breaks ties in its own direction, so the index gives the days and each day's rows are sorted.
        expect(plan).toMatch(/Incremental Sort[\s\S]*Presorted Key: dest_eta\n/);
      } else expect(plan).not.toMatch(/Sort/);
      expect(lineItemRowsIndexes()).toContain(indexUsed(plan));
    },
  );
});
