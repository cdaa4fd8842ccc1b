import type {
  AnalyticsPeriod,
  AnalyticsQuery,
  DocumentTimelinessResponse,
  EtaAccuracyResponse,
  OnTimeResponse,
  OpenExceptionsResponse,
  ScorecardFigures,
  ScorecardResponse,
  Spread,
  TransitTimeResponse,
  VolumeResponse,
} from '@quayside/domain/analytics';
import { csvLine } from '@quayside/domain/csv';
import { EXCEPTION_LABELS, SHIPMENT_EXCEPTION_KINDS } from '@quayside/domain/exceptions';
import type { SupplierFigures, SupplierScorecardResponse } from '@quayside/domain/purchase-order-analytics';
import { exceptionsOnDashboard } from './dashboard-links.ts';

// Each figure's numbers as a table: what its table view shows and its CSV holds, so the two never
// disagree. A cell may link (open exceptions lead into the dashboard) or carry a trend (the scorecard).

export type Cell = string | number | null | { text: string; href?: string; trend?: Trend };
export type Trend = { change: number; better: 'up' | 'down' | 'neither' };
/**
 * `columns` name the CSV's columns and the table's; where they would not fit a card, `shown` gives
 * shorter headers under `groups` (a header over several columns), and the full name stays the
 * header's accessible name.
 */
export type FigureTable = {
  columns: string[];
  rows: Cell[][];
  shown?: { headers: string[]; groups: { label: string; span: number }[] };
};

/** '' for no value, the text of a link, a figure without its trend. */
export function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'object') return cell.text;
  return String(cell);
}

export const tableCsv = (table: FigureTable) =>
  [table.columns, ...table.rows.map((row) => row.map(cellText))].map(csvLine).join('');

/** '2027-03' for a month, the Monday '2027-03-08' for a week. */
export const periodLabel = (period: string, kind: AnalyticsPeriod) => (kind === 'month' ? period.slice(0, 7) : period);
const periodColumn = (kind: AnalyticsPeriod) => (kind === 'month' ? 'Month' : 'Week of');

/** A grouping left empty on the shipments: a lane's end, a Mode. */
const orNone = (value: string, none = '(none)') => value || none;
export const modeLabel = (mode: string) => orNone(mode, '(no mode)');

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Days with at most one decimal. */
export const days = (value: number | null) => (value === null ? null : oneDecimal(value));

/** '6 days before ATA', '610 days after ATA' (a date entered after the arrival). */
export function daysFromAta(value: number) {
  const size = Math.abs(oneDecimal(value));
  return `${size} ${size === 1 ? 'day' : 'days'} ${value < 0 ? 'after' : 'before'} ATA`;
}

/**
 * How long before arriving the shipments knew their final Dest. ETA, in words that cannot be read
 * two ways: 'Of 4 arrived shipments, half had their final Dest. ETA 6 days before ATA or earlier;
 * 9 in 10 had it no earlier than 20 days before ATA.'
 */
export function etaKnownSentence(median: number, p90: number, measured: number) {
  return (
    `Of ${measured} arrived ${measured === 1 ? 'shipment' : 'shipments'}, half had their final Dest. ETA ` +
    `${daysFromAta(median)} or earlier; 9 in 10 had it no earlier than ${daysFromAta(p90)}.`
  );
}

export function volumeTable(response: VolumeResponse): FigureTable {
  return {
    columns: [periodColumn(response.period), 'Shipments', 'Line items', 'Part quantity'],
    rows: response.rows.map((row) => [
      periodLabel(row.period, response.period),
      row.shipments,
      row.lineItems,
      row.partQuantity,
    ]),
  };
}

export function onTimeTable(response: OnTimeResponse): FigureTable {
  return {
    columns: ['Month', 'On-time arrival %', 'Arrivals measured', 'On-time delivery %', 'Deliveries measured'],
    rows: response.rows.map((row) => [
      periodLabel(row.period, 'month'),
      row.arrival.percent,
      row.arrival.measured,
      row.delivery.percent,
      row.delivery.measured,
    ]),
  };
}

const SPREAD_COLUMNS = [
  'ATD → ATA median (days)',
  'ATD → ATA p90 (days)',
  'Shipments arrived',
  'ATA → Act Delivery median (days)',
  'ATA → Act Delivery p90 (days)',
  'Shipments delivered',
];
/** The spread columns under two headers, 'ATD → ATA' and 'ATA → Act Delivery', so a lane fits half a page. */
const spreadShown = (leading: string[]) => ({
  headers: [...leading, 'Median days', 'p90 days', 'Shipments', 'Median days', 'p90 days', 'Shipments'],
  groups: [
    { label: '', span: leading.length },
    { label: 'ATD → ATA', span: 3 },
    { label: 'ATA → Act Delivery', span: 3 },
  ],
});
const spreadCells = (toArrival: Spread, toDelivery: Spread): Cell[] => [
  days(toArrival.median),
  days(toArrival.p90),
  toArrival.measured,
  days(toDelivery.median),
  days(toDelivery.p90),
  toDelivery.measured,
];

export function transitByModeTable(response: TransitTimeResponse): FigureTable {
  return {
    columns: ['Mode', ...SPREAD_COLUMNS],
    shown: spreadShown(['Mode']),
    rows: response.byMode.map((row) => [modeLabel(row.mode), ...spreadCells(row.toArrival, row.toDelivery)]),
  };
}

export function transitByLaneTable(response: TransitTimeResponse): FigureTable {
  return {
    columns: ['Origin', 'Destination', ...SPREAD_COLUMNS],
    shown: spreadShown(['Origin', 'Destination']),
    rows: response.byLane.map((row) => [
      orNone(row.origin),
      orNone(row.destination),
      ...spreadCells(row.toArrival, row.toDelivery),
    ]),
  };
}

export function etaAccuracyTable(response: EtaAccuracyResponse): FigureTable {
  return {
    columns: ['Days late (ATA − first promised Dest. ETA)', 'Shipments'],
    rows: response.distribution.map((row) => [row.daysLate, row.shipments]),
  };
}

export function documentTimelinessTable(response: DocumentTimelinessResponse): FigureTable {
  return {
    columns: ['Month', 'Documents in time %', 'In time', 'Arrived'],
    rows: response.rows.map((row) => [periodLabel(row.period, 'month'), row.percent, row.onTime, row.measured]),
  };
}

/** A row per forwarder, a column per kind; each count links to the dashboard listing those line items. */
export function openExceptionsTable(response: OpenExceptionsResponse, query: AnalyticsQuery): FigureTable {
  return {
    columns: ['Forwarder', ...SHIPMENT_EXCEPTION_KINDS.map((kind) => EXCEPTION_LABELS[kind]), 'Any'],
    rows: response.byForwarder.map((row) => [
      row.forwarder,
      ...SHIPMENT_EXCEPTION_KINDS.map((kind) => {
        const count = row.counts[kind] ?? 0;
        return count === 0 ? count : { text: String(count), href: exceptionsOnDashboard(query, kind, row.forwarder) };
      }),
      row.total,
    ]),
  };
}

/** Line items with each kind, over every forwarder the user sees. */
export const exceptionTotals = (response: OpenExceptionsResponse) =>
  SHIPMENT_EXCEPTION_KINDS.map((kind) => ({
    kind,
    count: response.byForwarder.reduce((sum, row) => sum + (row.counts[kind] ?? 0), 0),
  }));

/** A scorecard's column: its header, the figure it shows, and which way is better. */
type TrendColumn<F> = { label: string; figure: keyof F; better: Trend['better'] };
type ScorecardColumn = TrendColumn<ScorecardFigures>;
export const SCORECARD_COLUMNS: readonly ScorecardColumn[] = [
  { label: 'Shipments', figure: 'shipments', better: 'neither' },
  { label: 'On-time arrival %', figure: 'onTimeArrivalPercent', better: 'up' },
  { label: 'Median transit (days)', figure: 'medianTransitDays', better: 'down' },
  { label: 'Median ETA error (days)', figure: 'medianEtaErrorDays', better: 'down' },
  { label: 'ETA slips per shipment', figure: 'etaSlipsPerShipment', better: 'down' },
  { label: 'Open exceptions', figure: 'openExceptions', better: 'down' },
  { label: 'Document timeliness %', figure: 'documentTimelinessPercent', better: 'up' },
  { label: 'PO receipts', figure: 'receipts', better: 'neither' },
  { label: 'PO on time %', figure: 'receiptOnTimePercent', better: 'up' },
  { label: 'PO in full %', figure: 'receiptInFullPercent', better: 'up' },
  { label: 'PO OTIF %', figure: 'receiptOtifPercent', better: 'up' },
];

export const SUPPLIER_COLUMNS: readonly TrendColumn<SupplierFigures>[] = [
  { label: 'PO lines', figure: 'lines', better: 'neither' },
  { label: 'On time %', figure: 'onTimePercent', better: 'up' },
  { label: 'In full %', figure: 'inFullPercent', better: 'up' },
  { label: 'OTIF %', figure: 'otifPercent', better: 'up' },
  { label: 'POs', figure: 'purchaseOrders', better: 'neither' },
  { label: 'PO OTIF %', figure: 'poOtifPercent', better: 'up' },
  { label: 'Fill rate %', figure: 'fillRatePercent', better: 'up' },
  { label: 'POs departed', figure: 'departed', better: 'neither' },
  { label: 'Order → departure median (days)', figure: 'orderToDepartureMedianDays', better: 'down' },
  { label: 'Order → departure p90 (days)', figure: 'orderToDepartureP90Days', better: 'down' },
  { label: 'POs received', figure: 'received', better: 'neither' },
  { label: 'Order → receipt median (days)', figure: 'orderToReceiptMedianDays', better: 'down' },
  { label: 'Order → receipt p90 (days)', figure: 'orderToReceiptP90Days', better: 'down' },
];

const rounded = (value: number) => Math.round(value * 100) / 100;

type TrendRow<F> = { name: string; current: F; previous: F | null };

/** Each row's figures, each with its change since the period before when both are known. */
function trendTable<F>(nameColumn: string, columns: readonly TrendColumn<F>[], rows: TrendRow<F>[]): FigureTable {
  return {
    columns: [nameColumn, ...columns.map((column) => column.label)],
    rows: rows.map((row) => [
      row.name,
      ...columns.map(({ figure, better }): Cell => {
        const current = row.current[figure] as number | null;
        const previous = (row.previous?.[figure] ?? null) as number | null;
        if (current === null) return null;
        const text = String(rounded(current));
        return previous === null ? text : { text, trend: { change: rounded(current - previous), better } };
      }),
    ]),
  };
}

/** A scorecard's CSV adds the period before as columns of its own, so a spreadsheet can compare them. */
function trendCsvTable<F>(nameColumn: string, columns: readonly TrendColumn<F>[], rows: TrendRow<F>[]): FigureTable {
  return {
    columns: [nameColumn, ...columns.flatMap((column) => [column.label, `${column.label}, previous period`])],
    rows: rows.map((row) => [
      row.name,
      ...columns.flatMap(({ figure }) => [
        row.current[figure] as number | null,
        (row.previous?.[figure] ?? null) as number | null,
      ]),
    ]),
  };
}

const forwarderRows = (response: ScorecardResponse) => response.rows.map((row) => ({ name: row.forwarder, ...row }));
export const scorecardTable = (response: ScorecardResponse) =>
  trendTable('Forwarder', SCORECARD_COLUMNS, forwarderRows(response));
export const scorecardCsvTable = (response: ScorecardResponse) =>
  trendCsvTable('Forwarder', SCORECARD_COLUMNS, forwarderRows(response));

/** A PO without a supplier is grouped under a name that says so. */
export const supplierLabel = (supplier: string) => orNone(supplier, '(no supplier)');
const supplierRows = (response: SupplierScorecardResponse) =>
  response.rows.map((row) => ({ name: supplierLabel(row.supplier), ...row }));
export const supplierScorecardTable = (response: SupplierScorecardResponse) =>
  trendTable('Supplier', SUPPLIER_COLUMNS, supplierRows(response));
export const supplierScorecardCsvTable = (response: SupplierScorecardResponse) =>
  trendCsvTable('Supplier', SUPPLIER_COLUMNS, supplierRows(response));
