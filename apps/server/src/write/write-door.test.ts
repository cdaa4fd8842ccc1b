import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every write to the records people see goes through withWrite() (with-write.ts), which refreshes
// the dashboard's read model and writes the audit entries before the commit. Lint forbids importing
// the two steps elsewhere; this test finds a write made without the door at all.

const SOURCE = path.resolve(import.meta.dirname, '..');
const DOOR = path.join(SOURCE, 'write', 'with-write.ts');
/** The door's own two steps. */
const STEPS = [
  path.join(SOURCE, 'modules', 'audit', 'audit.service.ts'),
  path.join(SOURCE, 'modules', 'line-items', 'line-item-rows.ts'),
];

const TABLES = ['shipments', 'lineItems', 'parts', 'documents', 'people', 'auditLog', 'lineItemRows'];
const SQL_TABLES = ['shipments', 'line_items', 'parts', 'documents', 'people', 'audit_log', 'line_item_rows'];
const DRIZZLE_WRITE = new RegExp(`(\\.(insert|update|delete)|\\binsertMany)\\((${TABLES.join('|')})\\b`);
const SQL_WRITE = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+(${SQL_TABLES.join('|')})\\b`, 'i');
const USES_DOOR = /from '[./]*(write\/)?with-write\.ts'/;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(file);
    return /\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Whether a module writes a record table without taking its transaction from the door. */
const bypassesTheDoor = (text: string) => (DRIZZLE_WRITE.test(text) || SQL_WRITE.test(text)) && !USES_DOOR.test(text);

const writersOutsideTheDoor = (files: readonly string[]) =>
  files
    .filter((file) => file !== DOOR && !STEPS.includes(file) && bypassesTheDoor(readFileSync(file, 'utf8')))
    .map((file) => path.relative(SOURCE, file));

describe('the one write door', () => {
  it('is the only way the server writes shipments, line items, parts, documents, people and the audit log', () => {
    const files = sourceFiles(SOURCE);
    expect(files.length).toBeGreaterThan(50);
    expect(writersOutsideTheDoor(files)).toEqual([]);
  });

  it('notices a module that writes without it, and one that writes through it', () => {
    const write = 'await tx.update(lineItems).set({ title }).where(eq(lineItems.id, id));';
    expect(bypassesTheDoor(`import { lineItems } from '../../db/schema.ts';\n${write}`)).toBe(true);
    expect(bypassesTheDoor('await db.execute(sql`delete from parts where line_item_id = 1`);')).toBe(true);
    expect(bypassesTheDoor('await tx.execute(insertMany(parts, columns, rows));')).toBe(true);
    expect(bypassesTheDoor(`import { withWrite } from '../../write/with-write.ts';\n${write}`)).toBe(false);
    expect(bypassesTheDoor('const rows = await tx.select().from(lineItems);')).toBe(false);
  });
});
