import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authSession, authUser } from '../db/schema.ts';
import { bearer, createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const readPeople = (token: string) => t.app.inject({ url: '/api/Peoples', headers: bearer(token) });

async function sessionOf(token: string) {
  const [session] = await t.db.select().from(authSession).where(eq(authSession.token, token));
  if (!session) throw new Error('no session for token');
  return session;
}

it('ends a session at a fixed time after sign-in, however much it is used', async () => {
  const token = await t.signedInAs({ email: 'busy@example.com', role: 'Employee' });
  const before = await sessionOf(token);
  const lifetimeMs = before.expiresAt.getTime() - before.createdAt.getTime();
  expect(Math.abs(lifetimeMs - t.config.sessionLifetimeSeconds * 1000)).toBeLessThan(5_000);

  for (let use = 0; use < 3; use++) expect((await readPeople(token)).statusCode).toBe(200);
  expect((await sessionOf(token)).expiresAt).toEqual(before.expiresAt); // never extended

  await t.db
    .update(authSession)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(authSession.token, token));
  expect((await readPeople(token)).statusCode).toBe(401);
});

it('refuses a disabled account at once, without waiting for its session to end', async () => {
  const token = await t.signedInAs({ email: 'disabled@example.com', role: 'Admin' });
  expect((await readPeople(token)).statusCode).toBe(200);
  await t.db.update(authUser).set({ banned: true }).where(eq(authUser.email, 'disabled@example.com'));
  expect((await readPeople(token)).statusCode).toBe(401);
});

it('takes role changes from the people list on the next request', async () => {
  const token = await t.signedInAs({ email: 'promoted@example.com', role: 'Employee' });
  await t.addPerson({ email: 'colleague@example.com' });
  expect((await readPeople(token)).json().peoples).toHaveLength(1);
  await t.database.pool.query(`update people set role = 'Admin' where email = 'promoted@example.com'`);
  expect((await readPeople(token)).json().peoples.length).toBeGreaterThan(1);
});
