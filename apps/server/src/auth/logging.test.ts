import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { people } from '../db/schema.ts';
import { loggerOptions } from '../logging.ts';
import { createTestDatabase } from '../testing/test-database.ts';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('writes no password, token or cookie to the logs, and no line for the session poll', async () => {
  const config = loadConfig({ LOG_LEVEL: 'debug', AUTH_SECRET: 'a test secret that is long enough to use' });
  const app = await buildApp(config, database, { logger: { ...loggerOptions('debug'), stream: capture } });
  const password = 'secret-password-1234';
  await database.db.insert(people).values({ email: 'logged@example.com', full_name: 'Logged', role: 'Employee' });
  await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email: 'logged@example.com', password, name: 'L' },
  });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: 'logged@example.com', password },
  });
  const token: string = signIn.json().token;
  await app.inject({
    url: '/api/Peoples',
    headers: { authorization: `Bearer ${token}`, cookie: `quayside.session_token=${token}` },
  });
  await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: 'logged@example.com', password: 'wrong-password-5678' },
  });
  await app.inject({ url: `/api/auth/reset-password/${token}?token=${token}` });
  await app.inject({ url: '/api/auth/get-session', headers: { authorization: `Bearer ${token}` } });
  await app.close();

  const log = lines.join('');
  expect(log).toContain('"url":"/api/Peoples"'); // the requests were logged...
  expect(log).not.toContain(password); // ...without their secrets
  expect(log).not.toContain('wrong-password-5678');
  expect(log).not.toContain(token);
  // The web app's 5-second session poll would bury everything else.
  expect(log).not.toContain('/api/auth/get-session');
});
