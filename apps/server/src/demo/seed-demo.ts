import { randomBytes, randomUUID } from 'node:crypto';
import type { DocumentType } from '@quayside/domain/documents';
import type { ASSIGNABLE_ROLES } from '@quayside/domain/people';
import { InviteContactBody } from '@quayside/domain/suppliers';
import { and, asc, eq, isNotNull, like, sql } from 'drizzle-orm';
import type { createAuthFromConfig } from '../auth/auth.ts';
import { createConfirmedAccount } from '../auth/verified-account.ts';
import type { Database } from '../db/client.ts';
import { people, shipments } from '../db/schema.ts';
import type { AuditActor } from '../modules/audit/audit.service.ts';
import { insertDocument } from '../modules/documents/documents.service.ts';
import { writePerson } from '../modules/people/people.service.ts';
import { insertSupplierContact } from '../modules/suppliers/suppliers.service.ts';
import type { DocumentStore } from '../storage/document-store.ts';
import { type Write, withWrite } from '../write/with-write.ts';
import { principalOf, seedBookings } from './demo-bookings.ts';
import { seedCarrierEvents } from './demo-carrier-events.ts';
import { seedConfirmations } from './demo-confirmations.ts';
import { seedConversations } from './demo-conversations.ts';
import { DEMO_FORWARDERS, generateShipments } from './demo-data.ts';
import { seedPurchaseOrders } from './demo-purchase-orders.ts';

/** Demo shipment numbers: QS-0000001 to QS-0000300. Their presence is what "already seeded" means. */
export const DEMO_PREFIX = 'QS-';
export const DEMO_SHIPMENTS = 300;
const DEMO_SEED = 2026;
const SEED_ACTOR: AuditActor = { personId: null, email: 'seed-demo', source: 'cli' };

type Auth = ReturnType<typeof createAuthFromConfig>;
type DemoRole = (typeof ASSIGNABLE_ROLES)[number] | 'Supplier';

/** A demo user; `password` is null when the user already existed (their password is unchanged). */
export type DemoUser = { email: string; role: string; company: string; password: string | null };

const DEMO_ADMIN = { email: 'admin@demo.quayside.test', name: 'Ada Admin', role: 'Admin' as const, company: 'NAPCO' };

/** Contacts of two demo suppliers (the shipments' consignors), each with POs to answer. */
const DEMO_SUPPLIERS = [
  {
    email: 'ningbo@demo.quayside.test',
    name: 'Nina Ningbo',
    role: 'Supplier' as const,
    company: 'Ningbo Hengda Plastics',
  },
  {
    email: 'taizhou@demo.quayside.test',
    name: 'Tao Taizhou',
    role: 'Supplier' as const,
    company: 'Taizhou Valve Works',
  },
];

/** One user per role, a forwarder for each forwarder company of the demo data, and supplier contacts. */
export const DEMO_PEOPLE: { email: string; name: string; role: DemoRole; company: string }[] = [
  DEMO_ADMIN,
  { email: 'employee@demo.quayside.test', name: 'Emil Employee', role: 'Employee', company: 'NAPCO' },
  ...DEMO_FORWARDERS.map((company) => ({
    email: `${company.split(' ')[0]?.toLowerCase()}@demo.quayside.test`,
    name: `${company} Desk`,
    role: 'Forwarder' as const,
    company,
  })),
  ...DEMO_SUPPLIERS,
];

/**
 * Demo data: 300 shipments (about 900 line items and 2,700 parts), a few documents, a purchase
 * order for each PO number with a few receipts (demo-purchase-orders.ts), and the demo users. Idempotent: data already there is left alone, and users that exist keep their password.
 * The data is one transaction (with an audit entry per shipment and document); each user is its
 * own, because better-auth creates the sign-in account through its own connection.
 */
export async function seedDemo(db: Database, auth: Auth, store: DocumentStore, options: { now?: Date } = {}) {
  const now = options.now ?? new Date();
  const createdData = await seedData(db, store, now);
  const users: DemoUser[] = [];
  for (const person of DEMO_PEOPLE) users.push(await seedUser(db, auth, person));
  // Bookings go through their own writes by their people (a confirmation creates a shipment).
  const [supplier] = DEMO_SUPPLIERS;
  const forwarder = DEMO_PEOPLE.find((person) => person.role === 'Forwarder');
  if (createdData && supplier && forwarder) {
    await seedBookings(db, { supplier: supplier.email, admin: DEMO_ADMIN.email, forwarder: forwarder.email }, now);
    await seedConversations(db, {
      supplier: await principalOf(db, supplier.email),
      admin: await principalOf(db, DEMO_ADMIN.email),
      employee: await principalOf(db, 'employee@demo.quayside.test'),
      forwarder: await principalOf(db, forwarder.email),
    });
    await seedCarrierEvents(db, await principalOf(db, DEMO_ADMIN.email), now);
  }
  return { createdData, users };
}

async function seedData(db: Database, store: DocumentStore, now: Date) {
  // Document files are written before their rows commit; if the transaction fails they are removed again.
  const storedKeys: string[] = [];
  try {
    return await withWrite(db, SEED_ACTOR, async (write) => {
      const { tx } = write;
      // Two runs at once: the second waits here, then finds the data and adds nothing.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('quayside seed-demo'))`);
      await tx.execute(sql`set local jit = off`);
      const [existing] = await tx
        .select({ id: shipments.id })
        .from(shipments)
        .where(like(shipments.shipment, `${DEMO_PREFIX}%`))
        .limit(1);
      if (existing) {
        // Seeded before purchase orders existed: they are added once, beside the shipments as they are.
        if (await hasDemoPurchaseOrders(write)) return false;
        await seedPurchaseOrders(write, DEMO_PREFIX, now);
        await seedConfirmations(write, DEMO_SUPPLIERS, DEMO_ADMIN, now);
        return true;
      }
      await generateShipments(write, { prefix: DEMO_PREFIX, seed: DEMO_SEED, now, shipments: DEMO_SHIPMENTS });
      await auditDemoShipments(write);
      await seedDocuments(write, store, now, storedKeys);
      await seedPurchaseOrders(write, DEMO_PREFIX, now);
      await seedConfirmations(write, DEMO_SUPPLIERS, DEMO_ADMIN, now);
      return true;
    });
  } catch (error) {
    await Promise.allSettled(storedKeys.map((key) => store.delete(key)));
    throw error;
  }
}

async function hasDemoPurchaseOrders(write: Write) {
  const found = await write.tx.execute(sql`
    select 1 from purchase_orders po
    join line_items li on li.title = po.po_number join shipments s on s.id = li.shipment_id
    where s.shipment like ${`${DEMO_PREFIX}%`} limit 1`);
  return found.rows.length > 0;
}

/** One audit entry per demo shipment, holding the shipment with its line items and their parts. */
async function auditDemoShipments(write: Write) {
  const created = await write.tx.execute<{ shipment: string; after: unknown }>(sql`
    select s.shipment, to_jsonb(s) || jsonb_build_object('line_items', coalesce((
        select jsonb_agg(jsonb_build_object(
            'id', li.id, 'title', li.title, 'po_review_required', li.po_review_required,
            'ignore_po_character_count', li.ignore_po_character_count, 'hide_lineitem', li.hide_lineitem,
            'parts', coalesce((
              select jsonb_agg(jsonb_build_object('part_number', p.part_number, 'qty', p.qty) order by p.id)
              from parts p where p.line_item_id = li.id), '[]'::jsonb)
          ) order by li.id)
        from line_items li where li.shipment_id = s.id), '[]'::jsonb)) as after
    from shipments s
    where s.shipment like ${`${DEMO_PREFIX}%`}
    order by s.id`);
  write.audit(
    ...created.rows.map((row) => ({
      action: 'create' as const,
      entity: 'shipment',
      entityId: row.shipment,
      after: row.after,
    })),
  );
}

const DEMO_DOCUMENT_SHIPMENTS = 8;

/**
 * A transport document for the first departed demo shipments, with a commercial invoice or packing
 * list on some, dated over the last two weeks: the documents tab and the 7-day report both have
 * something to show.
 */
async function seedDocuments(write: Write, store: DocumentStore, now: Date, storedKeys: string[]) {
  const { tx } = write;
  const departed = await tx
    .select()
    .from(shipments)
    .where(and(like(shipments.shipment, `${DEMO_PREFIX}%`), isNotNull(shipments.atd)))
    .orderBy(asc(shipments.shipment))
    .limit(DEMO_DOCUMENT_SHIPMENTS);
  for (const [index, shipment] of departed.entries()) {
    const types: DocumentType[] = [
      ['AIR', 'COU', 'UPS'].includes(shipment.trans) ? 'Airway Bill' : 'Bill of Lading',
      ...(index % 2 === 0 ? (['Commercial Invoice'] as const) : []),
      ...(index % 3 === 0 ? (['Packing List'] as const) : []),
    ];
    for (const type of types) {
      const bytes = demoPdf(`${type} - ${shipment.shipment}`);
      const key = randomUUID();
      storedKeys.push(key);
      await store.put(key, bytes);
      await insertDocument(write, shipment.shipment, {
        shipment_id: shipment.id,
        file_name: `${type.replaceAll(' ', '-')}-${shipment.shipment}.pdf`,
        document_type: type,
        content_type: 'application/pdf',
        size_bytes: bytes.length,
        storage_key: key,
        created_at: new Date(now.getTime() - (index * 2 + 1) * 86_400_000),
      });
    }
  }
}

/** A valid one-page PDF showing `title`, so a downloaded demo document opens. */
function demoPdf(title: string) {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 36 96 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [index, object] of objects.entries()) {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function seedUser(db: Database, auth: Auth, person: (typeof DEMO_PEOPLE)[number]): Promise<DemoUser> {
  const [existing] = await db.select().from(people).where(eq(people.email, person.email));
  const user = {
    email: person.email,
    role: existing?.role ?? person.role,
    company: existing?.company_name ?? person.company,
  };
  if (existing?.fireauth_id) return { ...user, password: null };
  // Listed already (say, by an administrator) but never registered: keep their entry as it is.
  if (!existing) {
    const { role } = person;
    await withWrite(db, SEED_ACTOR, async (write) => {
      if (role === 'Supplier')
        await insertSupplierContact(
          write,
          InviteContactBody.parse({ supplier: person.company, full_name: person.name, email: person.email }),
        );
      else
        await writePerson(
          write,
          { email: person.email, full_name: person.name, role, company_name: person.company },
          undefined,
        );
    });
  }
  const password = randomBytes(12).toString('base64url');
  await createConfirmedAccount(await auth.$context, { email: person.email, password, name: person.name });
  return { ...user, password };
}
