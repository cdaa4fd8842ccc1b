import { Box, LinearProgress, Paper, Stack, useMediaQuery } from '@mui/material';
import type { PageSize } from '@quayside/domain/constants';
import type { ColumnKey } from '@quayside/domain/line-item-columns';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect } from 'react';
import { Pagination } from '../../components/pagination.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { failureMessage } from '../../lib/api.ts';
import { removeFirstPaint } from '../../lib/first-rows.ts';
import type { MatchCount } from '../../lib/paging.ts';
import { PHONE_QUERY } from '../../lib/screen-width.ts';
import type { TableSelection } from './bulk/row-selection.ts';
import { LoadingState } from './dashboard-states.tsx';
import { fillWindow } from './fill-window.ts';
import type { GridLayout } from './grid/grid-layout.ts';
import { LineItemCards } from './grid/line-item-cards.tsx';
import { LineItemTable } from './grid/line-item-table.tsx';
import { ReviewLegend } from './grid/review-legend.tsx';
import { TableSummary } from './grid/table-summary.tsx';
import type { LineItemRowsPage } from './line-items-api.ts';
import type { DashboardAction, DashboardView } from './views/dashboard-view.ts';

const LOAD_FAILED = 'Failed to load line items. Please try again.';

type DashboardResultsProps = {
  list: UseQueryResult<LineItemRowsPage>;
  matches: MatchCount | undefined;
  pageCount: number;
  view: DashboardView;
  dispatch: (action: DashboardAction) => void;
  layout: GridLayout;
  canEditParts: boolean;
  selection: TableSelection;
  /** Search, filters, an import or exceptions narrow the rows. */
  isNarrowed: boolean;
  emptyState: ReactNode;
};

/** The page of rows (a table, or cards on a phone) with its summary and paging; or loading, or the failure. */
export function DashboardResults({
  list,
  matches,
  pageCount,
  view,
  dispatch,
  layout,
  canEditParts,
  selection,
  isNarrowed,
  emptyState,
}: DashboardResultsProps) {
  // On a phone the rows are cards: 16 columns side by side do not read there.
  const isNarrow = useMediaQuery(PHONE_QUERY);
  const data = list.data;
  // The server's drawing of these rows goes in the same frame as the app's rows (or failure) come.
  const isSettled = !list.isPending;
  useLayoutEffect(() => {
    if (isSettled) removeFirstPaint();
  }, [isSettled]);
  if (list.isPending) return <LoadingState />;
  if (!data || !matches) {
    return <RetryAlert onRetry={() => void list.refetch()}>{failureMessage(list.error, LOAD_FAILED)}</RetryAlert>;
  }
  const columns = layout.columns[view.report];
  const withExceptions = view.exceptions.length > 0;
  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', ...fillWindow(240) }}>
      {/* The rows shown stay until the next ones arrive; the bar says they are on their way. */}
      <Box sx={{ height: 4, flexShrink: 0 }}>
        {list.isFetching ? <LinearProgress aria-label="Updating line items" /> : null}
      </Box>
      {isNarrow ? (
        <LineItemCards
          rows={data.rows}
          columns={columns}
          withExceptions={withExceptions}
          selection={selection}
          emptyState={emptyState}
        />
      ) : (
        <LineItemTable
          rows={data.rows}
          columns={columns}
          sortConfigs={view.sortConfigs}
          onSort={(column: ColumnKey) => dispatch({ type: 'sort', column })}
          canEditParts={canEditParts}
          isUpdating={list.isPlaceholderData}
          withExceptions={withExceptions}
          selection={selection}
          density={layout.density}
          emptyState={emptyState}
        />
      )}
      <Stack
        direction="row"
        useFlexGap
        sx={{
          columnGap: 2,
          rowGap: 1,
          flexWrap: 'wrap',
          px: 2,
          py: 0.5,
          flexShrink: 0,
          justifyContent: 'space-between',
          alignItems: 'center',
        }}
      >
        {/* The amber rows' legend under the summary: beside the pager's height, it costs the rows no room. */}
        <Stack spacing={0.25} sx={{ minWidth: 0 }}>
          <TableSummary
            page={data.page}
            pageSize={data.pageSize}
            rowsShown={data.rows.length}
            matches={matches}
            totalAll={data.totalAll}
            isNarrowed={isNarrowed}
            filters={view.filters}
            logic={view.filterLogic}
            sortConfigs={view.sortConfigs}
          />
          <ReviewLegend rows={data.rows} />
        </Stack>
        <Pagination
          page={matches.isExact ? Math.min(view.page, pageCount) : view.page}
          pageCount={pageCount}
          isPageCountExact={matches.isExact}
          pageSize={view.pageSize}
          onPageChange={(next) => dispatch({ type: 'page', page: next })}
          onPageSizeChange={(pageSize: PageSize) => dispatch({ type: 'pageSize', pageSize })}
        />
      </Stack>
    </Paper>
  );
}
