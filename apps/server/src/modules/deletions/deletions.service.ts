import {
  ALREADY_RESTORED,
  DELETION_NOT_FOUND,
  type DeletedEntity,
  type DeletedPart,
  type Deletion,
  lineItemGone,
  ONLY_ADMINS_RESTORE,
  partThereAgain,
  poThereAgain,
  type RestoreResponse,
  restoredMessage,
  shipmentGone,
} from '@quayside/domain/deletions';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { canRestoreDeletions } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { lineItems, parts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Write, withWrite } from '../../write/with-write.ts';
import { type AuditActor, actorOf } from '../audit/audit.service.ts';
import { lineItemsByIds } from '../line-items/line-items.service.ts';

// Deletions are read back from the audit log: a line item's delete keeps the line item with its
// parts (the API's shape), a parts change keeps the lists before and after, so the parts missing
// from `after` are the ones removed (by POST /api/Parts/delete, or left out by POST /api/Parts/save).

const PartImage = z.object({ part_number: z.string(), qty: z.number().int().nullable() });

/** What deleteLineItem records as `before`: the line item as the API showed it. */
const LineItemImage = z.object({
  _id: z.string(),
  title: z.string(),
  related_shipment: z.string(),
  created: z.string(),
  po_review_required: z.number().int(),
  ignore_po_character_count: z.boolean(),
  hide_lineitem: z.boolean(),
  parts: z.array(PartImage),
});

/** What a parts change records as `before` and `after`. */
const PartsImage = z.object({
  line_item_id: z.number().int(),
  po: z.string(),
  shipment: z.string(),
  parts: z.array(PartImage),
});

type DeletionRecord = {
  id: string;
  at: string;
  actor: string;
  entity: DeletedEntity;
  entity_id: string;
  before: unknown;
  after: unknown;
  restored: boolean;
};

/** A parts change that removed at least one part, in SQL (so the limit counts deletions only). */
const REMOVES_PARTS = sql`exists (
  select 1 from jsonb_array_elements(coalesce(d.before->'parts', '[]')) b
  where not exists (
    select 1 from jsonb_array_elements(coalesce(d.after->'parts', '[]')) a
    where a->>'part_number' = b->>'part_number'))`;

async function deletionRecords(db: Queryable, where: SQL, limit: number) {
  // The restore entry names the same entity and id as the deletion: the (entity, entity_id) index finds it.
  const result = await db.execute<DeletionRecord>(sql`
    select d.id, to_char(d.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
      coalesce(d.actor_email, '') as actor, d.entity, d.entity_id, d.before, d.after,
      exists (
        select 1 from audit_log r
        where r.entity = d.entity and r.entity_id = d.entity_id and r.action = 'restore'
          and r.after->>'deletion_id' = d.id::text
      ) as restored
    from audit_log d
    where ((d.entity = 'line_item' and d.action = 'delete')
        or (d.entity = 'part' and d.action in ('delete', 'update') and ${REMOVES_PARTS}))
      and ${where}
    order by d.at desc, d.id desc
    limit ${limit}`);
  return result.rows.map(toDeletion);
}

type ParsedDeletion =
  | { deletion: Deletion; lineItem: z.infer<typeof LineItemImage> }
  | { deletion: Deletion; partsOf: z.infer<typeof PartsImage> };

function toDeletion(record: DeletionRecord): ParsedDeletion {
  const common = { id: Number(record.id), at: record.at, actor: record.actor, restored: record.restored };
  if (record.entity === 'line_item') {
    const lineItem = LineItemImage.parse(record.before);
    const parts = lineItem.parts.map(partOf);
    return {
      deletion: { ...common, entity: 'line_item', shipment: lineItem.related_shipment, po: lineItem.title, parts },
      lineItem,
    };
  }
  const before = PartsImage.parse(record.before);
  const kept = new Set(
    PartsImage.partial()
      .parse(record.after ?? {})
      .parts?.map((part) => part.part_number),
  );
  const removed = before.parts.filter((part) => !kept.has(part.part_number)).map(partOf);
  return {
    deletion: { ...common, entity: 'part', shipment: before.shipment, po: before.po, parts: removed },
    partsOf: before,
  };
}

const partOf = (part: DeletedPart): DeletedPart => ({ part_number: part.part_number, qty: part.qty });

function assertCanRestore(principal: Principal) {
  if (!canRestoreDeletions(principal)) throw new AppError('forbidden', ONLY_ADMINS_RESTORE);
}

/** Recent deletions of line items and parts, newest first. */
export async function listDeletions(db: Queryable, principal: Principal, limit: number): Promise<Deletion[]> {
  assertCanRestore(principal);
  return (await deletionRecords(db, sql`true`, limit)).map((parsed) => parsed.deletion);
}

/**
 * Brings a deletion back in one transaction, audited as 'restore' with the deletion's id: a line
 * item with its flags, created date and parts onto its shipment, or removed parts onto their line
 * item. Refuses (409) rather than overwrite what is there now. `actor` is the command line's own.
 */
export async function restoreDeletion(
  db: Database,
  principal: Principal,
  deletionId: number,
  actor: AuditActor = actorOf(principal),
): Promise<RestoreResponse> {
  assertCanRestore(principal);
  return withWrite(db, actor, async (write) => {
    const { tx } = write;
    // Two restores of one deletion queue here; the second then sees the first's audit entry.
    const locked = await tx.execute(sql`select id from audit_log where id = ${deletionId} for update`);
    const [parsed] = locked.rows.length > 0 ? await deletionRecords(tx, sql`d.id = ${deletionId}`, 1) : [];
    if (!parsed) throw new AppError('not_found', DELETION_NOT_FOUND);
    if (parsed.deletion.restored) throw new AppError('conflict', ALREADY_RESTORED);
    if ('lineItem' in parsed) await restoreLineItem(write, parsed.deletion, parsed.lineItem);
    else await restoreParts(write, parsed.deletion, parsed.partsOf);
    const restored = { ...parsed.deletion, restored: true };
    return { message: restoredMessage(restored), deletion: restored };
  });
}

async function restoreLineItem(write: Write, deletion: Deletion, lineItem: z.infer<typeof LineItemImage>) {
  const { tx } = write;
  const shipment = await tx.execute<{ id: string }>(
    sql`select id from shipments where shipment = ${lineItem.related_shipment} for update`,
  );
  const shipmentId = Number(shipment.rows[0]?.id ?? Number.NaN);
  if (Number.isNaN(shipmentId)) throw new AppError('conflict', shipmentGone(lineItem.related_shipment));
  const clash = await tx.execute(
    sql`select 1 from line_items where shipment_id = ${shipmentId} and title = ${lineItem.title} limit 1`,
  );
  if (clash.rows.length > 0) throw new AppError('conflict', poThereAgain(lineItem.title, lineItem.related_shipment));
  // It comes back under its old id (the sequence never hands it out again), so its audit history
  // and any earlier parts deletion still name it.
  const lineItemId = Number(lineItem._id);
  const taken = await tx.execute(sql`select 1 from line_items where id = ${lineItemId}`);
  if (taken.rows.length > 0) throw new AppError('conflict', ALREADY_RESTORED);
  await tx.insert(lineItems).values({
    id: lineItemId,
    shipment_id: shipmentId,
    title: lineItem.title,
    po_review_required: lineItem.po_review_required,
    ignore_po_character_count: lineItem.ignore_po_character_count,
    hide_lineitem: lineItem.hide_lineitem,
    created: new Date(lineItem.created),
  });
  if (lineItem.parts.length > 0) {
    await tx
      .insert(parts)
      .values(
        lineItem.parts.map((part) => ({ line_item_id: lineItemId, part_number: part.part_number, qty: part.qty })),
      );
  }
  write.lineItemsChanged([lineItemId]);
  const [restored] = await lineItemsByIds(tx, [lineItemId]);
  write.audit({
    action: 'restore',
    entity: 'line_item',
    entityId: lineItemId,
    after: { deletion_id: deletion.id, ...restored },
  });
}

async function restoreParts(write: Write, deletion: Deletion, image: z.infer<typeof PartsImage>) {
  const { tx } = write;
  const owner = await tx.execute<{ title: string; shipment: string }>(sql`
    select li.title, s.shipment from line_items li join shipments s on s.id = li.shipment_id
    where li.id = ${image.line_item_id} for update of li`);
  const lineItem = owner.rows[0];
  if (!lineItem) throw new AppError('conflict', lineItemGone(image.po, image.shipment));
  const before = await partsOfLineItem(tx, image.line_item_id);
  const clash = deletion.parts.find((part) => before.some((stored) => stored.part_number === part.part_number));
  if (clash) throw new AppError('conflict', partThereAgain(clash.part_number));
  await tx.insert(parts).values(deletion.parts.map((part) => ({ line_item_id: image.line_item_id, ...part })));
  write.lineItemsChanged([image.line_item_id]);
  const after = await partsOfLineItem(tx, image.line_item_id);
  // The same shape as the parts service's entries, so a line item's parts history reads as one.
  const named = (list: DeletedPart[]) =>
    list.map((part) => ({ ...part, related_po_number: lineItem.title, related_shipment: lineItem.shipment }));
  const owned = { line_item_id: image.line_item_id, po: lineItem.title, shipment: lineItem.shipment };
  write.audit({
    action: 'restore',
    entity: 'part',
    entityId: image.line_item_id,
    before: { ...owned, parts: named(before) },
    after: { deletion_id: deletion.id, ...owned, parts: named(after) },
  });
}

async function partsOfLineItem(tx: Queryable, lineItemId: number): Promise<DeletedPart[]> {
  const result = await tx.execute<DeletedPart>(
    sql`select part_number, qty from parts where line_item_id = ${lineItemId} order by id`,
  );
  return result.rows.map(partOf);
}
