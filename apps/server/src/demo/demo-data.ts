import {
  CONSIGNEE_OPTIONS,
  DESTINATION_PORTS,
  MODE_OPTIONS,
  ORIGIN_PORTS,
  UQ_OUTER_OPTIONS,
  VOLUQ_OPTIONS,
  WTUQ_OPTIONS,
} from '@quayside/domain/constants';
import { containerWeightedSum } from '@quayside/domain/identifiers';
import { type SQL, sql } from 'drizzle-orm';
import type { Write } from '../write/with-write.ts';

// Realistic shipments, line items and parts, generated inside the database: one INSERT ... SELECT
// over generate_series per batch, every value picked by a seeded hash of the row's number
// (hashint8extended / hashtextextended, PostgreSQL 11+). Deterministic for a seed and a day, and
// fast enough for a million line items — no row travels from Node to the database.

export const DEMO_FORWARDERS = ['Blue Anchor Logistics', 'Kestrel Freight', 'Harbourline Forwarding', 'Meridian Cargo'];
const CONSIGNORS = [
  'Ningbo Hengda Plastics',
  'Shenzhen Brightway Industrial',
  'Taizhou Valve Works',
  'Hai Phong Polymers',
  'Siam Fittings Co.',
  'Qingdao Ocean Hardware',
  'Busan Precision Parts',
];
const VESSELS = ['MAERSK ESSEN', 'CMA CGM TROCADERO', 'MSC OSCAR', 'EVER ACE', 'COSCO ARIES', 'ONE APUS', 'HMM OSLO'];
const AIRLINE_PREFIXES = ['176', '160', '618', '297', '180'];
const JOB_NOTES = [
  'Deliver to warehouse 2',
  'Customs hold: awaiting invoice',
  'Priority: line down',
  'Fumigation cert.',
];
const PART_FAMILIES = ['PN', 'VLV', 'FIT', 'PIPE', 'CAP', 'ELB', 'TEE'];
/** Mostly the four colour-coded transit types; 15% others, which the dashboard shows as N/A. */
const TRANS_MIX = [
  ...Array<string>(16).fill('SEA'),
  ...Array<string>(8).fill('AIR'),
  ...Array<string>(4).fill('COU'),
  ...Array<string>(6).fill('ROA'),
  ...['BCN', 'LCL', 'LSE', 'RAI', 'FSA', 'UPS'],
];
/** POs per shipment: 1 to 4, three on average. */
const LINE_ITEMS_PER_SHIPMENT = [1, 2, 3, 3, 3, 4, 4, 4];
/** Shipment numbers are the prefix and this many digits. */
const NUMBER_DIGITS = 7;

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;
const list = (values: readonly (string | number)[]) =>
  sql.raw(`array[${values.map((value) => (typeof value === 'number' ? value : quoted(value))).join(',')}]`);
const int = (value: number) => sql.raw(String(Math.trunc(value)));

/**
 * Each attribute draws from its own 16 bits of the row's seeded hashes (h0..h7, four slices each),
 * so attributes do not move together; h8 and h9 feed the long numbers (house, master, weights).
 */
const SLOTS = [
  'poCount',
  'noDates',
  'etdDay',
  'etdHour',
  'transit',
  'trans',
  'atdGap',
  'destEtaGap',
  'ataGap',
  'estGap',
  'actGap',
  'forwarder',
  'consignee',
  'consignor',
  'origin',
  'dest',
  'houseKind',
  'masterKind',
  'airline',
  'jobNotes',
  'mode',
  'vessel',
  'voyage',
  'outer',
  'uqOuter',
  'wtuq',
  'voluq',
  'cntr',
  'oblGap',
  'cents',
] as const;
const HASHES = 10;
/** Random field `slot` of a shipment row, in 0..modulo-1. */
const r = (slot: (typeof SLOTS)[number], modulo: number) => {
  const index = SLOTS.indexOf(slot);
  return sql.raw(`((((h${index >> 2} >> ${16 * (index & 3)}) & 65535) % ${modulo})::int)`);
};
/** One of `values`, chosen by random field `slot`. */
const pick = (values: readonly (string | number)[], slot: (typeof SLOTS)[number]) =>
  sql`(${list(values)})[1 + ${r(slot, values.length)}]`;
const hashColumns = (of: SQL, seed: number) =>
  sql.join(
    Array.from(
      { length: HASHES },
      (_, index) => sql`hashint8extended(${of}, ${int(seed * HASHES + index)}) as ${sql.raw(`h${index}`)}`,
    ),
    sql`, `,
  );
/**
 * A container number of `owner` (4 letters) and a 6-digit `serial`, with its ISO 6346 check digit:
 * the owner's weighted sum (domain's), then each serial digit's at its position.
 */
const containerNumberSql = (owner: string, serial: SQL) => {
  const weighted = sql.join(
    [0, 1, 2, 3, 4, 5].map((index) => sql`((${serial}) / ${int(10 ** (5 - index))} % 10) * ${int(2 ** (4 + index))}`),
    sql` + `,
  );
  return sql`${owner} || lpad((${serial})::text, 6, '0') || ((${int(containerWeightedSum(owner))} + ${weighted}) % 11 % 10)::text`;
};

/** An IATA air waybill of `prefix` and a 7-digit `serial`: its check digit is the serial mod 7. */
const airWaybillSql = (prefix: SQL, serial: SQL) =>
  sql`${prefix} || '-' || lpad((${serial})::text, 7, '0') || ((${serial}) % 7)::text`;

/** Zero-padded to `width` digits; never truncated (lpad would cut a longer number). */
const digits = (value: SQL, width: number) =>
  sql`lpad((${value})::text, greatest(${int(width)}, length((${value})::text)), '0')`;

/**
 * A PO number from the line item's sequence number `n`: mostly 'PO-0001234' (10 characters); of
 * every 20, one long (over 10 characters, so the dashboard flags it for review), one a 10-digit
 * number (numeric-looking: it sorts and filters as a number) and one short.
 */
const poNumberSql = (n: SQL) => sql`case (${n}) % 20
  when 7 then '4500' || ${digits(n, 8)} || '-0' || (1 + (${n}) % 9)::text
  when 13 then '45' || ${digits(n, 8)}
  when 17 then 'P' || (${n})::text
  else 'PO-' || ${digits(n, 7)} end`;

export type GenerateOptions = {
  /** Shipment numbers are this and seven digits, so generated data never collides with real data. */
  prefix: string;
  seed: number;
  /** "Now" for the generated dates: departures spread over the 180 days before and 90 after it. */
  now: Date;
  /** Stop after this many shipments... */
  shipments?: number;
  /** ...or this many line items, whichever comes first (at least one must be given). */
  lineItems?: number;
  /** Shipments per batch (one transaction, or one savepoint inside the caller's transaction). */
  batchShipments?: number;
  onProgress?: (lineItemsDone: number) => void;
};

export type Generated = { shipments: number; lineItems: number; parts: number };

/** Inserts shipments 1, 2, 3... under `prefix`, with their line items and parts, and fills the read model. */
export async function generateShipments(write: Write, options: GenerateOptions): Promise<Generated> {
  const maxShipments = options.shipments ?? Number.MAX_SAFE_INTEGER;
  const maxLineItems = options.lineItems ?? Number.MAX_SAFE_INTEGER;
  if (options.shipments === undefined && options.lineItems === undefined) throw new Error('shipments or lineItems');
  const batch = options.batchShipments ?? 33_334;
  const done: Generated = { shipments: 0, lineItems: 0, parts: 0 };
  while (done.shipments < maxShipments && done.lineItems < maxLineItems) {
    const first = done.shipments + 1;
    const last = Math.min(maxShipments, done.shipments + batch);
    const [added] = (await write.tx.execute<BatchResult>(batchSql(options, first, last, done.lineItems, maxLineItems)))
      .rows;
    if (!added) throw new Error('generated batch answered nothing');
    write.shipmentsChanged(added.shipment_ids.map(Number));
    await write.flush();
    if (added.shipments === 0) break;
    done.shipments += added.shipments;
    done.lineItems += added.line_items;
    done.parts += added.parts;
    options.onProgress?.(done.lineItems);
  }
  return done;
}

type BatchResult = { shipments: number; line_items: number; parts: number; shipment_ids: string[] };

/**
 * Shipments `first`..`last` with their line items (numbered on from `lineItemsBefore`, at most
 * `maxLineItems` in all) and parts, in one statement of data-modifying CTEs.
 */
function batchSql(
  options: GenerateOptions,
  first: number,
  last: number,
  lineItemsBefore: number,
  maxLineItems: number,
) {
  const { prefix, seed } = options;
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const today = sql`${options.now.toISOString().slice(0, 10)}::date`;
  const shipmentNumber = (k: SQL) => sql`${prefix} || ${digits(k, NUMBER_DIGITS)}`;
  const hours = (value: SQL) => sql`make_interval(hours => ${value})`;
  const days = (value: SQL) => sql`make_interval(days => ${value})`;
  const isAirLike = sql`trans in ('AIR', 'COU', 'UPS')`;
  return sql`
    with planned as (
      select *,
        -- line items generated before this shipment's first one (this batch follows the last)
        ${int(lineItemsBefore)}::bigint + sum(po_count) over (order by k) - po_count as before,
        -- A PO split over two shipments: every 20th shipment's last PO is its predecessor's first.
        case when k % 20 = 0 and po_count > 1 then
          ${int(lineItemsBefore)}::bigint + sum(po_count) over (order by k) - po_count
            - lag(po_count) over (order by k) + 1
        end as shared_n
      from (
        select *,
          ${pick(LINE_ITEMS_PER_SHIPMENT, 'poCount')} as po_count,
          ${pick(TRANS_MIX, 'trans')} as trans
        from (
          select k, ${hashColumns(sql`k`, seed)}
          from generate_series(${int(first)}::bigint, ${int(last)}::bigint) as k
        ) hashed
      ) counted
    ),
    dated as (
      select *,
        -- Departures over the last 6 months and the next 3; one shipment in 25 has no dates yet.
        case when ${r('noDates', 25)} = 0 then null
             else (${today} - 180 + ${r('etdDay', 270)})::timestamp at time zone 'UTC' + ${hours(r('etdHour', 24))}
        end as etd,
        ${days(sql`case
          when trans in ('AIR', 'UPS') then 2 + ${r('transit', 4)}
          when trans = 'COU' then 2 + ${r('transit', 5)}
          when trans = 'ROA' then 3 + ${r('transit', 8)}
          when trans = 'RAI' then 14 + ${r('transit', 12)}
          else 18 + ${r('transit', 23)} end`)} as transit,
        case when ${isAirLike} then round((1 + (h8 & 65535) % 800 + ${r('cents', 100)} / 100.0)::numeric, 2)
             else round((300 + (h8 & 65535) % 19700 + ${r('cents', 100)} / 100.0)::numeric, 2) end as weight,
        round(((h8 >> 16 & 65535) % case when ${isAirLike} then 300 else 6000 end / 100.0 + 0.01)::numeric, 2) as volume
      from planned
      where before < ${int(maxLineItems)}
    ),
    planned_dates as (
      select *, -- ATD 6 to 41 hours after ETD: before the shortest transit (2 days) ends.
        etd + ${hours(sql`6 + ${r('atdGap', 36)}`)} as atd_plan,
        etd + transit as eta,
        etd + transit + ${hours(r('destEtaGap', 30))} as dest_eta,
        etd + transit + ${hours(sql`31 + ${r('ataGap', 60)}`)} as ata_plan,
        etd + transit + ${days(sql`5 + ${r('estGap', 6)}`)} as est_delivery,
        etd + transit + ${days(sql`5 + ${r('estGap', 6)} + ${r('actGap', 3)}`)} as act_plan
      from dated
    ),
    timed as (
      -- ETD < ATD < ETA ≈ Dest. ETA < ATA < Est Delivery <= Act Delivery; what has not happened yet is empty.
      select *,
        case when atd_plan < ${now} then atd_plan end as atd,
        case when ata_plan < ${now} then ata_plan end as ata,
        case when act_plan < ${now} then act_plan end as act_delivery
      from planned_dates
    ),
    new_shipments as (
      insert into shipments (
        shipment, forwarder_name, consignee_name, consignor_name, origin, dest, house, master, job_notes, mode,
        container_number, vessel, arrival_vessel, weight, wtuq, volume, voluq, "outer", packtype, uq_outer,
        charge, uq_charge, trans, cntr,
        obl_received_date, etd, origin_etd, atd, eta, dest_eta, ata, est_delivery, act_delivery
      )
      select
        ${shipmentNumber(sql`k`)},
        ${pick(DEMO_FORWARDERS, 'forwarder')},
        ${pick(CONSIGNEE_OPTIONS, 'consignee')},
        ${pick(CONSIGNORS, 'consignor')},
        ${pick(ORIGIN_PORTS, 'origin')},
        ${pick(DESTINATION_PORTS, 'dest')},
        -- A few numeric-looking house and master numbers: they sort and filter as numbers.
        case when ${r('houseKind', 10)} = 0 then ${digits(sql`h9 & 1073741823`, 10)}
             when ${isAirLike} then 'HAWB' || ${digits(sql`(h9 & 1073741823) % 1000000`, 6)}
             else 'HBL' || ${digits(sql`(h9 & 1073741823) % 10000000`, 7)} end,
        case when atd is null then ''
             when ${isAirLike} then ${airWaybillSql(pick(AIRLINE_PREFIXES, 'airline'), sql`(h9 >> 32 & 1073741823) % 10000000`)}
             when ${r('masterKind', 8)} = 0 then ${digits(sql`(h9 >> 32 & 1073741823) % 1000000000`, 9)}
             else 'MSKU' || ${digits(sql`(h9 >> 32 & 1073741823) % 10000000`, 7)} end,
        case when ${r('jobNotes', 24)} < ${int(JOB_NOTES.length)} then (${list(JOB_NOTES)})[1 + ${r('jobNotes', 24)}] else '' end,
        case trans when 'SEA' then case when ${r('mode', 3)} = 0 then 'LCL' else 'FCL' end
                   when 'AIR' then 'AIR' when 'COU' then 'COU' when 'ROA' then 'ROA'
                   else ${pick(MODE_OPTIONS, 'mode')} end,
        case when ${isAirLike} then '' else ${containerNumberSql('TGHU', sql`((h8 >> 32 & 65535) * 100 + ${r('voyage', 100)}) % 1000000`)} end,
        case when ${isAirLike} then '' else ${pick(VESSELS, 'vessel')} || ' ' || (100 + ${r('voyage', 900)})::text || 'E' end,
        case when ${isAirLike} or ata is null then '' else ${pick(VESSELS, 'vessel')} end,
        weight,
        case when ${r('wtuq', 10)} = 0 then ${pick(WTUQ_OPTIONS, 'wtuq')} else 'KG' end,
        volume,
        case when ${r('voluq', 20)} = 0 then ${pick(VOLUQ_OPTIONS, 'voluq')} else 'M3' end,
        1 + ${r('outer', 80)},
        ${pick(UQ_OUTER_OPTIONS, 'uqOuter')},
        ${pick(UQ_OUTER_OPTIONS, 'uqOuter')},
        -- Charged by weight in the air, by volume at sea.
        case when ${isAirLike} then weight else volume end,
        case when ${isAirLike} then 'KG' else 'M3' end,
        trans,
        case when trans = 'SEA' then (1 + ${r('cntr', 3)})::text else '' end,
        case when atd is not null and not (${isAirLike}) then atd + ${days(sql`2 + ${r('oblGap', 5)}`)} end,
        etd, etd, atd, eta, dest_eta, ata, est_delivery, act_delivery
      from timed
      returning id, shipment
    ),
    planned_line_items as (
      select s.id as shipment_id, s.shipment,
        case when j = p.po_count and p.shared_n is not null then ${poNumberSql(sql`p.shared_n`)}
             else ${poNumberSql(sql`p.before + j`)} end as title,
        hashint8extended(p.before + j, ${int(seed)}) as h
      from new_shipments s
      join planned p on s.shipment = ${shipmentNumber(sql`p.k`)}
      cross join generate_series(1, least(p.po_count, ${int(maxLineItems)} - p.before)) as j
    ),
    new_line_items as (
      insert into line_items (shipment_id, title, po_review_required, ignore_po_character_count, hide_lineitem)
      select shipment_id, title, length(title),
        -- A third of the long PO numbers were already checked ('Valid PO #'); one line item in 40 is hidden.
        length(title) > 10 and (h & 65535) % 3 = 0,
        (h >> 16 & 65535) % 40 = 0
      from planned_line_items
      returning id, shipment_id, title
    ),
    new_parts as (
      insert into parts (line_item_id, part_number, qty)
      select li.id,
        case when (hp & 65535) % 10 = 0 then ${digits(sql`(hp >> 16 & 1073741823) % 10000000`, 7)} || p::text
             else (${list(PART_FAMILIES)})[1 + (hp >> 16 & 65535) % ${int(PART_FAMILIES.length)}]
               || '-' || ${digits(sql`(hp >> 32 & 65535) % 100000`, 5)} || '-' || p::text end,
        case when (hp >> 48 & 255) % 50 = 0 then null
             when (hp >> 48 & 255) % 4 = 0 then 10 * (1 + (hp >> 56 & 127) % 50)::int
             else 1 + (hp >> 24 & 65535) % 500 end
      from new_line_items li
      join new_shipments s on s.id = li.shipment_id
      -- 0 to 6 parts per line item, three on average.
      cross join lateral (select hashtextextended(s.shipment || '/' || li.title, ${int(seed)}) as hl) hashed
      cross join generate_series(1, 6) as p
      cross join lateral (select hashint8extended(hl # p, ${int(seed)}) as hp) part_hash
      where p <= (hl & 65535) % 7
      -- In insertion order, so a line item lists its parts as -1, -2, -3...
      order by li.id, p
      returning 1
    )
    select (select count(*)::int from new_shipments) as shipments,
      (select count(*)::int from new_line_items) as line_items,
      (select count(*)::int from new_parts) as parts,
      (select coalesce(array_agg(id), '{}') from new_shipments) as shipment_ids`;
}
