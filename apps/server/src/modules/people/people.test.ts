import {
  EMAIL_IMMUTABLE_MESSAGE,
  FORWARDER_NEEDS_COMPANY,
  type PeopleResponse,
  type Person,
} from '@quayside/domain/people';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authSession, authUser, people } from '../../db/schema.ts';
import { bearer, createTestApp, signInRequest, TEST_PASSWORD, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ONLY_ADMINS = 'Only administrators can manage users.';

type Headers = Record<string, string>;
type Body = object | string;

const signedInAdmin = (email: string) => t.signedInAs({ email, role: 'Admin', company_name: 'NAPCO' });

let numberedAdmins = 0;
/** For table-driven tests: every test signs in its own administrator, as the database is shared by the file. */
const anotherAdmin = () => signedInAdmin(`admin.${++numberedAdmins}@napco.example`);

const listPeople = (token: string, query = '', headers: Headers = {}) =>
  t.app.inject({ url: `/api/Peoples${query}`, headers: { ...bearer(token), ...headers } });

const savePeople = (token: string, payload: Body, headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url: '/api/Peoples', headers: { ...bearer(token), ...headers }, payload });

const deletePeople = (token: string, payload: Body, headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url: '/api/Peoples/delete', headers: { ...bearer(token), ...headers }, payload });

const byEmail = (email: string) => `?email=${encodeURIComponent(email)}`;

const peoplesIn = (response: LightMyRequestResponse): Person[] => response.json<PeopleResponse>().peoples;

async function storedPerson(email: string) {
  const [row] = await t.db.select().from(people).where(eq(people.email, email));
  return row;
}

async function auditOf(personId: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'person'), eq(auditLog.entity_id, String(personId))))
    .orderBy(asc(auditLog.id));
}

/** What a refused write must leave untouched: every person, and the audit trail. */
async function storedState() {
  return {
    people: await t.db.select().from(people).orderBy(asc(people.id)),
    auditRows: await t.db.$count(auditLog),
  };
}

describe('adding people', () => {
  it('adds a person as Inactive, without an account, with the default role and a normalised e-mail', async () => {
    const admin = await signedInAdmin('admin.adds@napco.example');
    const response = await savePeople(admin, [{ full_name: 'Ada Newcomer', email: '  Ada.Newcomer@Example.COM ' }]);

    expect(response.statusCode).toBe(200);
    const [added] = peoplesIn(response);
    expect(added).toMatchObject({
      full_name: 'Ada Newcomer',
      email: 'ada.newcomer@example.com',
      role: 'Employee',
      company_name: '',
      department: '',
      fireauth_id: '',
      status: 'Inactive',
    });
    const stored = await storedPerson('ada.newcomer@example.com');
    expect(stored).toMatchObject({ id: added?.id, role: 'Employee', fireauth_id: null });
  });

  it('lists everyone to an administrator, and finds one person by an e-mail with surrounding spaces', async () => {
    const admin = await signedInAdmin('admin.lists@napco.example');
    await t.addPerson({ email: 'listed.one@example.com' });
    await t.addPerson({ email: 'listed.two@example.com', role: 'Forwarder', company_name: 'Blue Freight' });

    const everyone = await listPeople(admin);
    expect(everyone.statusCode).toBe(200);
    expect(peoplesIn(everyone).map((person) => person.email)).toEqual(
      expect.arrayContaining(['admin.lists@napco.example', 'listed.one@example.com', 'listed.two@example.com']),
    );

    const one = await listPeople(admin, byEmail('  Listed.Two@Example.com  '));
    expect(one.statusCode).toBe(200);
    expect(peoplesIn(one)).toEqual([
      expect.objectContaining({ email: 'listed.two@example.com', role: 'Forwarder', company_name: 'Blue Freight' }),
    ]);
  });
});

describe('editing people', () => {
  it('changes name, role and company of a person chosen by id', async () => {
    const admin = await signedInAdmin('admin.edits@napco.example');
    const person = await t.addPerson({ email: 'edited@example.com', full_name: 'Old Name' });

    const response = await savePeople(admin, [
      {
        id: person.id,
        email: 'edited@example.com',
        full_name: 'New Name',
        role: 'Forwarder',
        company_name: 'Blue Freight',
      },
    ]);

    expect(response.statusCode).toBe(200);
    expect(peoplesIn(response)).toEqual([
      expect.objectContaining({
        id: person.id,
        full_name: 'New Name',
        role: 'Forwarder',
        company_name: 'Blue Freight',
      }),
    ]);
    expect(await storedPerson('edited@example.com')).toMatchObject({
      full_name: 'New Name',
      role: 'Forwarder',
      company_name: 'Blue Freight',
    });
  });

  it('refuses a Forwarder without a company, added or edited, saying why, and changes nothing', async () => {
    const admin = await signedInAdmin('admin.forwarders@napco.example');
    const person = await t.addPerson({ email: 'becomes.forwarder@example.com', full_name: 'Employee First' });
    for (const entry of [
      { email: 'new.forwarder@example.com', full_name: 'New Forwarder', role: 'Forwarder' as const },
      {
        email: 'new.forwarder@example.com',
        full_name: 'New Forwarder',
        role: 'Forwarder' as const,
        company_name: '  ',
      },
      {
        id: person.id,
        email: 'becomes.forwarder@example.com',
        full_name: 'Employee First',
        role: 'Forwarder' as const,
      },
    ]) {
      const response = await savePeople(admin, [entry]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(FORWARDER_NEEDS_COMPANY);
    }
    expect(await storedPerson('new.forwarder@example.com')).toBeUndefined();
    expect(await storedPerson('becomes.forwarder@example.com')).toMatchObject({ role: 'Employee', company_name: '' });
  });

  it('refuses to change the e-mail of an existing person', async () => {
    const admin = await signedInAdmin('admin.renames@napco.example');
    const person = await t.addPerson({ email: 'fixed.address@example.com' });
    const before = await storedState();

    const response = await savePeople(admin, [
      { id: person.id, email: 'other.address@example.com', full_name: 'Fixed' },
    ]);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: EMAIL_IMMUTABLE_MESSAGE });
    expect(await storedState()).toEqual(before);
  });

  it('updates the person with the same e-mail instead of adding a second one', async () => {
    const admin = await signedInAdmin('admin.upserts@napco.example');
    const person = await t.addPerson({ email: 'upserted@example.com', full_name: 'First Entry' });

    const response = await savePeople(admin, [
      { email: 'Upserted@Example.com', full_name: 'Second Entry', role: 'Forwarder', company_name: 'Blue Freight' },
    ]);

    expect(response.statusCode).toBe(200);
    expect(peoplesIn(response)).toEqual([expect.objectContaining({ id: person.id, full_name: 'Second Entry' })]);
    const rows = await t.db.select().from(people).where(eq(people.email, 'upserted@example.com'));
    expect(rows).toEqual([expect.objectContaining({ id: person.id, full_name: 'Second Entry', role: 'Forwarder' })]);
  });

  it('keeps the fields an edit leaves out', async () => {
    const admin = await signedInAdmin('admin.edits.partially@napco.example');
    const person = await t.addPerson({ email: 'partial@example.com', role: 'Forwarder', company_name: 'Blue Freight' });

    const response = await savePeople(admin, [{ id: person.id, email: 'partial@example.com', full_name: 'Renamed' }]);

    expect(response.statusCode).toBe(200);
    expect(peoplesIn(response)).toEqual([
      expect.objectContaining({ full_name: 'Renamed', role: 'Forwarder', company_name: 'Blue Freight' }),
    ]);
  });

  it('refuses to let an administrator change their own role', async () => {
    const admin = await signedInAdmin('admin.demotes.self@napco.example');
    const self = await storedPerson('admin.demotes.self@napco.example');
    const before = await storedState();

    const response = await savePeople(admin, [
      { id: self?.id, email: 'admin.demotes.self@napco.example', full_name: 'Me', role: 'Employee' },
    ]);

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You cannot change your own role.');
    expect(await storedState()).toEqual(before);
  });
});

describe('deleting people', () => {
  it('removes the person from the people list', async () => {
    const admin = await signedInAdmin('admin.deletes@napco.example');
    await t.addPerson({ email: 'leaver@example.com' });

    const response = await deletePeople(admin, [{ email: ' Leaver@Example.com ' }]);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'User deleted.' });
    expect(await storedPerson('leaver@example.com')).toBeUndefined();
    expect(peoplesIn(await listPeople(admin, byEmail('leaver@example.com')))).toEqual([]);
  });

  it('ends the session of a deleted person at once', async () => {
    const admin = await signedInAdmin('admin.revokes@napco.example');
    const employee = await t.signedInAs({ email: 'dismissed@example.com', role: 'Employee' });
    expect((await listPeople(employee)).statusCode).toBe(200);
    const accountId = (await storedPerson('dismissed@example.com'))?.fireauth_id ?? '';

    expect((await deletePeople(admin, [{ email: 'dismissed@example.com' }])).statusCode).toBe(200);

    expect((await listPeople(employee)).statusCode).toBe(401);
    expect(await t.db.select().from(authUser).where(eq(authUser.id, accountId))).toEqual([]);
    expect(await t.db.select().from(authSession).where(eq(authSession.userId, accountId))).toEqual([]);
    expect((await signInRequest(t.app, 'dismissed@example.com', TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('answers 404 for an e-mail that is not in the people list', async () => {
    const admin = await signedInAdmin('admin.deletes.unknown@napco.example');
    const before = await storedState();

    const response = await deletePeople(admin, [{ email: 'nobody.here@example.com' }]);

    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This user no longer exists.');
    expect(await storedState()).toEqual(before);
  });

  it('deletes one person at a time', async () => {
    const admin = await signedInAdmin('admin.deletes.two@napco.example');
    await t.addPerson({ email: 'pair.one@example.com' });
    await t.addPerson({ email: 'pair.two@example.com' });
    const before = await storedState();

    const response = await deletePeople(admin, [{ email: 'pair.one@example.com' }, { email: 'pair.two@example.com' }]);

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/exactly one/i);
    expect(await storedState()).toEqual(before);
  });

  it('refuses to let an administrator delete themselves', async () => {
    const admin = await signedInAdmin('admin.deletes.self@napco.example');
    const before = await storedState();

    const response = await deletePeople(admin, [{ email: 'admin.deletes.self@napco.example' }]);

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You cannot delete your own user.');
    expect(await storedState()).toEqual(before);
  });
});

// The web client sends its cached profile in this header; the server must take the role from the session only.
const SPOOFED_ADMIN = { 'user-data': JSON.stringify({ role: 'Admin', company_name: 'X' }) };

describe.each([
  { role: 'Employee' as const, headers: {}, situation: '' },
  { role: 'Forwarder' as const, headers: {}, situation: '' },
  { role: 'Employee' as const, headers: SPOOFED_ADMIN, situation: ' claiming Admin in user-data' },
  { role: 'Forwarder' as const, headers: SPOOFED_ADMIN, situation: ' claiming Admin in user-data' },
])('a signed-in $role$situation', ({ role, headers, situation }) => {
  const tag = `${role.toLowerCase()}${situation ? '.spoofing' : ''}`;

  it('cannot add, edit or delete people', async () => {
    const token = await t.signedInAs({ email: `${tag}.writer@example.com`, role, company_name: 'Blue Freight' });
    const colleague = await t.addPerson({ email: `${tag}.colleague@example.com` });
    const before = await storedState();

    const refusals = [
      await savePeople(
        token,
        [{ full_name: 'Intruder', email: `${tag}.intruder@example.com`, role: 'Admin' }],
        headers,
      ),
      await savePeople(token, [{ id: colleague.id, email: colleague.email, full_name: 'Renamed' }], headers),
      await savePeople(token, [{ email: `${tag}.writer@example.com`, full_name: 'Me', role: 'Admin' }], headers),
      await deletePeople(token, [{ email: colleague.email }], headers),
    ];

    for (const response of refusals) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: ONLY_ADMINS });
    }
    expect(await storedState()).toEqual(before);
  });

  it('sees only their own record', async () => {
    const token = await t.signedInAs({ email: `${tag}.reader@example.com`, role, company_name: 'Blue Freight' });
    await t.addPerson({ email: `${tag}.neighbour@example.com`, company_name: 'Blue Freight' });

    const everyone = await listPeople(token, '', headers);
    expect(everyone.statusCode).toBe(200);
    expect(peoplesIn(everyone)).toEqual([
      expect.objectContaining({ email: `${tag}.reader@example.com`, role, status: 'Active' }),
    ]);

    const someoneElse = await listPeople(token, byEmail(`${tag}.neighbour@example.com`), headers);
    expect(someoneElse.statusCode).toBe(200);
    expect(peoplesIn(someoneElse)).toEqual([]);
  });
});

describe('fields a client may not set', () => {
  it('ignores fireauth_id and status sent by an administrator, on add and on edit', async () => {
    const admin = await signedInAdmin('admin.mass.assigns@napco.example');
    const smuggled = { fireauth_id: 'someone-elses-account', status: 'Active' };

    const added = await savePeople(admin, [{ full_name: 'Smuggler', email: 'smuggler@example.com', ...smuggled }]);
    expect(added.statusCode).toBe(200);
    expect(peoplesIn(added)).toEqual([expect.objectContaining({ fireauth_id: '', status: 'Inactive' })]);

    const id = peoplesIn(added)[0]?.id;
    const edited = await savePeople(admin, [{ id, full_name: 'Smuggler', email: 'smuggler@example.com', ...smuggled }]);
    expect(edited.statusCode).toBe(200);
    expect(peoplesIn(edited)).toEqual([expect.objectContaining({ fireauth_id: '', status: 'Inactive' })]);

    expect((await storedPerson('smuggler@example.com'))?.fireauth_id).toBeNull();
  });
});

describe('bad request bodies', () => {
  const valid = { full_name: 'Valid Person', email: 'valid.person@example.com' };
  const jsonHeaders = { 'content-type': 'application/json' };

  it.each<{ problem: string; payload: Body; headers?: Headers }>([
    { problem: 'not an array', payload: valid },
    { problem: 'an empty array', payload: [] },
    { problem: 'a number for full_name', payload: [{ ...valid, full_name: 42 }] },
    { problem: 'no full_name', payload: [{ email: valid.email }] },
    { problem: 'an empty full_name', payload: [{ ...valid, full_name: '   ' }] },
    { problem: 'no email', payload: [{ full_name: valid.full_name }] },
    { problem: 'an invalid e-mail', payload: [{ ...valid, email: 'not-an-email' }] },
    { problem: 'the display-only role Manager', payload: [{ ...valid, role: 'Manager' }] },
    { problem: 'an unknown role', payload: [{ ...valid, role: 'Superuser' }] },
    { problem: 'a 10,000-character full_name', payload: [{ ...valid, full_name: 'x'.repeat(10_000) }] },
    { problem: 'a NUL character in full_name', payload: [{ ...valid, full_name: 'a\u0000b' }] },
    { problem: 'a NUL character in company_name', payload: [{ ...valid, company_name: '\u0000' }] },
    { problem: 'malformed JSON', payload: '{not json', headers: jsonHeaders },
    {
      problem: '501 people',
      payload: Array.from({ length: 501 }, (_, i) => ({ full_name: `Bulk ${i}`, email: `bulk.${i}@example.com` })),
    },
    // All or none: one bad entry after a good one must not leave the good one saved.
    { problem: 'a valid person followed by an invalid one', payload: [valid, { ...valid, email: 'not-an-email' }] },
  ])('saving $problem answers 400 and changes nothing', async ({ payload, headers }) => {
    const admin = await anotherAdmin();
    const before = await storedState();

    const response = await savePeople(admin, payload, headers);

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.stringMatching(/\S/));
    expect(await storedState()).toEqual(before);
  });

  it('answers 400, not 500, to a NUL character in the e-mail query', async () => {
    const admin = await signedInAdmin('admin.queries.nul@napco.example');
    const response = await listPeople(admin, '?email=a%00b');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Text must not contain NUL characters./);
  });

  it('says an e-mail is not valid, in the words the Add User form shows at the field', async () => {
    const admin = await signedInAdmin('admin.bad.email@napco.example');
    const response = await savePeople(admin, [{ ...valid, email: 'valid.person.example.com' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Enter a valid e-mail address\./);
  });

  it('explains which roles can be given', async () => {
    const admin = await signedInAdmin('admin.offers.manager@napco.example');
    const response = await savePeople(admin, [{ ...valid, role: 'Manager' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Role must be one of Admin, Employee, Forwarder/);
  });

  it.each<{ problem: string; payload: Body; headers?: Headers }>([
    { problem: 'not an array', payload: { email: 'valid.person@example.com' } },
    { problem: 'an empty array', payload: [] },
    { problem: 'an invalid e-mail', payload: [{ email: 'not-an-email' }] },
    { problem: 'malformed JSON', payload: '{not json', headers: jsonHeaders },
  ])('deleting with $problem answers 400 and changes nothing', async ({ payload, headers }) => {
    const admin = await anotherAdmin();
    const before = await storedState();

    const response = await deletePeople(admin, payload, headers);

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.stringMatching(/\S/));
    expect(await storedState()).toEqual(before);
  });
});

describe('audit trail', () => {
  it('records who added, edited and deleted a person, with the record before and after', async () => {
    const adminEmail = 'admin.audited@napco.example';
    const admin = await signedInAdmin(adminEmail);

    const added = await savePeople(admin, [{ full_name: 'Audited Person', email: 'audited@example.com' }]);
    const id = peoplesIn(added)[0]?.id ?? 0;
    await savePeople(admin, [
      {
        id,
        full_name: 'Audited Renamed',
        email: 'audited@example.com',
        role: 'Forwarder',
        company_name: 'Blue Freight',
      },
    ]);
    await deletePeople(admin, [{ email: 'audited@example.com' }]);

    const [create, update, remove, ...rest] = await auditOf(id);
    expect(rest).toEqual([]);
    expect(create).toMatchObject({
      action: 'create',
      entity: 'person',
      actor_email: adminEmail,
      before: null,
      after: expect.objectContaining({ email: 'audited@example.com', full_name: 'Audited Person', role: 'Employee' }),
    });
    expect(update).toMatchObject({
      action: 'update',
      actor_email: adminEmail,
      before: expect.objectContaining({ full_name: 'Audited Person', role: 'Employee' }),
      after: expect.objectContaining({ full_name: 'Audited Renamed', role: 'Forwarder' }),
    });
    expect(remove).toMatchObject({
      action: 'delete',
      actor_email: adminEmail,
      before: expect.objectContaining({ email: 'audited@example.com', full_name: 'Audited Renamed' }),
      after: null,
    });
  });

  it('records one row per person of a batch', async () => {
    const admin = await signedInAdmin('admin.audits.batch@napco.example');
    const response = await savePeople(admin, [
      { full_name: 'Batch One', email: 'batch.one@example.com' },
      { full_name: 'Batch Two', email: 'batch.two@example.com' },
    ]);

    for (const person of peoplesIn(response)) {
      expect(await auditOf(person.id)).toEqual([
        expect.objectContaining({ action: 'create', actor_email: 'admin.audits.batch@napco.example' }),
      ]);
    }
  });
});
