import { Stack, useMediaQuery } from '@mui/material';
import type { Filter } from '@quayside/domain/line-item-query';
import { useEffect, useState } from 'react';
import { FollowViewButton } from '../../components/alerts/follow-view-button.tsx';
import { useToast } from '../../components/toast.tsx';
import { useDataChanged } from '../../lib/data-changed.ts';
import { canEdit, canHideLineItems, canManageUsers } from '../../lib/permissions.ts';
import { useProfile } from '../../lib/profile.tsx';
import { PHONE_QUERY } from '../../lib/screen-width.ts';
import { useSignedInUser } from '../../lib/session.tsx';
import { BulkActions } from './bulk/bulk-actions.tsx';
import { ExportButton } from './bulk/export-button.tsx';
import { hasSelection, NO_SELECTION } from './bulk/row-selection.ts';
import { SelectionBar } from './bulk/selection-bar.tsx';
import { useRowSelection } from './bulk/use-row-selection.ts';
import { DashboardHeader } from './dashboard-header.tsx';
import { DashboardResults } from './dashboard-results.tsx';
import { EmptyState } from './dashboard-states.tsx';
import { DashboardToolbar } from './dashboard-toolbar.tsx';
import { fillWindow } from './fill-window.ts';
import { FilterPanel } from './filters/filter-panel.tsx';
import { type FilterLogic, isActiveFilter } from './filters/filters.ts';
import { NeedsAttention } from './filters/needs-attention.tsx';
import { TimeQuestions } from './filters/time-questions.tsx';
import { rememberOpeningView } from './prefetch-dashboard.ts';
import { ReportPanel, ReportTabs } from './report-tabs.tsx';
import { useDashboardData } from './use-dashboard-data.ts';
import { exportParamsOf, followedViewOf } from './views/table-view.ts';
import { useViewAndLayout } from './views/use-view-and-layout.ts';

export const DATA_CHANGED_NOTICE = 'You have made changes. Refresh to pull updated data.';

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
  const { view, dispatch, layout, setLayout, openNamedView, openView } = useViewAndLayout(email);
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each save of the view or layout, read back from storage, the server learns what '/' now opens on.
  useEffect(() => rememberOpeningView(email), [email, view, layout]);
  const [filterAnchor, setFilterAnchor] = useState<HTMLElement | null>(null);
  const { params, countParams, list, matches, pageCount } = useDashboardData(
    view,
    layout.columns[view.report],
    dispatch,
  );
  const data = list.data;
  const pageRows = data?.rows ?? [];
  const rows = useRowSelection(countParams, pageRows);
  const activeFilterCount = view.filters.filter(isActiveFilter).length;
  const search = view.searchQuery.trim();
  const hasSearch = search !== '';
  const hasFilters = activeFilterCount > 0;
  // Search, filters, an import or exceptions narrow the rows.
  const isNarrowed = hasSearch || hasFilters || view.importId !== undefined || view.exceptions.length > 0;
  const isNarrow = useMediaQuery(PHONE_QUERY);

  const clearSearch = () => dispatch({ type: 'search', searchQuery: '' });
  const clearFilters = () => dispatch({ type: 'filter', filters: [], filterLogic: view.filterLogic });

  const emptyState = data ? (
    <EmptyState
      hasNoData={data.totalAll === 0}
      isAdmin={canManageUsers(role)}
      hasSearch={hasSearch}
      hasFilters={hasFilters}
      onClearSearch={clearSearch}
      onClearFilters={clearFilters}
    />
  ) : null;

  return (
    <Stack spacing={1.5} sx={fillWindow()}>
      <DashboardHeader
        exportButton={
          <ExportButton
            params={exportParamsOf(params)}
            total={matches?.count}
            isTotalExact={matches?.isExact ?? false}
            totalAll={data?.totalAll}
          />
        }
        followButton={<FollowViewButton view={followedViewOf(params)} {...(openView ? { name: openView.name } : {})} />}
        isFilterOpen={filterAnchor !== null}
        onOpenFilters={setFilterAnchor}
        canCreateShipment={canEdit(role)}
      />

      {/* The report's tabs and the toolbar share a line where they fit: rows get the room. */}
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ReportTabs report={view.report} onChange={(report) => dispatch({ type: 'report', report })} />
        <DashboardToolbar
          view={view}
          dispatch={dispatch}
          search={search}
          activeFilterCount={activeFilterCount}
          onClearSearch={clearSearch}
          onClearFilters={clearFilters}
          layout={layout}
          onLayoutChange={setLayout}
          onOpenNamedView={openNamedView}
          openViewName={openView?.name}
          role={role}
        />
      </Stack>

      {/* One line of chips where they fit: rows get the room (20 compact rows at 1440 x 900). On a
          phone each group is a line of its own that scrolls sideways, so the first card is where
          the server's first paint draws it. */}
      <Stack
        direction={isNarrow ? 'column' : 'row'}
        useFlexGap
        sx={isNarrow ? { rowGap: 1, minWidth: 0 } : { columnGap: 3, rowGap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <NeedsAttention
          chosen={view.exceptions}
          onChange={(exceptions) => dispatch({ type: 'exceptions', exceptions })}
          missingDocument={view.missingDocument}
          onMissingDocumentChange={(missingDocument) => dispatch({ type: 'missingDocument', missingDocument })}
        />
        <TimeQuestions
          filters={view.filters}
          onChoose={(filters) => dispatch({ type: 'filter', filters, filterLogic: 'AND' })}
        />
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
              query={countParams}
              exportParams={exportParamsOf(params)}
              canHide={canHideLineItems(role)}
              canDelete={canEdit(role)}
              onDone={() => rows.setSelection(NO_SELECTION)}
            />
          }
        />
      ) : null}

      <ReportPanel report={view.report}>
        <DashboardResults
          list={list}
          matches={matches}
          pageCount={pageCount}
          view={view}
          dispatch={dispatch}
          layout={layout}
          canEditParts={canEdit(role)}
          selection={rows.table}
          isNarrowed={isNarrowed}
          emptyState={emptyState}
        />
      </ReportPanel>

      <FilterPanel
        anchorEl={filterAnchor}
        onClose={() => setFilterAnchor(null)}
        report={view.report}
        filters={view.filters}
        logic={view.filterLogic}
        onApply={(filters: Filter[], filterLogic: FilterLogic) => dispatch({ type: 'filter', filters, filterLogic })}
      />
    </Stack>
  );
}
