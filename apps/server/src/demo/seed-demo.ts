import { randomBytes, randomUUID } from 'node:crypto';
import type { ASSIGNABLE_ROLES } from '@quayside/domain/people';
import { asc, eq, like } from 'drizzle-orm';
import type { createAuthFromConfig } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';
import { documents, people, shipments } from '../db/schema.ts';
import { type AuditActor, recordAudit } from '../modules/audit/audit.service.ts';
import { writePerson } from '../modules/people/people.service.ts';
import type { DocumentStore } from '../storage/document-store.ts';
import { FORWARDERS, generateShipments } from './generate.ts';

const PREFIX = 'QS-';
const DEMO_LINE_ITEMS = 900;
const SEED_ACTOR: AuditActor = { personId: null, email: 'seed-demo' };

type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export type DemoUser = { email: string; role: AssignableRole; company: string; password: string | null };

const DEMO_PEOPLE: { email: string; name: string; role: AssignableRole; company: string }[] = [
  { email: 'admin@demo.quayside.test', name: 'Ada Admin', role: 'Admin', company: 'NAPCO' },
  { email: 'employee@demo.quayside.test', name: 'Emil Employee', role: 'Employee', company: 'NAPCO' },
  ...FORWARDERS.map((company) => ({
    email: `${company.split(' ')[0]?.toLowerCase()}@demo.quayside.test`,
    name: `${company} Desk`,
    role: 'Forwarder' as const,
    company,
  })),
];

/**
 * Demo data: 300 shipments with 900 line items and their parts, a few documents, and one user per
 * role (a forwarder per forwarder company). Running it again adds nothing: existing data and users stay.
 */
export async function seedDemo(db: Database, auth: ReturnType<typeof createAuthFromConfig>, store: DocumentStore) {
  const [existing] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(like(shipments.shipment, `${PREFIX}%`))
    .limit(1);
  const createdData = !existing;
  if (createdData) {
    await generateShipments(db, { prefix: PREFIX, lineItems: DEMO_LINE_ITEMS, seed: 2026, today: new Date() });
    await seedDocuments(db, store);
    await recordAudit(db, SEED_ACTOR, {
      action: 'create',
      entity: 'demo-data',
      entityId: null,
      after: { shipments: DEMO_LINE_ITEMS / 3, lineItems: DEMO_LINE_ITEMS },
    });
  }
  const users: DemoUser[] = [];
  for (const person of DEMO_PEOPLE) users.push(await seedUser(db, auth, person));
  return { createdData, users };
}

async function seedUser(
  db: Database,
  auth: ReturnType<typeof createAuthFromConfig>,
  person: (typeof DEMO_PEOPLE)[number],
): Promise<DemoUser> {
  const [existing] = await db.select().from(people).where(eq(people.email, person.email));
  if (existing?.fireauth_id) return { email: person.email, role: person.role, company: person.company, password: null };
  await db.transaction((tx) =>
    writePerson(
      tx,
      SEED_ACTOR,
      { email: person.email, full_name: person.name, role: person.role, company_name: person.company },
      existing,
    ),
  );
  const password = randomBytes(12).toString('base64url');
  await auth.api.signUpEmail({ body: { email: person.email, password, name: person.name } });
  return { email: person.email, role: person.role, company: person.company, password };
}

/** A one-page PDF naming its shipment, so the documents tab and the report have something real to show. */
const demoPdf = (title: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n` +
      `3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R>> endobj\n` +
      `4 0 obj <</Length 44>> stream\nBT /F1 12 Tf 20 100 Td (${title}) Tj ET\nendstream endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
  );

async function seedDocuments(db: Database, store: DocumentStore) {
  const firstShipments = await db
    .select()
    .from(shipments)
    .where(like(shipments.shipment, `${PREFIX}%`))
    .orderBy(asc(shipments.shipment))
    .limit(6);
  const types = ['Bill of Lading', 'Commercial Invoice', 'Packing List'];
  for (const [index, shipment] of firstShipments.entries()) {
    const type = types[index % types.length] ?? 'Other';
    const bytes = demoPdf(`${type} ${shipment.shipment}`);
    const key = randomUUID();
    await store.put(key, bytes);
    await db.insert(documents).values({
      shipment_id: shipment.id,
      file_name: `${type.replaceAll(' ', '-')}-${shipment.shipment}.pdf`,
      document_type: type,
      content_type: 'application/pdf',
      size_bytes: bytes.length,
      storage_key: key,
    });
  }
}
