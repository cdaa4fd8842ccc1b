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

type ScorecardColumn = { label: string; figure: keyof ScorecardFigures; better: Trend['better'] };
export const SCORECARD_COLUMNS: readonly ScorecardColumn[] = [
  { label: 'Shipments', figure: 'shipments', better: 'neither' },
  { label: 'On-time arrival %', figure: 'onTimeArrivalPercent', better: 'up' },
  { label: 'Median transit (days)', figure: 'medianTransitDays', better: 'down' },
  { label: 'Median ETA error (days)', figure: 'medianEtaErrorDays', better: 'down' },
  { label: 'ETA slips per shipment', figure: 'etaSlipsPerShipment', better: 'down' },
  { label: 'Open exceptions', figure: 'openExceptions', better: 'down' },
  { label: 'Document timeliness %', figure: 'documentTimelinessPercent', better: 'up' },
];

const rounded = (value: number) => Math.round(value * 100) / 100;

/** Each forwarder's figures, each with its change since the period before when both are known. */
export function scorecardTable(response: ScorecardResponse): FigureTable {
  return {
    columns: ['Forwarder', ...SCORECARD_COLUMNS.map((column) => column.label)],
    rows: response.rows.map((row) => [
      row.forwarder,
      ...SCORECARD_COLUMNS.map(({ figure, better }): Cell => {
        const current = row.current[figure];
        const previous = row.previous?.[figure] ?? null;
        if (current === null) return null;
        const text = String(rounded(current));
        return previous === null ? text : { text, trend: { change: rounded(current - previous), better } };
      }),
    ]),
  };
}

/** The scorecard's CSV adds the period before as columns of its own, so a spreadsheet can compare them. */
export function scorecardCsvTable(response: ScorecardResponse): FigureTable {
  return {
    columns: [
      'Forwarder',
      ...SCORECARD_COLUMNS.flatMap((column) => [column.label, `${column.label}, previous period`]),
    ],
    rows: response.rows.map((row) => [
      row.forwarder,
      ...SCORECARD_COLUMNS.flatMap(({ figure }) => [row.current[figure], row.previous?.[figure] ?? null]),
    ]),
  };
}
