import { expect } from 'vitest';
import { multipart } from '../../testing/multipart.ts';
import { bearer, type TestApp } from '../../testing/test-app.ts';

// What the exceptions test files share: a clock the tests move, and the writes that make
// exceptions, each failing the test on any answer but 200.

/** Noon UTC of the day a test sets (12 March 2027 until then): no write is needed for a day to pass. */
export function movableClock() {
  let now = new Date('2027-03-12T12:00:00Z');
  return {
    now: () => now,
    setToday: (day: string) => {
      now = new Date(`${day}T12:00:00Z`);
    },
  };
}

/** Saving a shipment's fields (a new one without `id`) and uploading a document, through the app `app()` gives. */
export function exceptionWrites(app: () => TestApp) {
  return {
    save: async (token: string, fields: Record<string, unknown>, id?: string) => {
      const response = await app().app.inject({
        method: 'POST',
        url: `/api/Shipments${id === undefined ? '' : `?id=${encodeURIComponent(id)}`}`,
        headers: bearer(token),
        payload: [fields],
      });
      expect(response.statusCode, response.body).toBe(200);
    },
    uploadDocument: async (token: string, shipment: string, documentType: string) => {
      const body = multipart(
        [
          ['documentType', documentType],
          ['shipment', shipment],
        ],
        [{ name: `${documentType}.pdf`, bytes: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') }],
      );
      const response = await app().app.inject({
        method: 'POST',
        url: '/api/Files',
        headers: { ...bearer(token), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    },
  };
}
