import { AnalyticsQuery, type OpenExceptionsResponse, type ScorecardResponse } from '@quayside/domain/analytics';
import type { SupplierFigures, SupplierScorecardResponse } from '@quayside/domain/purchase-order-analytics';
import { describe, expect, it } from 'vitest';
import {
  daysFromAta,
  etaKnownSentence,
  openExceptionsTable,
  scorecardCsvTable,
  scorecardTable,
  supplierScorecardCsvTable,
  supplierScorecardTable,
  tableCsv,
  transitByLaneTable,
  volumeTable,
} from './figure-tables.ts';

const query = AnalyticsQuery.parse({ from: '2027-01-01', to: '2027-03-31', mode: 'FCL' });
const none = { late_departure: 0, late_arrival: 0, late_delivery: 0, eta_slipped: 0, missing_documents: 0, stale: 0 };

describe('the figures as tables', () => {
  it('write a table and its CSV from the same rows, weeks by their Monday and months as YYYY-MM', () => {
    const weekly = volumeTable({
      period: 'week',
      rows: [{ period: '2027-03-08', shipments: 2, lineItems: 5, partQuantity: 12.5 }],
    });
    expect(tableCsv(weekly)).toBe(
      '"Week of","Shipments","Line items","Part quantity"\r\n"2027-03-08","2","5","12.5"\r\n',
    );
    const monthly = volumeTable({
      period: 'month',
      rows: [{ period: '2027-03-01', shipments: 1, lineItems: 1, partQuantity: 0 }],
    });
    expect(monthly.rows[0]?.[0]).toBe('2027-03');
  });

  it('link each open exception count to the dashboard listing those line items', () => {
    const response: OpenExceptionsResponse = {
      asOf: '2027-03-13',
      byForwarder: [{ forwarder: '=Kestrel', counts: { ...none, late_arrival: 2 }, total: 2 }],
    };
    const table = openExceptionsTable(response, query);
    const cell = table.rows[0]?.[2] as { text: string; href: string };
    expect(cell.text).toBe('2');
    const link = new URL(cell.href, 'http://quayside.test');
    expect(link.pathname).toBe('/');
    expect(link.searchParams.get('exception')).toBe('late_arrival');
    expect(JSON.parse(link.searchParams.get('filters') ?? '')).toContainEqual({
      column: 'forwarder_name',
      operator: 'equals',
      value: '=Kestrel',
    });
    // Open exceptions are today's: the link carries no date range, so the dashboard lists them all.
    expect(JSON.parse(link.searchParams.get('filters') ?? '')).toEqual([
      { column: 'forwarder_name', operator: 'equals', value: '=Kestrel' },
    ]);
    expect(table.rows[0]?.[1]).toBe(0);
    // A name a spreadsheet would run as a formula stays text.
    expect(tableCsv(table).split('\r\n')[1]).toBe(`"'=Kestrel","0","2","0","0","0","0","2"`);
  });

  it('give each scorecard figure its change since the period before, and the CSV both periods', () => {
    const figures = {
      shipments: 10,
      onTimeArrivalPercent: 80,
      medianTransitDays: 20.5,
      medianEtaErrorDays: 1,
      etaSlipsPerShipment: 0.333,
      openExceptions: 3,
      documentTimelinessPercent: null,
      receipts: 4,
      receiptOnTimePercent: 75,
      receiptInFullPercent: 50,
      receiptOtifPercent: 25,
    };
    const response: ScorecardResponse = {
      graceDays: 1,
      previous: { from: '2026-10-03', to: '2026-12-31' },
      rows: [
        {
          forwarder: 'Kestrel',
          current: figures,
          previous: { ...figures, shipments: 8, onTimeArrivalPercent: 75.5, medianTransitDays: 20.5 },
        },
        { forwarder: 'Blue Anchor', current: figures, previous: null },
      ],
    };
    const [kestrel, blue] = scorecardTable(response).rows;
    expect(kestrel?.slice(0, 4)).toEqual([
      'Kestrel',
      { text: '10', trend: { change: 2, better: 'neither' } },
      { text: '80', trend: { change: 4.5, better: 'up' } },
      { text: '20.5', trend: { change: 0, better: 'down' } },
    ]);
    expect(kestrel?.[5]).toEqual({ text: '0.33', trend: { change: 0, better: 'down' } });
    expect(kestrel?.[7]).toBeNull();
    expect(blue?.[1]).toBe('10');
    const csv = scorecardCsvTable(response);
    expect(csv.columns.slice(0, 5)).toEqual([
      'Forwarder',
      'Shipments',
      'Shipments, previous period',
      'On-time arrival %',
      'On-time arrival %, previous period',
    ]);
    expect(csv.rows[0]?.slice(0, 5)).toEqual(['Kestrel', 10, 8, 80, 75.5]);
    expect(csv.rows[1]?.slice(0, 3)).toEqual(['Blue Anchor', 10, null]);
    // The PO OTIF of the forwarder's receipts closes the row.
    expect(scorecardTable(response).columns.slice(-4)).toEqual([
      'PO receipts',
      'PO on time %',
      'PO in full %',
      'PO OTIF %',
    ]);
    expect(kestrel?.at(-1)).toEqual({ text: '25', trend: { change: 0, better: 'up' } });
  });

  it("write the supplier scorecard with each figure's change, and its CSV with the period before beside it", () => {
    const figures: SupplierFigures = {
      lines: 12,
      onTimePercent: 75,
      inFullPercent: 91.7,
      otifPercent: 66.7,
      purchaseOrders: 4,
      poOtifPercent: 50,
      fillRatePercent: 97.5,
      departed: 3,
      orderToDepartureMedianDays: 30,
      orderToDepartureP90Days: 41.4,
      received: 2,
      orderToReceiptMedianDays: 62.5,
      orderToReceiptP90Days: null,
    };
    const response: SupplierScorecardResponse = {
      graceDays: 1,
      asOf: '2027-03-13',
      previous: { from: '2026-10-03', to: '2026-12-31' },
      rows: [
        {
          supplier: 'Acme Tools',
          current: figures,
          previous: { ...figures, otifPercent: 70, orderToDepartureMedianDays: 35 },
        },
        { supplier: '', current: figures, previous: null },
      ],
    };
    const table = supplierScorecardTable(response);
    expect(table.columns).toEqual([
      'Supplier',
      'PO lines',
      'On time %',
      'In full %',
      'OTIF %',
      'POs',
      'PO OTIF %',
      'Fill rate %',
      'POs departed',
      'Order → departure median (days)',
      'Order → departure p90 (days)',
      'POs received',
      'Order → receipt median (days)',
      'Order → receipt p90 (days)',
    ]);
    const [acme, none] = table.rows;
    expect(acme?.[4]).toEqual({ text: '66.7', trend: { change: -3.3, better: 'up' } });
    expect(acme?.[9]).toEqual({ text: '30', trend: { change: -5, better: 'down' } });
    expect(acme?.[13]).toBeNull();
    expect(none?.slice(0, 2)).toEqual(['(no supplier)', '12']);
    expect(tableCsv(supplierScorecardCsvTable(response)).split('\r\n').slice(0, 2)).toEqual([
      expect.stringMatching(
        /^"Supplier","PO lines","PO lines, previous period","On time %","On time %, previous period",/,
      ),
      expect.stringMatching(/^"Acme Tools","12","12","75","75","91.7","91.7","66.7","70",/),
    ]);
  });

  it('say how long before ATA the final ETA was set, or after it when it was entered late', () => {
    expect([daysFromAta(6), daysFromAta(1), daysFromAta(0.25), daysFromAta(-610)]).toEqual([
      '6 days before ATA',
      '1 day before ATA',
      '0.3 days before ATA',
      '610 days after ATA',
    ]);
  });

  it('say when the final ETA was known in a sentence that reads one way only', () => {
    expect(etaKnownSentence(6, 20, 4)).toBe(
      'Of 4 arrived shipments, half had their final Dest. ETA 6 days before ATA or earlier; 9 in 10 had it no earlier than 20 days before ATA.',
    );
    expect(etaKnownSentence(-1, 2, 1)).toBe(
      'Of 1 arrived shipment, half had their final Dest. ETA 1 day after ATA or earlier; 9 in 10 had it no earlier than 2 days before ATA.',
    );
  });

  it('give the lane table short headers under the two legs, keeping the full names for the CSV', () => {
    const table = transitByLaneTable({
      byMode: [],
      byLane: [
        {
          origin: 'CNSHA',
          destination: 'USLAX',
          toArrival: { measured: 2, median: 21, p90: 30 },
          toDelivery: { measured: 0, median: null, p90: null },
        },
      ],
    });
    expect(table.shown?.groups.map((group) => [group.label, group.span])).toEqual([
      ['', 2],
      ['ATD → ATA', 3],
      ['ATA → Act Delivery', 3],
    ]);
    expect(table.shown?.headers.every((header) => header.length <= 11)).toBe(true);
    expect(tableCsv(table).split('\r\n')[0]).toBe(
      '"Origin","Destination","ATD → ATA median (days)","ATD → ATA p90 (days)","Shipments arrived","ATA → Act Delivery median (days)","ATA → Act Delivery p90 (days)","Shipments delivered"',
    );
  });
});
