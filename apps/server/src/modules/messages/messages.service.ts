import {
  cannotMention,
  INTERNAL_IS_STAFF,
  MESSAGE_DELETED,
  MESSAGE_NOT_FOUND,
  type Message,
  type MessageInput,
  NOT_THE_RECORDS_DOCUMENT,
  ONLY_AUTHOR,
  REPLY_ELSEWHERE,
  THREAD_NOT_FOUND,
  type Thread,
  type ThreadRecord,
} from '@quayside/domain/messages';
import { isStaff } from '@quayside/domain/permissions';
import { companyKey } from '@quayside/domain/text';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import {
  bookingScope,
  forwarderKeySql,
  isStaffSql,
  joinedLineItemScope,
  purchaseOrderScope,
  shipmentScope,
  supplierKeySql,
} from '../../auth/visibility.ts';
import { idArray, textArray } from '../../db/array-parameters.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { isoTimestamp } from '../../db/iso-timestamp.ts';
import { AppError } from '../../errors.ts';
import { withWrite } from '../../write/with-write.ts';
import { doneBy, recordEvent } from '../alerts/events.ts';
import { actorOf } from '../audit/audit.service.ts';

// The conversation on a record. Who sees the record is auth/visibility.ts's (a PO, a booking, a
// shipment); who sees a message is that, and for an internal one being staff too. Everything a
// message names — the people it mentions, the message it answers, the documents it links — is
// checked against the record when it is written, and the documents again when it is read.

type RecordRef = { kind: ThreadRecord; id: number };

/** The record `key` names, if the principal sees it. */
async function findRecord(db: Queryable, principal: Principal, kind: ThreadRecord, key: string): Promise<RecordRef> {
  const query = {
    purchase_order: sql`select po.id::int as id from purchase_orders po
      where po.po_number = ${key} and ${purchaseOrderScope(principal)}`,
    booking: sql`select b.id::int as id from booking_requests b join purchase_orders po on po.id = b.purchase_order_id
      where b.reference = ${key} and ${bookingScope(principal)}`,
    shipment: sql`select shipments.id::int as id from shipments
      where shipments.shipment = ${key} and ${shipmentScope(principal) ?? sql`true`}`,
  }[kind];
  const found = await db.execute<{ id: number }>(query);
  const id = found.rows[0]?.id;
  if (id === undefined) throw new AppError('not_found', THREAD_NOT_FOUND);
  return { kind, id };
}

/** Whether the principal sees the record of this kind and id. */
async function seesRecord(db: Queryable, principal: Principal, record: RecordRef): Promise<boolean> {
  const query = {
    purchase_order: sql`select 1 from purchase_orders po where po.id = ${record.id} and ${purchaseOrderScope(principal)}`,
    booking: sql`select 1 from booking_requests b join purchase_orders po on po.id = b.purchase_order_id
      where b.id = ${record.id} and ${bookingScope(principal)}`,
    shipment: sql`select 1 from shipments where shipments.id = ${record.id} and ${shipmentScope(principal) ?? sql`true`}`,
  }[record.kind];
  return (await db.execute(query)).rows.length > 0;
}

/**
 * Everyone who sees the record, by the same rules as their own requests would be judged by: staff;
 * the forwarder companies whose shipments carry it (a PO), it is routed to (a booking) or whose it
 * is (a shipment); and the supplier of a PO or a booking.
 */
async function peopleWhoSee(db: Queryable, record: RecordRef) {
  const forwarders = {
    purchase_order: sql`select pf.forwarder_key from purchase_order_forwarders pf where pf.purchase_order_id = ${record.id}`,
    booking: sql`select b.forwarder_key from booking_requests b where b.id = ${record.id} and b.status <> 'requested'`,
    shipment: sql`select ${forwarderKeySql(sql`s.forwarder_name`)} from shipments s where s.id = ${record.id}`,
  }[record.kind];
  const suppliers = {
    purchase_order: sql`select ${supplierKeySql(sql`po.supplier`)} from purchase_orders po where po.id = ${record.id}`,
    booking: sql`select ${supplierKeySql(sql`po.supplier`)} from booking_requests b
      join purchase_orders po on po.id = b.purchase_order_id where b.id = ${record.id}`,
    shipment: sql`select null::text where false`,
  }[record.kind];
  const rows = await db.execute<{
    id: number;
    name: string;
    email: string;
    staff: boolean;
    forwarder: string | null;
  }>(sql`
    select p.id::int as id, p.full_name as name, p.email, ${isStaffSql(sql`p.role`)} as staff,
           case when p.role = 'Forwarder' then ${forwarderKeySql(sql`p.company_name`)} end as forwarder
    from people p
    where ${isStaffSql(sql`p.role`)}
       or (p.role = 'Forwarder' and ${forwarderKeySql(sql`p.company_name`)} in (${forwarders}))
       or (p.role = 'Supplier' and ${supplierKeySql(sql`p.company_name`)} in (${suppliers}))
    order by p.full_name, p.email`);
  return rows.rows;
}

/**
 * Whom the principal may mention: everyone who sees the record, but a Forwarder never learns of
 * another forwarder company's people (a PO may ride with several); in an internal message, staff.
 */
function mentionableBy(principal: Principal, people: Awaited<ReturnType<typeof peopleWhoSee>>, internal = false) {
  const ownForwarder = principal.role === 'Forwarder' ? companyKey(principal.company) : null;
  return people
    .filter((person) => !internal || person.staff)
    .filter((person) => ownForwarder === null || person.forwarder === null || person.forwarder === ownForwarder)
    .map(({ forwarder: _forwarder, ...person }) => person);
}

/** The record's documents the principal sees: a shipment's own; those of the shipments carrying a PO or made by a booking. */
async function documentsOf(db: Queryable, principal: Principal, record: RecordRef) {
  const own = shipmentScope(principal) ?? sql`true`;
  const which = {
    shipment: sql`shipments.id = ${record.id}`,
    purchase_order: sql`exists (select 1 from line_items li join purchase_orders po on po.po_number = li.title
      where li.shipment_id = shipments.id and po.id = ${record.id} and ${joinedLineItemScopeFor(principal)})`,
    booking: sql`shipments.id = (select b.shipment_id from booking_requests b where b.id = ${record.id})`,
  }[record.kind];
  const rows = await db.execute<{ id: string; file_name: string; document_type: string }>(sql`
    select d.id::text as id, d.file_name, d.document_type
    from documents d join shipments on shipments.id = d.shipment_id
    where ${which} and ${own}
    order by d.created_at, d.id`);
  return rows.rows;
}

/** joinedLineItemScope spells the line item as `li` and its shipment as `s`: here the shipment is `shipments`. */
const joinedLineItemScopeFor = (principal: Principal) =>
  sql`exists (select 1 from shipments s where s.id = li.shipment_id and ${joinedLineItemScope(principal)})`;

type MessageRow = Omit<Message, 'mentions' | 'documents' | 'mine'> & {
  author_person_id: number | null;
  mention_ids: number[];
  document_ids: string[];
};

const MESSAGE_COLUMNS = sql`
  m.id::int as id, m.author_name as author, m.author_email, m.author_person_id::int as author_person_id, m.body,
  m.internal, m.mentions::int[] as mention_ids, m.reply_to::int as reply_to, m.document_ids::text[] as document_ids,
  ${isoTimestamp('m.created_at')} as created_at, ${isoTimestamp('m.edited_at')} as edited_at`;

/** The messages as the principal reads them: mentions by name, links only to documents it sees. */
async function present(
  db: Queryable,
  principal: Principal,
  rows: readonly MessageRow[],
  documents: readonly { id: string; file_name: string }[],
): Promise<Message[]> {
  const mentioned = [...new Set(rows.flatMap((row) => row.mention_ids))];
  const names =
    mentioned.length === 0
      ? []
      : (
          await db.execute<{ id: number; name: string }>(sql`
            select id::int as id, full_name as name from people where id = any(${idArray(mentioned)})`)
        ).rows;
  const nameOf = new Map(names.map((person) => [person.id, person.name]));
  const documentOf = new Map(documents.map((document) => [document.id, document]));
  return rows.map(({ author_person_id, mention_ids, document_ids, ...row }) => ({
    ...row,
    mine: author_person_id === principal.personId,
    mentions: mention_ids.flatMap((id) => {
      const name = nameOf.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    documents: document_ids.flatMap((id) => {
      const document = documentOf.get(id);
      return document === undefined ? [] : [{ id: document.id, file_name: document.file_name }];
    }),
  }));
}

/** A shared message is everyone's who sees the record; an internal one staff's alone. */
const readableBy = (principal: Principal) => (isStaff(principal.role) ? sql`true` : sql`not m.internal`);

/** GET /api/Messages: the record's conversation, oldest first. */
export async function getThread(db: Queryable, principal: Principal, kind: ThreadRecord, key: string): Promise<Thread> {
  const record = await findRecord(db, principal, kind, key);
  const [rows, people, documents] = await Promise.all([
    db.execute<MessageRow>(sql`
      select ${MESSAGE_COLUMNS} from messages m
      where m.record_kind = ${kind} and m.record_id = ${record.id} and m.deleted_at is null and ${readableBy(principal)}
      order by m.id`),
    peopleWhoSee(db, record),
    documentsOf(db, principal, record),
  ]);
  const staff = isStaff(principal.role);
  return {
    record: kind,
    key,
    messages: await present(db, principal, rows.rows, documents),
    mentionable: mentionableBy(principal, people),
    documents,
    canWriteInternal: staff,
  };
}

/** The record a message's event names. */
function eventRecordOf(record: RecordRef) {
  switch (record.kind) {
    case 'purchase_order':
      return { purchaseOrderId: record.id };
    case 'booking':
      return { bookingId: record.id };
    case 'shipment':
      return { shipmentId: record.id };
  }
}

/** POST /api/Messages: a message on a record the principal sees, everything it names checked. */
export async function postMessage(db: Database, principal: Principal, input: MessageInput): Promise<Message> {
  const record = await findRecord(db, principal, input.record, input.key);
  if (input.internal && !isStaff(principal.role)) throw new AppError('forbidden', INTERNAL_IS_STAFF);
  const allowed = new Set(mentionableBy(principal, await peopleWhoSee(db, record), input.internal).map((p) => p.id));
  if (input.mentions.some((id) => !allowed.has(id)))
    throw new AppError('invalid', cannotMention(input.record, input.internal));
  const documents = await documentsOf(db, principal, record);
  const linkable = new Set(documents.map((document) => document.id));
  if (input.documents.some((id) => !linkable.has(id))) throw new AppError('invalid', NOT_THE_RECORDS_DOCUMENT);
  const id = await withWrite(db, actorOf(principal), async (write) => {
    if (input.reply_to !== null) {
      const answered = await write.tx.execute(sql`
        select 1 from messages m where m.id = ${input.reply_to} and m.record_kind = ${record.kind}
          and m.record_id = ${record.id} and m.deleted_at is null and ${readableBy(principal)}`);
      if (answered.rows.length === 0) throw new AppError('invalid', REPLY_ELSEWHERE);
    }
    const inserted = await write.tx.execute<{ id: number }>(sql`
      insert into messages (record_kind, record_id, author_person_id, author_name, author_email, body, internal,
                            mentions, reply_to, document_ids)
      values (${record.kind}, ${record.id}, ${principal.personId}, ${principal.fullName}, ${principal.email},
              ${input.body}, ${input.internal}, ${idArray([...new Set(input.mentions)])}, ${input.reply_to},
              ${textArray([...new Set(input.documents)])}::uuid[])
      returning id::int as id`);
    const made = inserted.rows[0]?.id ?? 0;
    const told = { ...doneBy(principal), body: input.body, key: input.key, internal: input.internal };
    const about = eventRecordOf(record);
    if (input.mentions.length > 0)
      await recordEvent(write.tx, { kind: 'mentioned', ...about, messageId: made, detail: told });
    if (input.reply_to !== null)
      await recordEvent(write.tx, { kind: 'replied', ...about, messageId: made, detail: told });
    write.audit({
      action: 'create',
      entity: 'message',
      entityId: made,
      after: { record: input.record, key: input.key, body: input.body, internal: input.internal },
    });
    return made;
  });
  return messageFor(db, principal, record, id, documents);
}

/** One message as the principal reads it; `documents` when the caller has the record's already. */
async function messageFor(
  db: Queryable,
  principal: Principal,
  record: RecordRef,
  id: number,
  known?: Awaited<ReturnType<typeof documentsOf>>,
) {
  const [rows, documents] = await Promise.all([
    db.execute<MessageRow>(sql`select ${MESSAGE_COLUMNS} from messages m where m.id = ${id}`),
    known ?? documentsOf(db, principal, record),
  ]);
  const [message] = await present(db, principal, rows.rows, documents);
  if (message === undefined) throw new AppError('not_found', MESSAGE_NOT_FOUND);
  return message;
}

/**
 * A message the principal may change: 404 when it cannot read it (its record out of sight, or
 * internal and it is not staff), exactly as for none; 403 when it can but did not write it.
 */
async function ownMessage(db: Queryable, principal: Principal, id: number) {
  const found = await db.execute<{
    record_kind: ThreadRecord;
    record_id: number;
    author_person_id: number | null;
    body: string;
    internal: boolean;
  }>(sql`
    select m.record_kind, m.record_id::int as record_id, m.author_person_id::int as author_person_id, m.body, m.internal
    from messages m where m.id = ${id} and m.deleted_at is null and ${readableBy(principal)}`);
  const message = found.rows[0];
  const record = message && { kind: message.record_kind, id: message.record_id };
  if (message === undefined || record === undefined || !(await seesRecord(db, principal, record)))
    throw new AppError('not_found', MESSAGE_NOT_FOUND);
  if (message.author_person_id !== principal.personId) throw new AppError('forbidden', ONLY_AUTHOR);
  return { ...message, record };
}

/** POST /api/Messages/edit: the author changes its text; the audit keeps both. */
export async function editMessage(db: Database, principal: Principal, id: number, body: string) {
  const message = await ownMessage(db, principal, id);
  await withWrite(db, actorOf(principal), async (write) => {
    await write.tx.execute(sql`update messages set body = ${body}, edited_at = now() where id = ${id}`);
    write.audit({ action: 'update', entity: 'message', entityId: id, before: { body: message.body }, after: { body } });
  });
  return messageFor(db, principal, message.record, id);
}

/** POST /api/Messages/delete: the author takes it out of the conversation; the audit keeps it. */
export async function deleteMessage(db: Database, principal: Principal, id: number) {
  const message = await ownMessage(db, principal, id);
  await withWrite(db, actorOf(principal), async (write) => {
    await write.tx.execute(sql`update messages set deleted_at = now() where id = ${id}`);
    write.audit({
      action: 'delete',
      entity: 'message',
      entityId: id,
      before: { body: message.body, internal: message.internal },
    });
  });
  return { message: MESSAGE_DELETED };
}
