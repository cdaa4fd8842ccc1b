// The served OpenAPI description passes a maintained linter (Redocly's recommended rules) with no
// error, and the typed client openapi-typescript generates from it type-checks against real answers.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { API } from '@quayside/domain/api';
import { type Call, openApiPathOf } from '@quayside/domain/call';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShipment } from '../testing/fixtures.ts';
import { REPO_ROOT } from '../testing/server-process.ts';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';

const run = promisify(execFile);
const ADMIN = 'openapi-admin@example.com';

let t: TestApp;
let workDir: string;
let document: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.signedInAs({ email: ADMIN, role: 'Admin', company_name: 'NAPCO' });
  await insertShipment(t.db, { shipment: 'OAS-1', weight: '12.5' }, [
    { title: 'PO-OAS-1', parts: [{ part_number: 'P-1', qty: 3 }] },
  ]);
  workDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-openapi-'));
  const served = await t.app.inject({ url: '/api/docs/json' });
  expect(served.statusCode).toBe(200);
  document = served.body;
});
afterAll(async () => {
  await t.close();
  rmSync(workDir, { recursive: true, force: true });
});

/** Runs TypeScript (the repository's tsc) over one file of `workDir`; answers its diagnostics. */
async function typeCheck(file: string): Promise<string> {
  const tsc = path.join(REPO_ROOT, 'node_modules/.bin/tsc');
  const flags = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler'];
  try {
    await run(tsc, [...flags, path.join(workDir, file)], { cwd: workDir });
    return '';
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

describe('the OpenAPI description', () => {
  it('has no error under Redocly’s recommended rules', async () => {
    const problems = await lintFromString({
      source: document,
      absoluteRef: path.join(workDir, 'openapi.json'),
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((error) => `${error.ruleId}: ${error.message} ${error.location[0]?.pointer}`)).toEqual([]);
    // What remains are warnings about this test's own set-up: no license chosen, a localhost server.
    expect(problems.map((problem) => problem.ruleId).sort()).toEqual(['info-license', 'no-server-example.com']);
  });

  it('gives every operation an id, a summary and its 4xx answers, and describes the bearer and cookie schemes', () => {
    const parsed = JSON.parse(document) as {
      paths: Record<
        string,
        Record<string, { operationId?: string; summary?: string; responses: Record<string, unknown> }>
      >;
      components: { securitySchemes: Record<string, { type: string }> };
    };
    const operations = Object.values(parsed.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(20);
    for (const operation of operations) {
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.summary).toBeTruthy();
      expect(Object.keys(operation.responses).some((status) => status.startsWith('4'))).toBe(true);
    }
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
    expect(Object.keys(parsed.paths)).toEqual(
      expect.arrayContaining(['/api/auth/sign-in/email', '/api/auth/sign-out']),
    );
    expect(parsed.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http' },
      sessionCookie: { type: 'apiKey' },
    });
  });

  it('documents every call of the route table at its method and path, with who may make it, and nothing else', () => {
    const parsed = JSON.parse(document) as {
      paths: Record<string, Record<string, { operationId: string; security?: unknown[]; 'x-who-may-call'?: string }>>;
    };
    const documented = Object.entries(parsed.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, ...operation })),
    );
    const fromTable = documented.filter((operation) => !operation.path.startsWith('/api/auth/'));
    expect(fromTable.map((operation) => operation.operationId).sort()).toEqual(Object.keys(API).sort());
    for (const operation of fromTable) {
      const call: Call = API[operation.operationId as keyof typeof API];
      expect(`${operation.method.toUpperCase()} ${operation.path}`).toBe(`${call.method} ${openApiPathOf(call)}`);
      expect(operation['x-who-may-call']).toBe(call.who);
      // A call anyone may make asks for no credentials; every other one for the bearer or the cookie.
      expect(operation.security).toEqual(call.who === 'anyone' ? [] : undefined);
    }
  });

  it('generates a typed client (openapi-typescript) that type-checks against real answers, and catches a wrong one', async () => {
    writeFileSync(path.join(workDir, 'openapi.json'), document);
    await run(process.execPath, [
      path.join(REPO_ROOT, 'packages/openapi-tools/generate-types.mjs'),
      path.join(workDir, 'openapi.json'),
      path.join(workDir, 'api.d.ts'),
    ]);

    const signInBody = { email: ADMIN, password: TEST_PASSWORD };
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3000' },
      payload: signInBody,
    });
    expect(signedIn.statusCode).toBe(200);
    const query = { q: 'OAS', page: 1, pageSize: 25 };
    const page = await t.app.inject({
      url: `/api/LineItems?q=${query.q}&page=${query.page}&pageSize=${query.pageSize}`,
      headers: bearer(signedIn.json<{ token: string }>().token),
    });
    expect(page.json<{ total: number }>().total).toBe(1);

    const header = `import type { paths } from './api';
type SignIn = paths['/api/auth/sign-in/email']['post'];
type Page = paths['/api/LineItems']['get'];
`;
    writeFileSync(
      path.join(workDir, 'client.ts'),
      `${header}
export const body = ${JSON.stringify(signInBody)} satisfies SignIn['requestBody']['content']['application/json'];
export const signedIn = ${signedIn.body} satisfies SignIn['responses'][200]['content']['application/json'];
export const query = ${JSON.stringify(query)} satisfies NonNullable<Page['parameters']['query']>;
export const page = ${page.body} satisfies Page['responses'][200]['content']['application/json'];
`,
    );
    expect(await typeCheck('client.ts')).toBe('');

    writeFileSync(
      path.join(workDir, 'wrong.ts'),
      `${header}
export const page = { lineItems: 'not a list', total: '1' } satisfies Page['responses'][200]['content']['application/json'];
`,
    );
    expect(await typeCheck('wrong.ts')).toMatch(/error TS/);
  });
});
