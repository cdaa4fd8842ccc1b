import { sql } from 'drizzle-orm';
import type { Write } from '../write/with-write.ts';

// Purchase orders for a bulk load's line items, for benchmarks: `count` of the load's PO numbers
// (its line items' titles, evenly spread) each get a PO whose lines are the SKUs its parts carry
// (most ordered as shipped, some more — still open —, some less — over-shipped —, some left off
// — an unknown SKU shipped) and, for most POs, lines not shipped yet, about `linesPerOrder` lines a
// PO in all; a third of the delivered shipments carrying them are received (one SKU in twenty
// short). Set-based like the load itself: a few INSERT ... SELECT, then purchase_orders_sync over
// the new POs in chunks. Every value is drawn from a seeded hash, so a seed gives the same POs.

export type BulkPurchaseOrderOptions = {
  /** The load's shipment numbers start with this. */
  prefix: string;
  seed: number;
  /** POs to create (fewer when the load has fewer PO numbers). */
  count: number;
  /** PO lines a PO has on average. */
  linesPerOrder: number;
  /** Orders are dated from the first departure; one not on a shipment yet from this day. */
  now: Date;
  onStage?: (stage: 'purchase orders' | 'reconciling') => void;
};

export type GeneratedPurchaseOrders = { purchaseOrders: number; lines: number; receipts: number };

/** POs reconciled per statement of purchase_orders_sync: bounded work and memory each. */
const SYNC_CHUNK = 10_000;
/** Descriptions by the part number's family (demo-data.ts's PART_FAMILIES). */
const DESCRIPTIONS = sql.raw(`case split_part(sku, '-', 1)
  when 'PN' then 'Spare part' when 'VLV' then 'Ball valve' when 'FIT' then 'Compression fitting'
  when 'PIPE' then 'PVC pipe, 3 m' when 'CAP' then 'End cap' when 'ELB' then 'Elbow 90°' when 'TEE' then 'Equal tee'
  else 'Machined component' end`);

/** Creates the POs, their lines and history, and the receipts, in `write`'s transaction. */
export async function generatePurchaseOrders(
  write: Write,
  options: BulkPurchaseOrderOptions,
): Promise<GeneratedPurchaseOrders> {
  const { tx } = write;
  const seed = sql.raw(String(Math.trunc(options.seed)));
  const today = sql`${options.now.toISOString().slice(0, 10)}::date`;
  options.onStage?.('purchase orders');

  // The PO numbers, evenly spread over the load in the order its line items were made.
  await tx.execute(sql`
    create temp table bulk_po on commit drop as
    with titles as (
      select li.title, min(li.id) as first_id
      from line_items li join shipments s on s.id = li.shipment_id
      where s.shipment like ${`${options.prefix}%`}
        and not exists (select 1 from purchase_orders po where po.po_number = li.title)
      group by li.title
    ), numbered as (
      select title, row_number() over (order by first_id) as n, count(*) over () as total from titles
    )
    select title as po_number, n, hashint8extended(n, ${seed}) as h
    from numbered where n % greatest(total / ${options.count}, 1) = 0
    order by n limit ${options.count}`);
  await tx.execute(sql`create index on bulk_po (po_number)`);
  await tx.execute(sql`analyze bulk_po`);

  // What each one's line items carry, per SKU, in the order of their parts.
  await tx.execute(sql`
    create temp table bulk_po_carried on commit drop as
    select b.po_number, b.n, p.part_number as sku, sum(coalesce(p.qty, 0))::int as qty,
           row_number() over (partition by b.po_number order by min(p.id))::int as k,
           hashint8extended(b.n * 64 + min(p.id) % 64, ${seed}) as h
    from bulk_po b join line_items li on li.title = b.po_number join parts p on p.line_item_id = li.id
    group by b.po_number, b.n, p.part_number`);
  await tx.execute(sql`create index on bulk_po_carried (po_number)`);
  await tx.execute(sql`analyze bulk_po_carried`);

  // Receipts first: no PO exists yet, so their triggers mark nothing, and the sync below counts them.
  const received = await tx.execute(sql`
    insert into receipts (shipment_id, po_number, sku, received_qty, reason, note, received_by)
    select li.shipment_id, li.title, p.part_number,
           case when hashint8extended(p.id, ${seed}) % 20 = 0 then p.qty * 9 / 10 else p.qty end,
           case when hashint8extended(p.id, ${seed}) % 20 = 0 and p.qty >= 10 then 'short' end,
           case when hashint8extended(p.id, ${seed}) % 20 = 0 and p.qty >= 10 then 'Cartons missing on arrival' else '' end,
           'bulk-load'
    from bulk_po b join line_items li on li.title = b.po_number
    join shipments s on s.id = li.shipment_id and s.act_delivery is not null
    join parts p on p.line_item_id = li.id
    where p.qty is not null and abs(hashint8extended(s.id, ${seed})) % 3 = 0
    on conflict do nothing`);

  const created = await tx.execute(sql`
    insert into purchase_orders (po_number, supplier, order_date, cargo_ready_date, requested_delivery_date, incoterm, currency)
    select f.po_number, f.supplier, f.departs - 42, f.departs - 3, f.departs + 49,
           (array['FOB', 'FOB', 'EXW', 'CIF', 'DAP', 'FCA'])[1 + f.n % 6], case when f.n % 7 = 0 then 'EUR' else 'USD' end
    from (
      select b.po_number, b.n, (array_agg(s.consignor_name order by s.id))[1] as supplier,
             coalesce((min(s.etd) at time zone 'UTC')::date, ${today} + 20) as departs
      from bulk_po b join line_items li on li.title = b.po_number join shipments s on s.id = li.shipment_id
      group by b.po_number, b.n
    ) f
    order by f.n`);

  // Lines: the carried SKUs (at most 20), ordered as shipped (70%), more (15%: open), less (8%:
  // over-shipped) or not at all (7%, never the first: an unknown SKU shipped); then, for three POs
  // in five and those with nothing carried, lines not shipped yet, as many as make the average.
  const carried = (
    await tx.execute<{ lines: number; orders: number }>(sql`
      select count(*) filter (where k <= 20 and (k = 1 or abs(h) % 100 >= 7))::int as lines,
             (select count(*)::int from bulk_po b
              left join (select distinct po_number from bulk_po_carried) c using (po_number)
              where abs(b.h) % 5 >= 2 or c.po_number is null) as orders
      from bulk_po_carried`)
  ).rows[0] ?? { lines: 0, orders: 0 };
  const total = Number(created.rowCount ?? 0) * options.linesPerOrder;
  const extraPerOrder = Math.max(1, Math.round((total - carried.lines) / Math.max(carried.orders, 1)));
  await tx.execute(sql`
    insert into purchase_order_lines (purchase_order_id, line_number, sku, description, ordered_qty, unit, unit_price, requested_date)
    select po.id, l.line_number, l.sku, ${DESCRIPTIONS}, l.ordered_qty, 'EA', round(2.5 + abs(l.h) % 9000 / 100.0, 2),
           case when abs(l.h) % 10 = 0 then po.requested_delivery_date + 14 end
    from (
      select po_number, k * 10 as line_number, sku, h,
             case when abs(h) % 100 < 15 then greatest(qty - greatest(qty / 5, 1), 0)
                  when abs(h) % 100 < 30 then qty + 10 + qty / 2
                  else qty end as ordered_qty
      from bulk_po_carried
      where k <= 20 and (k = 1 or abs(h) % 100 >= 7)
      union all
      select b.po_number, (coalesce(c.carried, 0) + j) * 10, x.sku, x.h, 10 * (1 + abs(x.h) % 50)
      from bulk_po b
      left join (select po_number, count(*)::int as carried from bulk_po_carried group by po_number) c using (po_number)
      cross join generate_series(1, case
        when c.carried is null then 1 + abs(b.h >> 8) % ${sql.raw(String(2 * extraPerOrder - 1))}
        when abs(b.h) % 5 >= 2 then 1 + abs(b.h >> 8) % ${sql.raw(String(2 * extraPerOrder - 1))}
        else 0 end) as j
      cross join lateral (select hashint8extended(b.n * 64 + j, ${seed} + 1) as h) hashed
      cross join lateral (select (array['PN', 'VLV', 'FIT', 'PIPE', 'CAP', 'ELB', 'TEE'])[1 + abs(hashed.h) % 7]
        || '-' || lpad((abs(hashed.h >> 16) % 100000)::text, 5, '0') || '-' || (10 + j)::text as sku, hashed.h) x
    ) l
    join purchase_orders po on po.po_number = l.po_number
    order by po.id, l.line_number`);
  await tx.execute(sql`
    insert into purchase_order_history (purchase_order_id, kind, actor_email, source, summary)
    select po.id, 'created', ${write.actor.email}, 'import', 'Created with ' || count(*) || ' lines'
    from bulk_po b join purchase_orders po on po.po_number = b.po_number
    join purchase_order_lines l on l.purchase_order_id = po.id
    group by po.id order by po.id`);

  options.onStage?.('reconciling');
  // The list's indexes are built once after the figures are written, rather than kept row by row
  // (the search's trigram index most of all); the sync needs only the constraints' own.
  const indexes = (
    await tx.execute<{ name: string; definition: string }>(sql`
      select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
      from pg_index
      where indrelid in ('purchase_orders'::regclass, 'purchase_order_lines'::regclass)
        and not exists (select 1 from pg_constraint where conindid = pg_index.indexrelid)`)
  ).rows;
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${index.name}`));
  await tx.execute(sql`analyze purchase_orders, purchase_order_lines, receipts`);
  const orders = Number(created.rowCount ?? 0);
  for (let from = 0; from < orders; from += SYNC_CHUNK) {
    await tx.execute(sql`
      select purchase_orders_sync(array(select po_number from bulk_po order by n offset ${from} limit ${SYNC_CHUNK}))`);
  }
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  const [counted] = (
    await tx.execute<{ lines: number }>(sql`
      select count(*)::int as lines from purchase_order_lines l
      join purchase_orders po on po.id = l.purchase_order_id join bulk_po b on b.po_number = po.po_number`)
  ).rows;
  return { purchaseOrders: orders, lines: counted?.lines ?? 0, receipts: Number(received.rowCount ?? 0) };
}
