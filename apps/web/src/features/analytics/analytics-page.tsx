import { Box, Link, Stack, Typography } from '@mui/material';
import {
  type AnalyticsQuery,
  DEFAULT_ON_TIME_GRACE_DAYS,
  FIGURE_LABELS,
  type Figure,
  figureDefinition,
} from '@quayside/domain/analytics';
import type { AnalyticsFigureName } from '@quayside/domain/api/analytics';
import { EXCEPTION_LABELS } from '@quayside/domain/exceptions';
import { isStaff } from '@quayside/domain/permissions';
import { forwarderOtifDefinition, supplierScorecardDefinition } from '@quayside/domain/purchase-order-analytics';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../lib/navigation.ts';
import { canEditAnalyticsSettings } from '../../lib/permissions.ts';
import { useProfile } from '../../lib/profile.tsx';
import { figureQuery, settingsQuery } from './analytics-api.ts';
import { AnalyticsFilterBar } from './analytics-filter-bar.tsx';
import { defaultFilters, questionFromSearch, searchOfFilters } from './analytics-filters.ts';
import {
  DocumentTimelinessChart,
  EtaAccuracyChart,
  OnTimeChart,
  OpenExceptionsChart,
  TransitTimeChart,
  VolumeChart,
} from './charts.tsx';
import { exceptionsOnDashboard } from './dashboard-links.ts';
import { FigureCard } from './figure-card.tsx';
import {
  documentTimelinessTable,
  etaAccuracyTable,
  etaKnownSentence,
  exceptionTotals,
  onTimeTable,
  openExceptionsTable,
  scorecardCsvTable,
  scorecardTable,
  supplierScorecardCsvTable,
  supplierScorecardTable,
  transitByLaneTable,
  transitByModeTable,
  volumeTable,
} from './figure-tables.ts';

export const SCORECARD_TITLE = 'Forwarder scorecard';
export const NO_OPEN_EXCEPTIONS = 'No open exceptions for these filters.';
export const SUPPLIER_SCORECARD_TITLE = 'Supplier scorecard';
export const NO_PO_LINES = 'No purchase order lines were due, departed or received in this range.';

/** Analytics: volume, on-time, transit, ETA accuracy, exceptions, documents and the scorecard, for one question. */
export function AnalyticsPage() {
  const { profile } = useProfile();
  const role = profile?.role;
  const [params, setParams] = useSearchParams();
  // 'Today' for the default range: fixed while the page is open, so the question does not move under it.
  const today = useMemo(() => new Date(), []);
  const defaults = defaultFilters(today);
  const { form, query } = questionFromSearch(params, today);
  const settings = useQuery(settingsQuery());
  const grace = settings.data?.onTimeGraceDays ?? DEFAULT_ON_TIME_GRACE_DAYS;

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Analytics
      </Typography>
      <AnalyticsFilterBar
        applied={form}
        defaults={defaults}
        canChooseForwarder={isStaff(role)}
        onApply={(next) => setParams(searchOfFilters(next, today))}
      />
      {canEditAnalyticsSettings(role) ? (
        <Typography variant="body2" color="text.secondary">
          On-time figures allow a grace of {grace} {grace === 1 ? 'day' : 'days'}; change it under{' '}
          <Link component={RouterLink} to={paths.exceptionRules}>
            Exception rules
          </Link>
          .
        </Typography>
      ) : null}
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}
      >
        <VolumeFigure query={query} />
        <OnTimeFigure query={query} grace={grace} />
        <TransitFigures query={query} />
        <EtaAccuracyFigure query={query} />
        <OpenExceptionsFigure query={query} />
        <DocumentTimelinessFigure query={query} />
      </Box>
      <ScorecardFigure query={query} />
      {/* Supplier figures are over whole POs: staff's alone (the server refuses a forwarder too). */}
      {isStaff(role) ? <SupplierScorecardFigure query={query} /> : null}
    </Stack>
  );
}

type FigureProps = { query: AnalyticsQuery };

const fileName = (name: string, query: AnalyticsQuery) => `analytics-${name}-${query.from}-to-${query.to}.csv`;
const definitionOf = (figure: Figure, grace = DEFAULT_ON_TIME_GRACE_DAYS) => figureDefinition(figure, grace);
/** One figure's numbers for the question (its call, e.g. `getAnalyticsVolume`). */
const useFigure = <N extends AnalyticsFigureName>(name: N, query: AnalyticsQuery) => useQuery(figureQuery(name, query));

function VolumeFigure({ query }: FigureProps) {
  return (
    <FigureCard
      title={FIGURE_LABELS.volume}
      definition={definitionOf('volume')}
      result={useFigure('getAnalyticsVolume', query)}
      table={volumeTable}
      chart={(data) => <VolumeChart response={data} />}
      fileName={fileName('volume', query)}
    />
  );
}

function OnTimeFigure({ query, grace }: FigureProps & { grace: number }) {
  return (
    <FigureCard
      title="On-time arrival and delivery"
      definition={`${definitionOf('on_time_arrival', grace)} ${definitionOf('on_time_delivery', grace)}`}
      result={useFigure('getAnalyticsOnTime', query)}
      table={onTimeTable}
      chart={(data) => <OnTimeChart response={data} />}
      fileName={fileName('on-time', query)}
    />
  );
}

function TransitFigures({ query }: FigureProps) {
  const result = useFigure('getAnalyticsTransitTime', query);
  return (
    <>
      <FigureCard
        title="Transit time by mode"
        definition={definitionOf('transit_time')}
        result={result}
        table={transitByModeTable}
        chart={(data) => <TransitTimeChart response={data} />}
        fileName={fileName('transit-time-by-mode', query)}
      />
      <FigureCard
        title="Transit time by lane"
        definition={definitionOf('transit_time')}
        result={result}
        table={transitByLaneTable}
        fileName={fileName('transit-time-by-lane', query)}
        isWide
      />
    </>
  );
}

function EtaAccuracyFigure({ query }: FigureProps) {
  return (
    <FigureCard
      title={FIGURE_LABELS.eta_accuracy}
      definition={definitionOf('eta_accuracy')}
      result={useFigure('getAnalyticsEtaAccuracy', query)}
      table={etaAccuracyTable}
      chart={(data) => <EtaAccuracyChart response={data} />}
      fileName={fileName('eta-accuracy', query)}
      more={({ finalEtaKnown: known }) =>
        known.median !== null && known.p90 !== null ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {etaKnownSentence(known.median, known.p90, known.measured)}
          </Typography>
        ) : null
      }
    />
  );
}

function OpenExceptionsFigure({ query }: FigureProps) {
  return (
    <FigureCard
      title={FIGURE_LABELS.open_exceptions}
      definition={`${definitionOf('open_exceptions')} Each count opens the dashboard listing those line items.`}
      result={useFigure('getAnalyticsOpenExceptions', query)}
      table={(data) => openExceptionsTable(data, query)}
      chart={(data) => <OpenExceptionsChart response={data} query={query} />}
      fileName={fileName('open-exceptions', query)}
      emptyText={NO_OPEN_EXCEPTIONS}
      more={(data) => (
        <>
          <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
            {exceptionTotals(data)
              .filter(({ count }) => count > 0)
              .map(({ kind, count }) => (
                <li key={kind}>
                  <Link component={RouterLink} to={exceptionsOnDashboard(query, kind)}>
                    {EXCEPTION_LABELS[kind]}: {count}
                  </Link>
                </li>
              ))}
          </Stack>
          {query.mode ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              The dashboard has no Mode column: the line items it lists are of every mode.
            </Typography>
          ) : null}
        </>
      )}
    />
  );
}

function DocumentTimelinessFigure({ query }: FigureProps) {
  return (
    <FigureCard
      title={FIGURE_LABELS.document_timeliness}
      definition={definitionOf('document_timeliness')}
      result={useFigure('getAnalyticsDocumentTimeliness', query)}
      table={documentTimelinessTable}
      chart={(data) => <DocumentTimelinessChart response={data} />}
      fileName={fileName('document-timeliness', query)}
    />
  );
}

/** 'the range of the same length just before' until a scorecard says which days that is. */
const previousText = (data: { previous: { from: string; to: string } } | undefined) =>
  data ? `${data.previous.from} to ${data.previous.to}` : 'the range of the same length just before';

function ScorecardFigure({ query }: FigureProps) {
  const result = useFigure('getAnalyticsScorecard', query);
  const { data } = result;
  const grace = data?.graceDays ?? DEFAULT_ON_TIME_GRACE_DAYS;
  const previous = previousText(data);
  return (
    <FigureCard
      title={SCORECARD_TITLE}
      definition={
        `Each forwarder's shipments, on-time arrival % (grace ${grace} days), ` +
        'median ATD → ATA days, median ETA error (ATA − first promised Dest. ETA), times Dest. ETA moved later per ' +
        `shipment, line items with an open exception today (whatever the range, as 'Open exceptions' counts them) and ` +
        `document timeliness. ${forwarderOtifDefinition(grace)} Each arrow is the change since ${previous}.`
      }
      result={result}
      table={scorecardTable}
      csvTable={scorecardCsvTable}
      fileName={fileName('scorecard', query)}
    />
  );
}

function SupplierScorecardFigure({ query }: FigureProps) {
  const result = useFigure('getAnalyticsSuppliers', query);
  const { data } = result;
  return (
    <FigureCard
      title={SUPPLIER_SCORECARD_TITLE}
      definition={
        `${supplierScorecardDefinition(data?.graceDays ?? DEFAULT_ON_TIME_GRACE_DAYS)} ` +
        `Each arrow is the change since ${previousText(data)}.`
      }
      result={result}
      table={supplierScorecardTable}
      csvTable={supplierScorecardCsvTable}
      fileName={fileName('suppliers', query)}
      emptyText={NO_PO_LINES}
    />
  );
}
