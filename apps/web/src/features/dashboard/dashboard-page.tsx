import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Tab, Tabs, useMediaQuery } from '@mui/material';
import type { PageSize } from '@quayside/domain/constants';
import type { ColumnKey, Report } from '@quayside/domain/line-item-columns';
import type { Filter } from '@quayside/domain/line-item-query';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FollowViewButton } from '../../components/alerts/follow-view-button.tsx';
import { useToast } from '../../components/toast.tsx';
import { failureMessage } from '../../lib/api.ts';
import { useDataChanged } from '../../lib/data-changed.ts';
import { canEdit, canHideLineItems, canManageUsers } from '../../lib/permissions.ts';
import { useProfile } from '../../lib/profile.tsx';
import { useSignedInUser } from '../../lib/session.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import { DashboardHeader } from './dashboard-header.tsx';
import { EmptyState, LoadingState } from './dashboard-states.tsx';
import { dashboardListParams } from './dashboard-view.ts';
import { ExportButton } from './export-button.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { type FilterLogic, isActiveFilter } from './filters.ts';
import { LineItemCards } from './line-item-cards.tsx';
import { LineItemTable } from './line-item-table.tsx';
import { lineItemCountQuery, lineItemListQuery } from './line-items-api.ts';
import { namedViewOf } from './named-view.ts';
import { NeedsAttention } from './needs-attention.tsx';
import { Pagination } from './pagination.tsx';
import { matchCount, pageCountOf } from './paging.ts';
import { hasSelection, NO_SELECTION } from './row-selection.ts';
import { SearchBox } from './search-box.tsx';
import { SelectionBar } from './selection-bar.tsx';
import { TableSummary } from './table-summary.tsx';
import { countParamsOf, exportParamsOf, followedViewOf, isViewCustomised } from './table-view.ts';
import { hasSavedView, useDashboardView } from './use-dashboard-view.ts';
import { useGridLayout } from './use-grid-layout.ts';
import { useNamedViews } from './use-named-views.ts';
import { useRowSelection } from './use-row-selection.ts';
import { ViewsMenu } from './views-menu.tsx';

/** Below this width the rows are cards (issue 21): 16 columns side by side do not read on a phone. */
const NARROW_SCREEN = '(max-width: 767.95px)';

export const DATA_CHANGED_NOTICE = 'You have made changes. Refresh to pull updated data.';
const LOAD_FAILED = 'Failed to load line items. Please try again.';

/**
 * The tabs and their columns (REPORT_COLUMNS in packages/domain). The Default Report, which the spec
 * leaves open, shows every column: PO #, Shipment, Forwarder Name, Consignee, Origin Port Code,
 * Destination Port Code, Transit Type, Parts, Part Numbers, Total Qty, ATD, Dest. ETA, ATA,
 * Est Delivery, House, Master — DR's twelve plus the consignee, the ports and the parts count (the
 * cell that opens the parts popover). The DR Report shows exactly SPEC.md's list.
 */
const REPORT_TABS: { report: Report; label: string }[] = [
  { report: 'default', label: 'Default Report' },
  { report: 'dr', label: 'DR Report' },
];
const REPORT_PANEL_ID = 'line-items-report-panel';
const reportTabId = (report: Report) => `line-items-report-tab-${report}`;

/** SPEC.md §2 'Toast': after a change elsewhere, the dashboard offers to reload. */
function useDataChangedNotice() {
  const isDataChanged = useDataChanged();
  const { notify } = useToast();
  useEffect(() => {
    if (!isDataChanged) return;
    notify({
      type: 'info',
      message: DATA_CHANGED_NOTICE,
      action: { label: 'Refresh', onClick: () => window.location.reload() },
      autoHideMs: null,
    });
  }, [isDataChanged, notify]);
}

/** SPEC.md §2 'Dashboard': the line-item table with search, filters, sorting, paging and export. */
export function DashboardPage() {
  useDataChangedNotice();
  const { email } = useSignedInUser();
  // The saved view is per user: another user of this browser mounts a dashboard of their own.
  return <LineItemsDashboard key={email} email={email} />;
}

function LineItemsDashboard({ email }: { email: string }) {
  const role = useProfile().profile?.role;
  const [view, dispatch] = useDashboardView(email);
  const { page, report, importId } = view;
  const [filterAnchor, setFilterAnchor] = useState<HTMLElement | null>(null);
  const [layout, setLayout] = useGridLayout(email);
  const columns = layout.columns[report];
  const isNarrow = useMediaQuery(NARROW_SCREEN);
  const [opensBlank] = useState(() => window.location.search === '' && !hasSavedView(email));
  const openNamedView = useNamedViews({ dispatch, layout, setLayout, opensBlank });

  const params = dashboardListParams(view);
  const list = useQuery(lineItemListQuery(params));
  const data = list.data;
  // Past COUNT_LIMIT matches the page answer says only "more than": the exact count comes from its
  // own request, asked once this query's page has answered so, and the rows never wait for it.
  const isCountNeeded = data?.totalExact === false && !list.isPlaceholderData;
  const exactCount = useQuery({ ...lineItemCountQuery(countParamsOf(params)), enabled: isCountNeeded }).data;
  const matches = data ? matchCount(data, exactCount) : undefined;
  const pageCount = data && matches ? pageCountOf(matches.count, data.pageSize) : 1;
  const activeFilterCount = view.filters.filter(isActiveFilter).length;
  const search = view.searchQuery.trim();
  const pageRows = data?.lineItems ?? [];
  const rows = useRowSelection(JSON.stringify(countParamsOf(params)), pageRows);

  const clearSearch = () => dispatch({ type: 'search', searchQuery: '' });
  const clearFilters = () => dispatch({ type: 'filter', filters: [], filterLogic: view.filterLogic });
  const clearImport = () => dispatch({ type: 'clearImport' });

  const emptyState = data ? (
    <EmptyState
      hasNoData={data.totalAll === 0}
      isAdmin={canManageUsers(role)}
      hasSearch={search !== ''}
      hasFilters={activeFilterCount > 0}
      onClearSearch={clearSearch}
      onClearFilters={clearFilters}
    />
  ) : null;

  // Rows deleted elsewhere (or a remembered page of a longer list) can leave the page past the end: go to the last one.
  // Where the end is is known only from an exact count.
  const isPastEnd = matches?.isExact === true && !list.isPlaceholderData && page > pageCount;
  useEffect(() => {
    if (isPastEnd) dispatch({ type: 'page', page: pageCount });
  }, [isPastEnd, pageCount, dispatch]);

  return (
    <Stack spacing={2.5}>
      <DashboardHeader
        exportButton={
          <ExportButton
            params={exportParamsOf(params)}
            total={matches?.count}
            isTotalExact={matches?.isExact ?? false}
            totalAll={data?.totalAll}
          />
        }
        followButton={<FollowViewButton view={followedViewOf(params)} />}
        isFilterOpen={filterAnchor !== null}
        onOpenFilters={setFilterAnchor}
        canCreateShipment={canEdit(role)}
      />

      <Tabs
        value={report}
        onChange={(_event, next: Report) => dispatch({ type: 'report', report: next })}
        aria-label="Reports"
      >
        {REPORT_TABS.map((tab) => (
          <Tab
            key={tab.report}
            value={tab.report}
            label={tab.label}
            id={reportTabId(tab.report)}
            aria-controls={REPORT_PANEL_ID}
            sx={{ textTransform: 'none', fontWeight: 600 }}
          />
        ))}
      </Tabs>

      <NeedsAttention
        chosen={view.exceptions}
        onChange={(exceptions) => dispatch({ type: 'exceptions', exceptions })}
      />

      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <SearchBox value={view.searchQuery} onSearch={(searchQuery) => dispatch({ type: 'search', searchQuery })} />
        {importId !== undefined ? (
          <Chip
            label={`Showing the line items of import ${importId}`}
            onDelete={clearImport}
            color="primary"
            variant="outlined"
          />
        ) : null}
        {search ? <Chip label={`Search: ${search}`} onDelete={clearSearch} color="primary" variant="outlined" /> : null}
        {activeFilterCount > 0 ? (
          <Chip
            label={`Filters: ${activeFilterCount} active`}
            onDelete={clearFilters}
            color="primary"
            variant="outlined"
          />
        ) : null}
        {isViewCustomised(view) ? (
          <Button
            size="small"
            color="inherit"
            startIcon={<RestartAltIcon />}
            onClick={() => dispatch({ type: 'reset' })}
          >
            Reset view
          </Button>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
          <ViewsMenu
            onOpen={openNamedView}
            isAdmin={canManageUsers(role)}
            current={namedViewOf(view, layout)}
            shareLabel={role === 'Forwarder' ? 'Share with my company' : 'Share with staff'}
          />
          <ColumnChooser report={report} layout={layout} onChange={setLayout} />
        </Stack>
      </Stack>

      {data && matches && hasSelection(rows.selection) ? (
        <SelectionBar
          selection={rows.selection}
          page={rows.table.page}
          rowsShown={pageRows.length}
          matches={matches}
          onChange={rows.setSelection}
          actions={
            <BulkActions
              selection={rows.selection}
              matching={matches.count}
              query={countParamsOf(params)}
              exportParams={exportParamsOf(params)}
              canHide={canHideLineItems(role)}
              canDelete={canEdit(role)}
              onDone={() => rows.setSelection(NO_SELECTION)}
            />
          }
        />
      ) : null}

      <Box id={REPORT_PANEL_ID} role="tabpanel" aria-labelledby={reportTabId(report)}>
        {list.isPending ? (
          <LoadingState />
        ) : !data || !matches ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                Retry
              </Button>
            }
          >
            {failureMessage(list.error, LOAD_FAILED)}
          </Alert>
        ) : (
          <Paper variant="outlined">
            {/* The rows shown stay until the next ones arrive; the bar says they are on their way. */}
            <Box sx={{ height: 4 }}>{list.isFetching ? <LinearProgress aria-label="Updating line items" /> : null}</Box>
            {isNarrow ? (
              <LineItemCards
                lineItems={data.lineItems}
                columns={columns}
                withExceptions={view.exceptions.length > 0}
                selection={rows.table}
                emptyState={emptyState}
              />
            ) : (
              <LineItemTable
                lineItems={data.lineItems}
                columns={columns}
                sortConfigs={view.sortConfigs}
                onSort={(column: ColumnKey) => dispatch({ type: 'sort', column })}
                canEditParts={canEdit(role)}
                isUpdating={list.isPlaceholderData}
                withExceptions={view.exceptions.length > 0}
                selection={rows.table}
                density={layout.density}
                emptyState={emptyState}
              />
            )}
            <Stack
              direction={{ xs: 'column', lg: 'row' }}
              spacing={2}
              sx={{ p: 2, justifyContent: 'space-between', alignItems: { lg: 'center' } }}
            >
              <TableSummary
                page={data.page}
                pageSize={data.pageSize}
                rowsShown={data.lineItems.length}
                matches={matches}
                totalAll={data.totalAll}
                isNarrowed={
                  search !== '' || activeFilterCount > 0 || importId !== undefined || view.exceptions.length > 0
                }
                filters={view.filters}
                logic={view.filterLogic}
                sortConfigs={view.sortConfigs}
              />
              <Pagination
                page={matches.isExact ? Math.min(page, pageCount) : page}
                pageCount={pageCount}
                isPageCountExact={matches.isExact}
                pageSize={view.pageSize}
                onPageChange={(next) => dispatch({ type: 'page', page: next })}
                onPageSizeChange={(pageSize: PageSize) => dispatch({ type: 'pageSize', pageSize })}
              />
            </Stack>
          </Paper>
        )}
      </Box>

      <FilterPanel
        anchorEl={filterAnchor}
        onClose={() => setFilterAnchor(null)}
        report={report}
        filters={view.filters}
        logic={view.filterLogic}
        onApply={(filters: Filter[], filterLogic: FilterLogic) => dispatch({ type: 'filter', filters, filterLogic })}
      />
    </Stack>
  );
}
