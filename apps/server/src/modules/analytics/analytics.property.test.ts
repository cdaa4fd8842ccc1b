import {
  type AnalyticsQuery,
  daysLate,
  ETA_ERROR_CLAMP_DAYS,
  isOnTime,
  percentile,
  percentOf,
  periodStart,
} from '@quayside/domain/analytics';
import { companyKey } from '@quayside/domain/text';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { lineItems, parts, shipments } from '../../db/schema.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { syncLineItemRows } from '../line-items/line-item-rows.ts';
import { etaAccuracy, onTime, transitTime, volume } from './analytics.service.ts';
import { scorecard } from './scorecard.ts';
import { syncShipmentFacts } from './shipment-facts.ts';

// The figures' contract: for random shipments (some with a Dest. ETA moved after the first
// promise) and random filters, the SQL answers what domain's arithmetic computes in TypeScript:
// volume, on time, transit time by Mode, the ETA error distribution and the scorecard (all but
// document timeliness, which the hand-computed tests cover with uploads).

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const COMPANIES = ['Blue Anchor', 'BLUE ANCHOR ', 'Kestrel'];
/** Exceptions are decided before every generated date. */
const CLOCK = () => new Date('2026-12-01T00:00:00Z');
const MODES = ['SEA', 'AIR', ''];
// Days around the turn of two months and a week, at any hour, so periods and UTC days are exercised.
const timestamp = fc.oneof(
  { arbitrary: fc.constant(null), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 23 }))
      .map(([day, hour]) => new Date(Date.UTC(2027, 0, 20 + day, hour, 30)).toISOString()),
    weight: 3,
  },
);
const shipmentArbitrary = fc.record({
  forwarder_name: fc.constantFrom(...COMPANIES),
  mode: fc.constantFrom(...MODES),
  atd: timestamp,
  dest_eta: timestamp,
  /** A later Dest. ETA (or none): the first promise stays the first. */
  moved_dest_eta: fc.option(timestamp, { nil: undefined }),
  ata: timestamp,
  est_delivery: timestamp,
  act_delivery: timestamp,
  lineItems: fc.array(
    fc.record({ hidden: fc.boolean(), quantities: fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 3 }) }),
    { maxLength: 3 },
  ),
});
type GeneratedShipment = typeof shipmentArbitrary extends fc.Arbitrary<infer T> ? T : never;

async function load(generated: GeneratedShipment[]) {
  const { db } = database;
  await db.execute(sql`truncate shipments, line_items, parts, line_item_rows restart identity cascade`);
  const date = (iso: string | null) => (iso ? new Date(iso) : null);
  for (const [index, shipment] of generated.entries()) {
    const [row] = await db
      .insert(shipments)
      .values({
        shipment: `P${index}`,
        forwarder_name: shipment.forwarder_name,
        mode: shipment.mode,
        atd: date(shipment.atd),
        dest_eta: date(shipment.dest_eta),
        ata: date(shipment.ata),
        est_delivery: date(shipment.est_delivery),
        act_delivery: date(shipment.act_delivery),
      })
      .returning();
    if (!row) throw new Error('no shipment');
    if (shipment.moved_dest_eta !== undefined) {
      await db.execute(sql`update shipments set dest_eta = ${date(shipment.moved_dest_eta)} where id = ${row.id}`);
    }
    for (const [position, lineItem] of shipment.lineItems.entries()) {
      const [item] = await db
        .insert(lineItems)
        .values({ shipment_id: row.id, title: `PO-${position}`, po_review_required: 4, hide_lineitem: lineItem.hidden })
        .returning();
      if (!item) throw new Error('no line item');
      if (lineItem.quantities.length > 0) {
        await db
          .insert(parts)
          .values(lineItem.quantities.map((qty, part) => ({ line_item_id: item.id, part_number: `N${part}`, qty })));
      }
    }
  }
  await syncShipmentFacts(db, 'all');
  await syncLineItemRows(db, 'all');
}

const person = (role: Principal['role'], company: string): Principal => ({
  personId: 1,
  userId: 'property-test',
  email: 'someone@example.com',
  fullName: 'Someone',
  role,
  company,
});
const principalArbitrary = fc.oneof(
  fc.constant(person('Admin', 'NAPCO')),
  fc.constantFrom(...COMPANIES).map((company) => person('Forwarder', company)),
);
const queryArbitrary = fc.record({
  from: fc.constantFrom('2027-01-20', '2027-02-01', '2027-02-10'),
  to: fc.constantFrom('2027-02-05', '2027-02-28', '2027-03-01'),
  dateBy: fc.constantFrom('atd' as const, 'dest_eta' as const),
  period: fc.constantFrom('week' as const, 'month' as const),
  mode: fc.option(fc.constantFrom('SEA' as const, 'AIR' as const), { nil: undefined }),
});

/** The reference: the same figures from the generated shipments, in TypeScript. */
function reference(generated: GeneratedShipment[], principal: Principal, query: AnalyticsQuery) {
  const isForwarder = principal.role === 'Forwarder';
  // Open exceptions are today's: the date range does not narrow them, the other filters do.
  const filtered = generated
    .map((shipment) => ({
      ...shipment,
      final_dest_eta: shipment.moved_dest_eta === undefined ? shipment.dest_eta : shipment.moved_dest_eta,
    }))
    .filter((shipment) => !isForwarder || companyKey(shipment.forwarder_name) === companyKey(principal.company))
    .filter((shipment) => query.mode === undefined || shipment.mode === query.mode);
  const picked = filtered
    .map((shipment) => ({ ...shipment, basis: query.dateBy === 'atd' ? shipment.atd : shipment.final_dest_eta }))
    .filter((shipment) => {
      const day = shipment.basis?.slice(0, 10);
      return day !== undefined && day >= query.from && day <= query.to;
    });
  const groups = <T>(rows: T[], keyOf: (row: T) => string) => {
    const byKey = new Map<string, T[]>();
    for (const row of rows) byKey.set(keyOf(row), [...(byKey.get(keyOf(row)) ?? []), row]);
    return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  };
  const seen = (shipment: GeneratedShipment) =>
    shipment.lineItems.filter((lineItem) => !isForwarder || !lineItem.hidden);
  const volumeRows = groups(picked, (shipment) => periodStart(shipment.basis ?? '', query.period)).map(
    ([period, rows]) => ({
      period,
      shipments: rows.length,
      lineItems: rows.reduce((sum, shipment) => sum + seen(shipment).length, 0),
      partQuantity: rows.reduce(
        (sum, shipment) =>
          sum + seen(shipment).reduce((total, lineItem) => total + lineItem.quantities.reduce((a, b) => a + b, 0), 0),
        0,
      ),
    }),
  );
  const share = (pairs: [string | null, string | null][]) => {
    const measured = pairs.filter((pair): pair is [string, string] => pair[0] !== null && pair[1] !== null);
    const onTimeCount = measured.filter(([actual, promised]) => isOnTime(actual, promised, 1)).length;
    return { onTime: onTimeCount, measured: measured.length, percent: percentOf(onTimeCount, measured.length) };
  };
  const onTimeRows = groups(picked, (shipment) => periodStart(shipment.basis ?? '', 'month')).map(([period, rows]) => ({
    period,
    arrival: share(rows.map((shipment) => [shipment.ata, shipment.dest_eta ?? shipment.final_dest_eta])),
    delivery: share(rows.map((shipment) => [shipment.act_delivery, shipment.est_delivery])),
  }));
  const spread = (values: number[]) => ({
    measured: values.length,
    median: percentile(values, 0.5),
    p90: percentile(values, 0.9),
  });
  const days = (to: string | null, from: string | null) => (to !== null && from !== null ? daysLate(to, from) : null);
  const present = (values: (number | null)[]) => values.filter((value): value is number => value !== null);
  const byMode = groups(picked, (shipment) => shipment.mode)
    .map(([mode, rows]) => ({
      mode,
      count: rows.length,
      toArrival: spread(present(rows.map((shipment) => days(shipment.ata, shipment.atd)))),
      toDelivery: spread(present(rows.map((shipment) => days(shipment.act_delivery, shipment.ata)))),
    }))
    .sort((a, b) => b.count - a.count || (a.mode < b.mode ? -1 : 1))
    .map(({ count, ...row }) => row);
  const firstPromise = (shipment: (typeof filtered)[number]) => shipment.dest_eta ?? shipment.final_dest_eta;
  const etaError = (shipment: (typeof picked)[number]) => days(shipment.ata, firstPromise(shipment));
  const clamped = present(picked.map(etaError)).map((value) =>
    Math.max(-ETA_ERROR_CLAMP_DAYS, Math.min(ETA_ERROR_CLAMP_DAYS, value)),
  );
  const distribution = groups(clamped, String)
    .map(([, values]) => ({ daysLate: values[0] as number, shipments: values.length }))
    .sort((a, b) => a.daysLate - b.daysLate);
  // The scorecard, by forwarder key (its name is any one spelling of the key).
  const slipped = (shipment: (typeof picked)[number]) =>
    shipment.moved_dest_eta != null && shipment.dest_eta !== null && shipment.moved_dest_eta > shipment.dest_eta;
  // As of the test's clock every date is ahead, so the only open exception is a Dest. ETA moved 3 days or more.
  const etaSlipped = (shipment: (typeof filtered)[number]) => {
    const moved = days(shipment.final_dest_eta, firstPromise(shipment));
    return shipment.ata === null && moved !== null && moved >= 3;
  };
  const scorecard = groups(picked, (shipment) => companyKey(shipment.forwarder_name)).map(([key, rows]) => {
    const arrivals = rows.map((shipment): [string | null, string | null] => [shipment.ata, firstPromise(shipment)]);
    return {
      key,
      shipments: rows.length,
      onTimeArrivalPercent: share(arrivals).percent,
      medianTransitDays: percentile(present(rows.map((shipment) => days(shipment.ata, shipment.atd))), 0.5),
      medianEtaErrorDays: percentile(present(rows.map(etaError)), 0.5),
      etaSlipsPerShipment: Math.round((rows.filter(slipped).length / rows.length) * 100) / 100,
      openExceptions: filtered
        .filter((shipment) => companyKey(shipment.forwarder_name) === key && etaSlipped(shipment))
        .reduce((sum, shipment) => sum + seen(shipment).length, 0),
      // No POs here: purchase-order-figures.property.test.ts holds the PO columns.
      receipts: 0,
      receiptOnTimePercent: null,
      receiptInFullPercent: null,
      receiptOtifPercent: null,
    };
  });
  return { volumeRows, onTimeRows, byMode, distribution, scorecard };
}

/** Medians and percentiles from SQL are floating point: compared to nine decimals. */
const rounded = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value, (_key, item) => (typeof item === 'number' ? Math.round(item * 1e9) / 1e9 : item)));

describe('the analytics figures', () => {
  it('equal the TypeScript reference for random shipments, users and filters', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(shipmentArbitrary, { minLength: 1, maxLength: 16 }),
        principalArbitrary,
        queryArbitrary,
        async (generated, principal, query) => {
          await load(generated);
          const { db } = database;
          const expected = reference(generated, principal, query);
          expect((await volume(db, principal, query)).rows).toEqual(expected.volumeRows);
          expect((await onTime(db, principal, query)).rows).toEqual(expected.onTimeRows);
          expect(rounded((await transitTime(db, principal, query)).byMode)).toEqual(rounded(expected.byMode));
          expect((await etaAccuracy(db, principal, query)).distribution).toEqual(expected.distribution);
          const card = await scorecard(db, principal, query, CLOCK);
          const byKey = card.rows
            .map(({ forwarder, current: { documentTimelinessPercent, ...figures } }) => ({
              key: companyKey(forwarder),
              ...figures,
            }))
            .sort((a, b) => (a.key < b.key ? -1 : 1));
          expect(rounded(byKey)).toEqual(rounded(expected.scorecard));
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25) },
    );
  });
});
