import BookmarkIcon from '@mui/icons-material/Bookmark';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Button, Chip, Stack } from '@mui/material';
import type { Role } from '@quayside/domain/people';
import type { View } from '@quayside/domain/views';
import { canManageUsers } from '../../lib/permissions.ts';
import { SearchBox } from './filters/search-box.tsx';
import type { GridLayout } from './grid/grid-layout.ts';
import { ColumnChooser } from './views/column-chooser.tsx';
import type { DashboardAction, DashboardView } from './views/dashboard-view.ts';
import { namedViewOf } from './views/named-view.ts';
import { isViewCustomised } from './views/table-view.ts';
import { ViewsMenu } from './views/views-menu.tsx';

type DashboardToolbarProps = {
  view: DashboardView;
  dispatch: (action: DashboardAction) => void;
  /** The search in force, trimmed. */
  search: string;
  activeFilterCount: number;
  onClearSearch: () => void;
  onClearFilters: () => void;
  layout: GridLayout;
  onLayoutChange: (layout: GridLayout) => void;
  onOpenNamedView: (view: View) => void;
  /** The named view open now, if any. */
  openViewName?: string | undefined;
  role: Role | undefined;
};

/** The search box, a chip for each narrowing in force (its × clears it), Reset view, Views and Columns. */
export function DashboardToolbar({
  view,
  dispatch,
  search,
  activeFilterCount,
  onClearSearch,
  onClearFilters,
  layout,
  onLayoutChange,
  onOpenNamedView,
  openViewName,
  role,
}: DashboardToolbarProps) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flex: '1 1 480px', alignItems: 'center', flexWrap: 'wrap' }}>
      {openViewName ? <Chip icon={<BookmarkIcon />} label={`View: ${openViewName}`} color="primary" /> : null}
      <SearchBox value={view.searchQuery} onSearch={(searchQuery) => dispatch({ type: 'search', searchQuery })} />
      {view.importId !== undefined ? (
        <Chip
          label={`Showing the line items of import ${view.importId}`}
          onDelete={() => dispatch({ type: 'clearImport' })}
          color="primary"
          variant="outlined"
        />
      ) : null}
      {search ? <Chip label={`Search: ${search}`} onDelete={onClearSearch} color="primary" variant="outlined" /> : null}
      {activeFilterCount > 0 ? (
        <Chip
          label={`Filters: ${activeFilterCount} active`}
          onDelete={onClearFilters}
          color="primary"
          variant="outlined"
        />
      ) : null}
      {isViewCustomised(view) ? (
        <Button size="small" color="inherit" startIcon={<RestartAltIcon />} onClick={() => dispatch({ type: 'reset' })}>
          Reset view
        </Button>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
        <ViewsMenu
          onOpen={onOpenNamedView}
          isAdmin={canManageUsers(role)}
          current={namedViewOf(view, layout)}
          shareLabel={role === 'Forwarder' ? 'Share with my company' : 'Share with staff'}
          audience={role === 'Forwarder' ? 'everyone in your company' : 'every staff user'}
        />
        <ColumnChooser report={view.report} layout={layout} onChange={onLayoutChange} />
      </Stack>
    </Stack>
  );
}
