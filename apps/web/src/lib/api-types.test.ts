// The web client is typed from the route table: a call the table does not have, a parameter or
// query key it does not take, a body of the wrong shape or an answer read as something else fails
// the type check. Each case is a small file checked by the repository's TypeScript with the web
// app's own settings; the first must pass, every other must fail where it says.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const WEB_ROOT = path.resolve(import.meta.dirname, '../..');
const REPO_ROOT = path.resolve(WEB_ROOT, '../..');

const HEADER = `import { call, callUrl } from '../src/lib/api.ts';\n`;

const CASES = {
  'right.ts': `
import type { View, ViewsResponse } from '@quayside/domain/views';
export const list: Promise<ViewsResponse> = call('listViews');
export const one: Promise<View> = call('getView', { params: { id: 7 } });
export const saved = call('createView', { body: { name: 'Arrivals', shared: false, query: { q: 'ACME' } } });
export const address: string = callUrl('getView', { params: { id: 7 } });
export const page = call('listLineItems', { query: { q: 'ACME', page: 2, pageSize: 50 } });
`,
  'unknown-call.ts': `export const views = call('listAllViews');`,
  'path-instead-of-name.ts': `export const views = call('/api/Views');`,
  'missing-parameter.ts': `export const view = call('getView', { params: {} });`,
  'unknown-query-key.ts': `export const page = call('listLineItems', { query: { q: 'ACME', colour: 'red' } });`,
  'unknown-body-field.ts': `export const saved = call('createView', { body: { name: 'A', colour: 'red' } });`,
  'answer-misread.ts': `export const count: Promise<number> = call('listViews');`,
} as const;

/** The error each wrong case must give: not assignable, a property missing, an unknown property. */
const EXPECTED_ERROR: Record<string, string> = {
  'unknown-call.ts': 'TS2345',
  'path-instead-of-name.ts': 'TS2345',
  'missing-parameter.ts': 'TS2741',
  'unknown-query-key.ts': 'TS2353',
  'unknown-body-field.ts': 'TS2353',
  'answer-misread.ts': 'TS2322',
};

const workDir = mkdtempSync(path.join(WEB_ROOT, '.api-types-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Type-checks every case in one run; answers each file's diagnostics. */
async function typeCheck(): Promise<Record<string, string>> {
  for (const [file, body] of Object.entries(CASES)) writeFileSync(path.join(workDir, file), HEADER + body);
  writeFileSync(
    path.join(workDir, 'tsconfig.json'),
    JSON.stringify({
      extends: '../tsconfig.json',
      include: [],
      files: [...Object.keys(CASES), '../src/api-routes.d.ts'],
    }),
  );
  let output = '';
  try {
    await run(path.join(REPO_ROOT, 'node_modules/.bin/tsc'), ['-p', workDir], { cwd: workDir });
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  const lines = output.split('\n').filter((line) => line.includes('error TS'));
  const ofFile = (file: string) => lines.filter((line) => line.startsWith(file)).join('\n');
  // Anything else (the client itself) must check cleanly.
  const elsewhere = lines.filter((line) => !Object.keys(CASES).some((file) => line.startsWith(file))).join('\n');
  return { ...Object.fromEntries(Object.keys(CASES).map((file) => [file, ofFile(file)])), elsewhere };
}

describe('the web client', () => {
  it('type-checks a call of the table, and refuses one it does not have, a wrong input or a misread answer', async () => {
    const diagnostics = await typeCheck();
    expect(diagnostics.elsewhere).toBe('');
    expect(diagnostics['right.ts']).toBe('');
    for (const [file, code] of Object.entries(EXPECTED_ERROR))
      expect(diagnostics[file], file).toContain(`error ${code}`);
  }, 120_000);
});
