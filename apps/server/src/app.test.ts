import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operations', () => {
  it('reports liveness and readiness', async () => {
    expect((await t.app.inject({ url: '/livez' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });

  it('publishes the OpenAPI description of every product route', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/Peoples',
        '/api/Peoples/delete',
        '/api/Peoples/eligibility',
        '/api/Shipments',
        '/api/LineItems',
        '/api/LineItems/export',
        '/api/LineItems/delete',
        '/api/Parts/getParts',
        '/api/Parts',
        '/api/Parts/save',
        '/api/Parts/delete',
        '/api/Files',
        '/api/Files/{id}/content',
        '/api/site',
      ]),
    );
    expect(spec.paths['/api/LineItems'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['q', 'filters', 'logic', 'sort', 'page', 'pageSize', 'report', 'po']),
    );
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends security headers, including a content security policy', async () => {
    const response = await t.app.inject({ url: '/livez' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('tells anyone the organisation, support contacts and whether set-up is needed, as the sign-in screens show', async () => {
    const site = await createTestApp({
      orgName: 'Harbour Co',
      supportEmail: 'help@harbour.example',
      supportUrl: undefined,
    });
    try {
      const response = await site.app.inject({ url: '/api/site' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        orgName: 'Harbour Co',
        supportEmail: 'help@harbour.example',
        supportUrl: null,
        setupNeeded: true,
      });
      await site.addPerson({ email: 'someone@example.com' });
      expect((await site.app.inject({ url: '/api/site' })).json()).toMatchObject({ setupNeeded: false });
    } finally {
      await site.close();
    }
  });

  it('answers an unknown API address with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/NoSuchThing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No such address: GET /api/NoSuchThing');
  });

  it('generates the auth secret into DATA_DIR, readable by its owner only', () => {
    const file = path.join(t.config.dataDir, 'auth-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
  });
});
