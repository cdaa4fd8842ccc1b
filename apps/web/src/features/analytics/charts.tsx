import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type {
  AnalyticsQuery,
  DocumentTimelinessResponse,
  EtaAccuracyResponse,
  OnTimeResponse,
  OpenExceptionsResponse,
  TransitTimeResponse,
  VolumeResponse,
} from '@quayside/domain/analytics';
import { EXCEPTION_LABELS } from '@quayside/domain/exceptions';
import { useNavigate } from 'react-router';
import { exceptionsOnDashboard } from './dashboard-links.ts';
import { days, exceptionTotals, modeLabel, periodLabel } from './figure-tables.ts';

// The charts of /analytics (MUI X Charts: SVG, keyboard-navigable, themed like the rest of the app).
// Each draws the same numbers as its figure's table view.

const HEIGHT = 280;
const PERCENT_AXIS = [{ min: 0, max: 100, label: '%' }];

/**
 * Every bar says its value beside it, and a bar above zero is never thinner than a few pixels: when
 * one bar dwarfs the rest (589 against 3), the small ones stay visible and readable without a
 * scale that would misstate them (a logarithmic one cannot show 0, and reads wrongly at a glance).
 */
const LABELLED_BARS = {
  // A zero says so too ('value' would leave it blank).
  barLabel: (item: { value: number | null }) => (item.value === null ? null : String(item.value)),
  barLabelPlacement: 'outside',
  minBarSize: 4,
} as const;
/** Room at the bars' ends for the labels beside them. */
const LABEL_ROOM = 36;

export function VolumeChart({ response }: { response: VolumeResponse }) {
  const dataset = response.rows.map((row) => ({
    period: periodLabel(row.period, response.period),
    shipments: row.shipments,
    lineItems: row.lineItems,
  }));
  return (
    <BarChart
      height={HEIGHT}
      dataset={dataset}
      xAxis={[{ scaleType: 'band', dataKey: 'period' }]}
      margin={{ top: LABEL_ROOM }}
      series={[
        { dataKey: 'shipments', label: 'Shipments', ...LABELLED_BARS },
        { dataKey: 'lineItems', label: 'Line items', ...LABELLED_BARS },
      ]}
    />
  );
}

export function OnTimeChart({ response }: { response: OnTimeResponse }) {
  const dataset = response.rows.map((row) => ({
    month: periodLabel(row.period, 'month'),
    arrival: row.arrival.percent,
    delivery: row.delivery.percent,
  }));
  return (
    <LineChart
      height={HEIGHT}
      dataset={dataset}
      xAxis={[{ scaleType: 'point', dataKey: 'month' }]}
      yAxis={PERCENT_AXIS}
      series={[
        { dataKey: 'arrival', label: 'On-time arrival %', connectNulls: true, showMark: true },
        { dataKey: 'delivery', label: 'On-time delivery %', connectNulls: true, showMark: true },
      ]}
    />
  );
}

export function TransitTimeChart({ response }: { response: TransitTimeResponse }) {
  const dataset = response.byMode.map((row) => ({
    mode: modeLabel(row.mode),
    median: days(row.toArrival.median),
    p90: days(row.toArrival.p90),
  }));
  return (
    <BarChart
      height={HEIGHT}
      dataset={dataset}
      xAxis={[{ scaleType: 'band', dataKey: 'mode' }]}
      yAxis={[{ label: 'days, ATD → ATA' }]}
      margin={{ top: LABEL_ROOM }}
      series={[
        { dataKey: 'median', label: 'Median', ...LABELLED_BARS },
        { dataKey: 'p90', label: '90th percentile', ...LABELLED_BARS },
      ]}
    />
  );
}

export function EtaAccuracyChart({ response }: { response: EtaAccuracyResponse }) {
  const dataset = response.distribution.map((row) => ({ daysLate: String(row.daysLate), shipments: row.shipments }));
  return (
    <BarChart
      height={HEIGHT}
      dataset={dataset}
      xAxis={[{ scaleType: 'band', dataKey: 'daysLate', label: 'days late (ATA − first promised Dest. ETA)' }]}
      margin={{ top: LABEL_ROOM }}
      series={[{ dataKey: 'shipments', label: 'Shipments', ...LABELLED_BARS }]}
      hideLegend
    />
  );
}

export function DocumentTimelinessChart({ response }: { response: DocumentTimelinessResponse }) {
  const dataset = response.rows.map((row) => ({ month: periodLabel(row.period, 'month'), percent: row.percent }));
  return (
    <LineChart
      height={HEIGHT}
      dataset={dataset}
      xAxis={[{ scaleType: 'point', dataKey: 'month' }]}
      yAxis={PERCENT_AXIS}
      series={[{ dataKey: 'percent', label: 'Documents in time %', connectNulls: true, showMark: true }]}
      hideLegend
    />
  );
}

/** Line items with each kind; a bar opens the dashboard listing them. */
export function OpenExceptionsChart({ response, query }: { response: OpenExceptionsResponse; query: AnalyticsQuery }) {
  const navigate = useNavigate();
  const totals = exceptionTotals(response);
  const dataset = totals.map(({ kind, count }) => ({ kind: EXCEPTION_LABELS[kind], count }));
  return (
    <BarChart
      height={HEIGHT}
      layout="horizontal"
      dataset={dataset}
      yAxis={[{ scaleType: 'band', dataKey: 'kind', width: 130 }]}
      margin={{ right: LABEL_ROOM + 8 }}
      series={[{ dataKey: 'count', label: 'Line items', ...LABELLED_BARS }]}
      hideLegend
      onItemClick={(_, item) => {
        const kind = totals[item.dataIndex]?.kind;
        if (kind) navigate(exceptionsOnDashboard(query, kind));
      }}
    />
  );
}
