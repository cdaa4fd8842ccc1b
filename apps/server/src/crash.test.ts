// Crash safety: what the server acknowledged survives a SIGKILL of the server and of its embedded
// database process (PGlite), together, in the middle of a burst of writes. On PostgreSQL the kill
// reaches only the server; the database keeps running, so the test shows the server never
// acknowledges a write before its transaction commits.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './testing/multipart.ts';
import {
  createServerData,
  openServerDatabase,
  type RealServer,
  runCli,
  signInOverHttp,
  startRealServer,
} from './testing/real-server.ts';
import { testEngine } from './testing/test-database.ts';

const ADMIN = { email: 'crash-admin@napco.example', password: 'crash test admin password' };
/** Concurrent writers, like a few busy users. */
const WRITERS = 8;
/** Acknowledged writes before the kill: the other writers' requests are still in flight then. */
const KILL_AFTER_ACKNOWLEDGEMENTS = 120;

/** A small valid PDF whose bytes name its shipment, so each stored file can be told apart. */
const pdfFor = (shipment: string) => Buffer.from(`%PDF-1.4\n% ${shipment}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

type Acknowledged = {
  shipments: Set<string>;
  parts: Map<string, { shipment: string; po: string; qty: number }>;
  documents: Map<string, { shipment: string; bytes: Buffer }>;
};

let data: Awaited<ReturnType<typeof createServerData>>;
let server: RealServer | undefined;
beforeAll(async () => {
  data = await createServerData();
  await runCli(data.env, [
    'create-user',
    ...['--email', ADMIN.email, '--password', ADMIN.password],
    ...['--role', 'Admin', '--name', 'Crash Admin', '--company', 'NAPCO'],
  ]);
});
afterAll(async () => {
  await server?.stop();
  await data?.remove();
});

describe(`a SIGKILL mid-burst (${testEngine})`, () => {
  it('keeps every acknowledged shipment, line item, part and document, each with its audit entry', async () => {
    server = await startRealServer(data.env);
    const token = await signInOverHttp(server.baseUrl, ADMIN.email, ADMIN.password);
    const acknowledged: Acknowledged = { shipments: new Set(), parts: new Map(), documents: new Map() };
    const burst = await writeUntilKilled(server, token, acknowledged);

    // The same data directory (and PGlite's lock file, left by a dead process) and the same session.
    server = await startRealServer(data.env);
    const found = await readBack(server.baseUrl, token, acknowledged);
    const afterRestart = await post(server.baseUrl, token, '/api/Shipments', [
      { Shipment: 'AFTER-RESTART', 'Order Ref': 'PO-A' },
    ]);
    expect(afterRestart.status).toBe(200);
    await server.stop();
    server = undefined;

    const audit = await auditOfBurst(acknowledged);
    console.log(
      `crash (${testEngine}): ${burst.sent} writes sent, ${burst.acknowledged} acknowledged, ` +
        `${burst.inFlightAtKill} in flight at the kill; after restart found ${found.shipments} shipments ` +
        `(${found.lineItems} line items), ${found.parts} parts, ${found.documents} documents of those acknowledged; ` +
        `${audit.entries} audit entries for ${audit.rows} stored rows (${audit.unacknowledgedRows} committed but unacknowledged)`,
    );
    expect(burst.errors).toEqual([]);
    expect(burst.inFlightAtKill).toBeGreaterThan(0);
    expect(found).toEqual({
      shipments: acknowledged.shipments.size,
      lineItems: 2 * acknowledged.shipments.size,
      parts: acknowledged.parts.size,
      documents: acknowledged.documents.size,
    });
  }, 180_000);
});

/**
 * Writers loop over shipments CR-n: create it (two line items), add a part, upload a document.
 * Every 2xx answer is recorded; at KILL_AFTER_ACKNOWLEDGEMENTS the process group gets SIGKILL.
 */
async function writeUntilKilled(target: RealServer, token: string, acknowledged: Acknowledged) {
  let next = 0;
  let sent = 0;
  let count = 0;
  let inFlight = 0;
  let inFlightAtKill = 0;
  let killed: Promise<void> | undefined;
  const errors: string[] = [];

  /** One write; false once the server is gone (the answer never came, so nothing is acknowledged). */
  const write = async (path: string, body: unknown, onAcknowledged: (answer: unknown) => void) => {
    if (killed) return false;
    sent += 1;
    inFlight += 1;
    try {
      const response = await post(target.baseUrl, token, path, body);
      const answer: unknown = await response.json();
      if (!response.ok) {
        errors.push(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
        return false;
      }
      onAcknowledged(answer);
      count += 1;
      if (count === KILL_AFTER_ACKNOWLEDGEMENTS) {
        inFlightAtKill = inFlight - 1;
        killed = target.kill();
      }
      return !killed;
    } catch {
      return false; // the connection died with the server
    } finally {
      inFlight -= 1;
    }
  };

  const writer = async () => {
    for (;;) {
      const n = next++;
      const shipment = `CR-${n}`;
      const po = `PO-${n}-1`;
      const isCreated = await write('/api/Shipments', [{ Shipment: shipment, 'Order Ref': `${po},PO-${n}-2` }], () =>
        acknowledged.shipments.add(shipment),
      );
      if (!isCreated) return;
      const part = { part_number: `P-${n}`, qty: n + 1, related_po_number: po, related_shipment: shipment };
      const isPartAdded = await write('/api/Parts', part, () =>
        acknowledged.parts.set(part.part_number, { shipment, po, qty: part.qty }),
      );
      if (!isPartAdded) return;
      const bytes = pdfFor(shipment);
      const upload = multipart(
        [
          ['documentType', 'Other'],
          ['shipment', shipment],
        ],
        [{ name: `${shipment}.pdf`, bytes }],
      );
      const isUploaded = await write('/api/Files', upload, (answer) => {
        const [document] = (answer as { documents: { id: string }[] }).documents;
        if (document) acknowledged.documents.set(document.id, { shipment, bytes });
      });
      if (!isUploaded) return;
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  await killed;
  return { sent, acknowledged: count, inFlightAtKill, errors };
}

/** Reads every acknowledged write back over HTTP; answers how many of each were found intact. */
async function readBack(baseUrl: string, token: string, acknowledged: Acknowledged) {
  const found = { shipments: 0, lineItems: 0, parts: 0, documents: 0 };
  for (const shipment of acknowledged.shipments) {
    const { shipments } = await getJson<{ shipments: { 'Order Ref': string[] }[] }>(
      baseUrl,
      token,
      `/api/Shipments?shipment=${shipment}`,
    );
    if (shipments.length === 1) found.shipments += 1;
    const n = shipment.slice('CR-'.length);
    found.lineItems += (shipments[0]?.['Order Ref'] ?? []).filter(
      (po) => po === `PO-${n}-1` || po === `PO-${n}-2`,
    ).length;
  }
  for (const [partNumber, { shipment, po, qty }] of acknowledged.parts) {
    const { parts } = await getJson<{ parts: { part_number: string; qty: number }[] }>(
      baseUrl,
      token,
      `/api/Parts/getParts?shipment=${shipment}&po=${po}`,
    );
    if (parts.some((part) => part.part_number === partNumber && part.qty === qty)) found.parts += 1;
  }
  for (const [id, { shipment, bytes }] of acknowledged.documents) {
    const { documents } = await getJson<{ documents: { id: string }[] }>(
      baseUrl,
      token,
      `/api/Files?shipment=${shipment}`,
    );
    const content = await fetch(`${baseUrl}/api/Files/${id}/content`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const stored = Buffer.from(await content.arrayBuffer());
    if (documents.some((document) => document.id === id) && content.ok && stored.equals(bytes)) found.documents += 1;
  }
  return found;
}

/**
 * Each acknowledged write has its audit entry, and the audit log and the data agree both ways
 * for everything the burst committed (acknowledged or not): a write and its entry commit together.
 */
async function auditOfBurst(acknowledged: Acknowledged) {
  const database = await openServerDatabase(data.env);
  try {
    const query = async <T>(text: string) => (await database.pool.query(text)).rows as T[];
    const storedShipments = await query<{ shipment: string }>(
      `select shipment from shipments where shipment like 'CR-%'`,
    );
    const storedParts = await query<{ part_number: string; line_item_id: string }>(
      `select p.part_number, p.line_item_id::text from parts p join line_items l on l.id = p.line_item_id
       join shipments s on s.id = l.shipment_id where s.shipment like 'CR-%'`,
    );
    const storedDocuments = await query<{ id: string; storage_key: string }>(
      `select d.id::text, d.storage_key from documents d join shipments s on s.id = d.shipment_id where s.shipment like 'CR-%'`,
    );
    const entries = await query<{ entity: string; entity_id: string; action: string; after: unknown }>(
      `select entity, entity_id, action, after from audit_log where actor_email = '${ADMIN.email}'`,
    );
    const auditedShipments = entries.filter(
      (entry) => entry.entity === 'shipment' && entry.action === 'create' && entry.entity_id.startsWith('CR-'),
    );
    const auditedDocuments = entries.filter((entry) => entry.entity === 'document' && entry.action === 'create');
    // A part entry names its line item and the parts after the change.
    const auditedParts = entries
      .filter((entry) => entry.entity === 'part' && entry.action === 'create')
      .flatMap((entry) => {
        const after = entry.after as { parts: { part_number: string }[] };
        return after.parts.map((part) => `${entry.entity_id}/${part.part_number}`);
      });

    const sorted = (values: Iterable<string>) => [...values].sort();
    expect(sorted(auditedShipments.map((entry) => entry.entity_id))).toEqual(
      sorted(storedShipments.map((row) => row.shipment)),
    );
    expect(sorted(auditedDocuments.map((entry) => entry.entity_id))).toEqual(
      sorted(storedDocuments.map((row) => row.id)),
    );
    expect(sorted(new Set(auditedParts))).toEqual(
      sorted(storedParts.map((row) => `${row.line_item_id}/${row.part_number}`)),
    );
    for (const shipment of acknowledged.shipments)
      expect(storedShipments.map((row) => row.shipment)).toContain(shipment);
    for (const id of acknowledged.documents.keys()) expect(storedDocuments.map((row) => row.id)).toContain(id);
    for (const partNumber of acknowledged.parts.keys())
      expect(storedParts.map((row) => row.part_number)).toContain(partNumber);
    // Every stored document's bytes are on disk, committed or merely acknowledged.
    for (const document of storedDocuments) {
      const file = path.join(String(data.env.DATA_DIR), 'files', document.storage_key);
      expect(existsSync(file) && readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    }
    const rows = storedShipments.length + storedParts.length + storedDocuments.length;
    const acknowledgedRows = acknowledged.shipments.size + acknowledged.parts.size + acknowledged.documents.size;
    const entriesOfBurst = auditedShipments.length + auditedDocuments.length + auditedParts.length;
    return { entries: entriesOfBurst, rows, unacknowledgedRows: rows - acknowledgedRows };
  } finally {
    await database.close();
  }
}

function post(baseUrl: string, token: string, path: string, body: unknown) {
  const isUpload = typeof body === 'object' && body !== null && 'contentType' in body && 'payload' in body;
  const { contentType, payload } = isUpload
    ? (body as ReturnType<typeof multipart>)
    : { contentType: 'application/json', payload: JSON.stringify(body) };
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: payload,
  });
}

async function getJson<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
