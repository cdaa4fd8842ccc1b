import { DESTINATION_PORTS, MODE_OPTIONS, ORIGIN_PORTS, UQ_OUTER_OPTIONS } from '@quayside/domain/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { syncLineItemRows } from '../modules/line-items/line-item-rows.ts';

// Realistic shipments, line items and parts, generated inside the database (INSERT ... SELECT over
// generate_series with hashed row numbers): deterministic for a seed, and fast enough for a million rows.

export const FORWARDERS = ['Blue Anchor Logistics', 'Kestrel Freight', 'Harbourline Forwarding', 'Meridian Cargo'];
const CONSIGNEES = ['NAPCO Dominicana', 'NAPCO Americas', 'NAPCO Pipe & Fittings'];
const CONSIGNORS = [
  'Ningbo Hengda Plastics',
  'Shenzhen Brightway',
  'Taizhou Valve Works',
  'Hai Phong Polymers',
  'Bangkok Fittings',
];
// Mostly the four colour-coded transit types, with a few others that display as N/A.
const TRANS_MIX = ['SEA', 'SEA', 'SEA', 'SEA', 'AIR', 'AIR', 'COU', 'ROA', 'LCL', 'BCN'];

const list = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`);
/** The i-th element of `values`, picked by a hash (1-based arrays). */
const pick = (values: readonly string[], hash: string) =>
  sql`(${list(values)})[1 + (${sql.raw(hash)} % ${sql.raw(String(values.length))})]`;
/** A non-negative pseudo-random number from a row number. */
const hashOf = (expression: SQL) => sql`(hashint8(${expression})::bigint & 2147483647)`;

export type GenerateOptions = {
  /** Shipment numbers start with this, so generated data never collides with real data. */
  prefix: string;
  lineItems: number;
  seed: number;
  /** The day "now" is for the generated dates (they spread 6 months back, 3 ahead). */
  today: Date;
  onProgress?: (done: number, total: number) => void;
  batchLineItems?: number;
};

/** Three line items per shipment (the last shipment may have fewer), 0–6 parts per line item. */
export async function generateShipments(db: Queryable, options: GenerateOptions) {
  const total = options.lineItems;
  const shipmentCount = Math.ceil(total / 3);
  const batch = Math.max(3, Math.floor((options.batchLineItems ?? 99_999) / 3));
  const today = options.today.toISOString().slice(0, 10);
  for (let first = 1; first <= shipmentCount; first += batch) {
    const last = Math.min(shipmentCount, first + batch - 1);
    await db.transaction(async (tx) => {
      const inserted = await tx.execute<{ id: string }>(sql`
        insert into shipments (
          shipment, forwarder_name, consignee_name, consignor_name, origin, dest, house, master, job_notes, mode, trans,
          container_number, vessel, weight, wtuq, volume, voluq, "outer", uq_outer, charge, uq_charge,
          etd, origin_etd, atd, eta, dest_eta, ata, est_delivery, act_delivery, obl_received_date
        )
        select
          ${options.prefix} || lpad(k::text, 7, '0'),
          ${pick(FORWARDERS, 'h')},
          ${pick(CONSIGNEES, '(h / 7)')},
          ${pick(CONSIGNORS, '(h / 11)')},
          ${pick(ORIGIN_PORTS, '(h / 13)')},
          ${pick(DESTINATION_PORTS, '(h / 17)')},
          'HBL' || lpad((h % 9999991)::text, 7, '0'),
          case when h % 9 = 0 then '' else 'MSKU' || lpad((h % 999983)::text, 6, '0') end,
          case when h % 5 = 0 then 'Deliver to warehouse 2' else '' end,
          ${pick(MODE_OPTIONS, '(h / 19)')},
          trans,
          case when trans = 'AIR' then '' else 'TGHU' || lpad((h % 9999973)::text, 7, '0') end,
          case when trans = 'AIR' then '' else 'MAERSK ' || (h % 400)::text end,
          round(((h % 2000000) / 100.0)::numeric, 2), 'KG',
          round(((h % 6000) / 100.0)::numeric, 2), 'M3',
          1 + h % 80, ${pick(UQ_OUTER_OPTIONS, '(h / 23)')},
          round(((h % 9000) / 100.0)::numeric, 2), 'M3',
          etd, etd, case when etd < ${today}::date then etd + interval '1 day' end,
          etd + transit, etd + transit + interval '1 day',
          case when etd + transit + interval '1 day' < ${today}::date then etd + transit + interval '2 days' end,
          etd + transit + interval '6 days',
          case when etd + transit + interval '6 days' < ${today}::date then etd + transit + interval '7 days' end,
          etd - interval '3 days'
        from (
          select k, h,
            ${pick(TRANS_MIX, '(h / 29)')} as trans,
            -- Departures over the last 6 months and the next 3; some shipments have no dates yet.
            case when h % 25 = 0 then null
                 else (${today}::date - 180 + (h % 270)::int)::timestamptz + make_interval(hours => (h % 24)::int) end as etd,
            make_interval(days => (case when h % 10 < 3 then 4 else 25 end + (h / 31) % 15)::int) as transit
          from (
            select k, ${hashOf(sql`k * 1000003 + ${options.seed}`)} as h
            from generate_series(${first}::bigint, ${last}::bigint) as k
          ) numbered
        ) generated
        order by k
        returning id`);
      const shipmentIds = inserted.rows.map((row) => Number(row.id));
      await insertLineItems(tx, shipmentIds, options.prefix, total, options.seed);
      await syncLineItemRows(tx, { shipmentIds });
    });
    options.onProgress?.(Math.min(total, last * 3), total);
  }
}

async function insertLineItems(tx: Queryable, shipmentIds: number[], prefix: string, total: number, seed: number) {
  const ids = `{${shipmentIds.join(',')}}`;
  await tx.execute(sql`
    insert into line_items (shipment_id, title, po_review_required, hide_lineitem)
    select shipment_id, title, length(title), h % 40 = 0
    from (
      select s.shipment_id, n, ${hashOf(sql`n * 7919 + ${seed}`)} as h,
        case
          -- Every 20th shipment's third PO is the first PO of the shipment before: a PO split over two shipments.
          when j = 3 and s.k % 20 = 0 and s.k > 1 then 'PO-' || lpad(((s.k - 2) * 3 + 1)::text, 7, '0')
          -- Some long PO numbers, flagged for review (over 10 characters).
          when (n % 10) = 0 then '4500' || lpad(n::text, 8, '0') || '-0' || j
          else 'PO-' || lpad(n::text, 7, '0')
        end as title
      from (
        -- k: the shipment's number in the generated sequence, from its shipment number.
        select id as shipment_id, substr(shipment, ${prefix.length + 1})::bigint as k
        from shipments where id = any(${ids}::bigint[])
      ) s
      cross join generate_series(1, 3) as j
      cross join lateral (select (s.k - 1) * 3 + j as n) numbered
      where (s.k - 1) * 3 + j <= ${total}
    ) generated
    on conflict do nothing`);
  await tx.execute(sql`
    insert into parts (line_item_id, part_number, qty)
    select li.id,
      ${pick(['PN', 'VLV', 'FIT', 'PIPE', 'CAP'], '(h / 3)')} || '-' || lpad(((h / 7) % 99991)::text, 5, '0') || '-' || p,
      case when h % 50 = 0 then null else 1 + (h % 500)::int end
    from line_items li
    cross join lateral (select ${hashOf(sql`li.id * 104729 + ${seed}`)} as h) hashed
    cross join generate_series(1, 6) as p
    where li.shipment_id = any(${ids}::bigint[]) and p <= hashed.h % 7
    on conflict do nothing`);
}
