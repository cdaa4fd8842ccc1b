import type { NotificationsResponse } from '@quayside/domain/alerts';
import pino from 'pino';
import { expect } from 'vitest';
import { defineJobs } from '../../jobs/jobs.ts';
import { bearer, type TestApp } from '../../testing/test-app.ts';

// The requests both alerts test files make, through the app and as the Admin that `world()` gives
// once the file's beforeAll has built them.

export function alertsRequests(world: () => { t: TestApp; admin: string }) {
  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await world().t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  /** The answer's body, failing the test on any status but 200. */
  const ok = async <T>(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const { status, body } = await call(token, method, url, payload);
    expect(status, JSON.stringify(body)).toBe(200);
    return body as T;
  };
  return {
    call,
    ok,
    /** The Admin saves a shipment's fields (a new one without `id`). */
    saveShipment: (fields: Record<string, unknown>, id?: string) =>
      ok(world().admin, 'POST', `/api/Shipments${id ? `?id=${id}` : ''}`, [fields]),
    /** One run of a real job, as its queue would run it. */
    runJob: async (name: string) => {
      const { t } = world();
      const job = defineJobs(t.db, t.config, pino({ level: 'silent' })).find((known) => known.name === name);
      return job?.handle({});
    },
    /** What the bell shows the user. */
    bell: (token: string) => ok<NotificationsResponse>(token, 'GET', '/api/Alerts'),
  };
}
