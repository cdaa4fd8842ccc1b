import type { PeopleResponse } from '@quayside/domain/people';
import {
  MAX_VIEWS_PER_USER,
  ONLY_OWNER_CHANGES_VIEW,
  ORGANISATION_DEFAULT_FORBIDDEN,
  ORGANISATION_DEFAULT_NOT_SHARED,
  VIEW_LIMIT_REACHED,
  VIEW_NAME_REQUIRED,
  VIEW_NOT_FOUND,
  type View,
  type ViewDefaults,
  type ViewsResponse,
  viewNameTaken,
} from '@quayside/domain/views';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { bearer, createTestApp, signInCast, type TestApp } from '../../testing/test-app.ts';
import { UNSHARED_ON_MOVE } from './views.service.ts';

// Named dashboard views through the API, on the engine under test: saving, the name rules and the
// limit, who sees a shared view (staff with staff, a forwarder company with its own people, judged
// from the owner's current company), owner-only changes, the defaults, and the audit log.

let t: TestApp;
let admin: string;
let employee: string;
let blue: string;
let blue2: string;
let kestrel: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, employee, blue, kestrel } = await signInCast(t));
  blue2 = await t.signedInAs({ email: 'ops2@blue.example', role: 'Forwarder', company_name: 'Blue Anchor' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (token: string, method: Method, url: string, payload?: unknown) => {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
};
const ok = async <T>(token: string, method: Method, url: string, payload?: unknown, status = 200) => {
  const answer = await call(token, method, url, payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body as T;
};
const save = (token: string, view: Record<string, unknown>) => ok<View>(token, 'POST', '/api/Views', view, 201);
const list = (token: string) => ok<ViewsResponse>(token, 'GET', '/api/Views');
const names = async (token: string) => (await list(token)).views.map((view) => view.name);
const refused = (status: number, message: string) => ({ status, body: { message } });
const notFound = refused(404, VIEW_NOT_FOUND);
/** The Admin changes a person's role or company. */
const movePerson = async (email: string, role: string, company_name: string) => {
  const { peoples } = await ok<PeopleResponse>(admin, 'GET', `/api/Peoples?email=${encodeURIComponent(email)}`);
  const person = peoples[0];
  if (!person) throw new Error(`no ${email}`);
  await ok(admin, 'POST', '/api/Peoples', [{ id: person.id, full_name: person.full_name, email, role, company_name }]);
};
const audits = (entity: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entity_id, String(entityId))))
    .orderBy(asc(auditLog.id));

describe('saving a view', () => {
  it('saves, lists, opens, changes and deletes a view, each write audited', async () => {
    const query = {
      filters: JSON.stringify([{ column: 'forwarder_name', operator: 'equals', value: 'Kestrel' }]),
      logic: 'OR',
      sort: JSON.stringify([{ key: 'dest_eta', direction: 'asc' }]),
      pageSize: '100',
      report: 'dr',
      exception: 'late_arrival,eta_slipped',
    };
    const saved = await save(employee, {
      name: '  Late at Kestrel ',
      query,
      columns: ['title', 'dest_eta', 'forwarder_name'],
      density: 'compact',
    });
    expect(saved).toMatchObject({
      name: 'Late at Kestrel',
      shared: false,
      query,
      columns: ['title', 'dest_eta', 'forwarder_name'],
      density: 'compact',
      owner: { name: 'employee@napco.example', email: 'employee@napco.example' },
      mine: true,
      isMyDefault: false,
      isOrgDefault: false,
    });
    const plain = await save(employee, { name: 'all rows' });
    expect(plain).toMatchObject({ shared: false, query: {}, columns: null, density: 'compact' });

    // By name, case aside.
    expect(await names(employee)).toEqual(['all rows', 'Late at Kestrel']);
    expect(await ok<View>(employee, 'GET', `/api/Views/${saved.id}`)).toEqual(saved);

    const changed = await ok<View>(employee, 'PUT', `/api/Views/${saved.id}`, {
      name: 'Late at Kestrel (all)',
      shared: true,
      query: { q: 'PO-1' },
    });
    expect(changed).toMatchObject({
      id: saved.id,
      name: 'Late at Kestrel (all)',
      shared: true,
      query: { q: 'PO-1' },
      columns: null,
      density: 'compact',
      createdAt: saved.createdAt,
    });
    expect(changed.updatedAt >= saved.updatedAt).toBe(true);

    expect(await ok(employee, 'DELETE', `/api/Views/${saved.id}`)).toEqual({ message: 'View deleted.' });
    expect(await call(employee, 'GET', `/api/Views/${saved.id}`)).toEqual(notFound);
    expect(await call(employee, 'DELETE', `/api/Views/${saved.id}`)).toEqual(notFound);
    expect(await call(employee, 'PUT', `/api/Views/${saved.id}`, { name: 'Gone' })).toEqual(notFound);
    expect(await names(employee)).toEqual(['all rows']);

    const entries = await audits('saved_view', saved.id);
    expect(entries.map((entry) => [entry.action, entry.actor_email])).toEqual([
      ['create', 'employee@napco.example'],
      ['update', 'employee@napco.example'],
      ['delete', 'employee@napco.example'],
    ]);
    expect(entries[1]?.before).toMatchObject({ name: 'Late at Kestrel', shared: false });
    expect(entries[1]?.after).toMatchObject({ name: 'Late at Kestrel (all)', shared: true });
  });

  it('refuses a bad view with a message a person can act on', async () => {
    const refusal = async (view: unknown) => {
      const answer = await call(admin, 'POST', '/api/Views', view);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return answer.body.message as string;
    };
    expect(await refusal({ name: '   ' })).toBe(`${VIEW_NAME_REQUIRED} (name)`);
    expect(await refusal({})).toMatch(/^Name the view\./);
    expect(await refusal({ name: 'x'.repeat(101) })).toMatch(/^A view's name must be at most 100 characters\./);
    expect(await refusal({ name: 'a\u0000b' })).toMatch(/NUL/);
    // The dashboard's own rules for its query.
    expect(await refusal({ name: 'V', query: { exception: 'sunk' } })).toMatch(/^Unknown exception: sunk/);
    expect(await refusal({ name: 'V', query: { pageSize: '7' } })).toMatch(/^pageSize is one of/);
    expect(await refusal({ name: 'V', query: { filters: '[' } })).toMatch(/^filters must be a JSON array\./);
    expect(await refusal({ name: 'V', query: { logic: 'XOR' } })).toMatch(/^logic is AND or OR\./);
    expect(await refusal({ name: 'V', query: { pageSize: 100 } })).toMatch(/^pageSize must be text/);
    expect(await refusal({ name: 'V', query: { page: '2' } })).toBe(
      "A view's query has no page: it keeps q, filters, logic, sort, pageSize, report, exception, missingDocument. (query)",
    );
    // Columns: known, each once, of the report.
    expect(await refusal({ name: 'V', columns: ['title', 'sunk'] })).toMatch(/^Unknown column: sunk\./);
    expect(await refusal({ name: 'V', columns: ['title', 'title'] })).toMatch(/^Show each column at most once\./);
    expect(await refusal({ name: 'V', columns: [] })).toMatch(/^Show at least one column\./);
    expect(await refusal({ name: 'V', query: { report: 'dr' }, columns: ['title', 'cosignee_name'] })).toMatch(
      /^The DR report has no column cosignee_name\./,
    );
    expect(await refusal({ name: 'V', density: 'cosy' })).toMatch(/^density is compact or comfortable\./);
    expect(await refusal({ name: 'V', shared: 'yes' })).toMatch(/^shared is true or false\./);
    expect(await refusal({ name: 'V', query: 'q=PO' })).toBe(
      "A view's query must be an object: it keeps q, filters, logic, sort, pageSize, report, exception, missingDocument. (query)",
    );
    expect(await refusal(['V'])).toBe('A view must be an object: it has name, shared, query, columns, density.');
    expect(await refusal({ name: 'V', owner_id: 1 })).toBe(
      'A view has no owner_id: it has name, shared, query, columns, density.',
    );
    expect(await names(admin)).not.toContain('V');
  });

  it('keeps a name once per person, in any case, and another person may use it', async () => {
    const first = await save(admin, { name: 'Arrivals' });
    const other = await save(admin, { name: 'Departures' });
    expect(await call(admin, 'POST', '/api/Views', { name: 'ARRIVALS' })).toEqual(
      refused(409, viewNameTaken('ARRIVALS')),
    );
    expect(await call(admin, 'PUT', `/api/Views/${other.id}`, { name: 'arrivals' })).toEqual(
      refused(409, viewNameTaken('arrivals')),
    );
    // Its own name, in another case, is no clash.
    expect((await ok<View>(admin, 'PUT', `/api/Views/${first.id}`, { name: 'ARRIVALS' })).name).toBe('ARRIVALS');
    expect((await save(kestrel, { name: 'Arrivals' })).name).toBe('Arrivals');
  });

  it(`keeps at most ${MAX_VIEWS_PER_USER} views per person`, async () => {
    const token = await t.signedInAs({ email: 'collector@napco.example', role: 'Employee', company_name: 'NAPCO' });
    // All at once: the saves are checked one after another, so exactly one is refused.
    const answers = await Promise.all(
      Array.from({ length: MAX_VIEWS_PER_USER + 1 }, (_, index) =>
        call(token, 'POST', '/api/Views', { name: `View ${index}` }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_VIEWS_PER_USER);
    expect(answers.filter((answer) => answer.status !== 201)).toEqual([refused(409, VIEW_LIMIT_REACHED)]);
    expect(await call(token, 'POST', '/api/Views', { name: 'One too many' })).toEqual(refused(409, VIEW_LIMIT_REACHED));
    // Changing one is not a new one; deleting one makes room.
    const first = (await list(token)).views.find((view) => view.mine);
    await ok(token, 'PUT', `/api/Views/${first?.id}`, { name: 'Renamed' });
    await ok(token, 'DELETE', `/api/Views/${first?.id}`);
    await save(token, { name: 'One too many' });
    expect((await list(token)).views).toHaveLength(MAX_VIEWS_PER_USER);
  });
});

describe('who sees a view', () => {
  it('shares a staff view with staff only; only its owner changes it', async () => {
    const shared = await save(admin, { name: 'Staff: open exceptions', shared: true });
    const personal = await save(admin, { name: 'Staff: mine only' });

    const seen = await ok<View>(employee, 'GET', `/api/Views/${shared.id}`);
    expect(seen).toMatchObject({ mine: false, owner: { email: 'admin@napco.example' } });
    expect(await names(employee)).toContain('Staff: open exceptions');
    expect(await names(employee)).not.toContain('Staff: mine only');
    expect(await call(employee, 'GET', `/api/Views/${personal.id}`)).toEqual(notFound);

    // Seen but not theirs: refused; not even seen: not found.
    expect(await call(employee, 'PUT', `/api/Views/${shared.id}`, { name: 'Taken over' })).toEqual(
      refused(403, ONLY_OWNER_CHANGES_VIEW),
    );
    expect(await call(employee, 'DELETE', `/api/Views/${shared.id}`)).toEqual(refused(403, ONLY_OWNER_CHANGES_VIEW));
    expect(await call(employee, 'DELETE', `/api/Views/${personal.id}`)).toEqual(notFound);

    // A forwarder never learns a staff view exists.
    for (const token of [blue, kestrel]) {
      expect(await call(token, 'GET', `/api/Views/${shared.id}`)).toEqual(notFound);
      expect(await call(token, 'PUT', `/api/Views/${shared.id}`, { name: 'X' })).toEqual(notFound);
      expect(await call(token, 'DELETE', `/api/Views/${shared.id}`)).toEqual(notFound);
      expect(await call(token, 'PUT', '/api/Views/default', { id: shared.id })).toEqual(notFound);
      expect(await names(token)).not.toContain('Staff: open exceptions');
    }
    expect((await ok<View>(admin, 'GET', `/api/Views/${shared.id}`)).name).toBe('Staff: open exceptions');
  });

  it("shares a forwarder's view with its own company only, as the owner's company is now", async () => {
    const shared = await save(blue, { name: 'Blue: arriving', shared: true });
    const personal = await save(blue, { name: 'Blue: my own' });

    expect(await ok<View>(blue2, 'GET', `/api/Views/${shared.id}`)).toMatchObject({
      mine: false,
      owner: { email: 'ops@blue.example' },
    });
    expect(await names(blue2)).toEqual(expect.arrayContaining(['Blue: arriving']));
    expect(await names(blue2)).not.toContain('Blue: my own');
    expect(await call(blue2, 'GET', `/api/Views/${personal.id}`)).toEqual(notFound);
    expect(await call(blue2, 'PUT', `/api/Views/${shared.id}`, { name: 'Mine now' })).toEqual(
      refused(403, ONLY_OWNER_CHANGES_VIEW),
    );
    // Another company, and staff, do not see it.
    for (const token of [kestrel, admin, employee]) {
      expect(await call(token, 'GET', `/api/Views/${shared.id}`)).toEqual(notFound);
      expect(await call(token, 'DELETE', `/api/Views/${shared.id}`)).toEqual(notFound);
      expect(await names(token)).not.toContain('Blue: arriving');
    }

    // The owner moves to Kestrel: the view is unshared, so it reaches neither company; the owner keeps it.
    await movePerson('ops@blue.example', 'Forwarder', 'Kestrel');
    expect(await call(blue2, 'GET', `/api/Views/${shared.id}`)).toEqual(notFound);
    expect(await call(kestrel, 'GET', `/api/Views/${shared.id}`)).toEqual(notFound);
    expect(await ok<View>(blue, 'GET', `/api/Views/${shared.id}`)).toMatchObject({ shared: false, mine: true });
    // Back at Blue Anchor it stays unshared until its owner shares it again.
    await movePerson('ops@blue.example', 'Forwarder', 'Blue Anchor');
    expect(await call(blue2, 'GET', `/api/Views/${shared.id}`)).toEqual(notFound);
  });

  it("unshares a staff view whose owner becomes another company's forwarder: its filters never cross", async () => {
    const analyst = await t.signedInAs({ email: 'analyst@napco.example', role: 'Employee', company_name: 'NAPCO' });
    const harbour = await t.signedInAs({
      email: 'ops@harbour.example',
      role: 'Forwarder',
      company_name: 'Harbourline',
    });
    const filters = JSON.stringify([
      { column: 'forwarder_name', operator: 'equals', value: 'Blue Anchor' },
      { column: 'forwarder_name', operator: 'equals', value: 'Kestrel' },
    ]);
    const shared = await save(analyst, { name: 'Blue and Kestrel', shared: true, query: { filters, logic: 'OR' } });
    expect(await names(employee)).toContain('Blue and Kestrel');

    await movePerson('analyst@napco.example', 'Forwarder', 'Harbourline');
    expect(await call(harbour, 'GET', `/api/Views/${shared.id}`)).toEqual(notFound);
    expect(await names(harbour)).not.toContain('Blue and Kestrel');
    expect(await call(employee, 'GET', `/api/Views/${shared.id}`)).toEqual(notFound);
    expect(await ok<View>(analyst, 'GET', `/api/Views/${shared.id}`)).toMatchObject({ shared: false, mine: true });
    // The audit log says why, in the Admin's write.
    const [unshared] = (await audits('saved_view', shared.id)).filter((entry) => entry.action === 'update');
    expect(unshared?.actor_email).toBe('admin@napco.example');
    expect(unshared?.after).toMatchObject({ shared: false, reason: UNSHARED_ON_MOVE });
  });
});

describe('defaults', () => {
  it('sets my default to a view I may open, and clears it, or it clears when the view goes', async () => {
    const shared = await save(admin, { name: 'Default candidate', shared: true });
    const kestrels = await save(kestrel, { name: 'Kestrel only', shared: true });

    expect(await ok<ViewDefaults>(employee, 'PUT', '/api/Views/default', { id: shared.id })).toMatchObject({
      myDefault: shared.id,
    });
    const listed = await list(employee);
    expect(listed.myDefault).toBe(shared.id);
    expect(listed.views.find((view) => view.id === shared.id)?.isMyDefault).toBe(true);
    expect((await ok<View>(employee, 'GET', `/api/Views/${shared.id}`)).isMyDefault).toBe(true);

    expect(await call(employee, 'PUT', '/api/Views/default', { id: kestrels.id })).toEqual(notFound);
    expect(await call(employee, 'PUT', '/api/Views/default', { id: 999_999_999 })).toEqual(notFound);
    expect((await call(employee, 'PUT', '/api/Views/default', { id: 'one' })).status).toBe(400);
    expect((await call(employee, 'PUT', '/api/Views/default', {})).body.message).toMatch(/^id is the id of a view/);
    expect((await list(employee)).myDefault).toBe(shared.id);

    expect(await ok<ViewDefaults>(employee, 'PUT', '/api/Views/default', { id: null })).toMatchObject({
      myDefault: null,
    });
    await ok(employee, 'PUT', '/api/Views/default', { id: shared.id });
    await ok(admin, 'DELETE', `/api/Views/${shared.id}`);
    expect((await list(employee)).myDefault).toBe(null);

    const entries = await audits('saved_view_default', (await personId('employee@napco.example')) ?? 0);
    expect(entries.slice(0, 3).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['update', { viewId: null }, { viewId: shared.id }],
      ['update', { viewId: shared.id }, { viewId: null }],
      ['update', { viewId: null }, { viewId: shared.id }],
    ]);
  });

  it("lets an Admin set the organisation's default: a shared staff view, for staff only", async () => {
    const shared = await save(admin, { name: 'Organisation view', shared: true });
    const personal = await save(admin, { name: 'Not for everyone' });
    const blues = await save(blue, { name: 'Blue for all', shared: true });

    expect(await call(employee, 'PUT', '/api/Views/organisation-default', { id: shared.id })).toEqual(
      refused(403, ORGANISATION_DEFAULT_FORBIDDEN),
    );
    expect(await call(blue, 'PUT', '/api/Views/organisation-default', { id: blues.id })).toEqual(
      refused(403, ORGANISATION_DEFAULT_FORBIDDEN),
    );
    expect(await call(admin, 'PUT', '/api/Views/organisation-default', { id: personal.id })).toEqual(
      refused(400, ORGANISATION_DEFAULT_NOT_SHARED),
    );
    expect(await call(admin, 'PUT', '/api/Views/organisation-default', { id: blues.id })).toEqual(notFound);

    expect(await ok<ViewDefaults>(admin, 'PUT', '/api/Views/organisation-default', { id: shared.id })).toMatchObject({
      orgDefault: shared.id,
    });
    const staffList = await list(employee);
    expect(staffList.orgDefault).toBe(shared.id);
    expect(staffList.views.find((view) => view.id === shared.id)?.isOrgDefault).toBe(true);
    // Forwarders do not get it (a staff view's filters can name other forwarders).
    expect((await list(blue)).orgDefault).toBe(null);

    // Unshared, it is no one's default; shared again, it is back.
    await ok(admin, 'PUT', `/api/Views/${shared.id}`, { name: 'Organisation view', shared: false });
    expect((await list(employee)).orgDefault).toBe(null);
    await ok(admin, 'PUT', `/api/Views/${shared.id}`, { name: 'Organisation view', shared: true });
    expect((await list(employee)).orgDefault).toBe(shared.id);

    // Deleted, it clears.
    await ok(admin, 'DELETE', `/api/Views/${shared.id}`);
    expect((await list(employee)).orgDefault).toBe(null);
    expect((await list(admin)).orgDefault).toBe(null);

    const entries = await audits('saved_view_settings', 1);
    expect(entries.map((entry) => [entry.actor_email, entry.before, entry.after])).toEqual([
      ['admin@napco.example', { organisationDefaultViewId: null }, { organisationDefaultViewId: shared.id }],
    ]);
  });
});

async function personId(email: string) {
  const { peoples } = await ok<PeopleResponse>(admin, 'GET', `/api/Peoples?email=${encodeURIComponent(email)}`);
  return peoples[0]?.id;
}
