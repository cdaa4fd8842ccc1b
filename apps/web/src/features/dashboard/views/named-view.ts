import type { Report } from '@quayside/domain/line-item-columns';
import type { View, ViewQuery } from '@quayside/domain/views';
import { type GridLayout, shownColumns } from '../grid/grid-layout.ts';
import {
  type DashboardView,
  exceptionsParam,
  missingDocumentParam,
  viewFromSearchParams,
  viewSearchParams,
  withMissingDocumentChip,
} from './dashboard-view.ts';

// A named view (stored on the server) and the dashboard's own view, each from the other.
// The query travels in the dashboard's address form, so a view opens exactly as its link would.

/** What 'Save view' stores of the dashboard: which rows, in which order, how many a page, and the layout. */
export function namedViewOf(view: DashboardView, layout: GridLayout) {
  const params = viewSearchParams({ ...view, page: 1, importId: undefined });
  const query: ViewQuery = Object.fromEntries(params);
  return { query, columns: [...layout.columns[view.report]], density: layout.density };
}

/** The dashboard's view and layout a named view opens, on its first page. */
export function openedNamedView(named: Pick<View, 'query' | 'columns' | 'density'>, layout: GridLayout) {
  const params = new URLSearchParams(
    Object.entries(named.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const opened = viewFromSearchParams(params);
  const view: DashboardView = {
    ...opened,
    page: 1,
    importId: undefined,
    exceptions: withMissingDocumentChip(
      exceptionsParam(params.get('exception')),
      missingDocumentParam(params.get('missingDocument')),
    ),
    missingDocument: missingDocumentParam(params.get('missingDocument')),
  };
  const report: Report = view.report;
  const columns = shownColumns(report, named.columns) ?? layout.columns[report];
  const nextLayout: GridLayout = { columns: { ...layout.columns, [report]: columns }, density: named.density };
  return { view, layout: nextLayout };
}

/** A view's link: the dashboard opens it for whoever may see it. */
export const namedViewLink = (id: number) => `${window.location.origin}/?view=${id}`;

/** The parts of a view's query that say which rows it lists (not their order or page size), as set. */
const listParts = (query: ViewQuery) =>
  JSON.stringify(
    (['q', 'filters', 'logic', 'report', 'exception'] as const).map((key) => {
      const value = query[key] ?? '';
      // AND is the dashboard's default logic; 'default' its default report.
      if (key === 'logic' && (value === '' || value === 'AND')) return '';
      if (key === 'report' && (value === '' || value === 'default')) return '';
      return value;
    }),
  );

/** Whether two views' queries list the same rows. */
export const isSameList = (a: ViewQuery, b: ViewQuery) => listParts(a) === listParts(b);
