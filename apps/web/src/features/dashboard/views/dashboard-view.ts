import type { PageSize } from '@quayside/domain/constants';
import { type DocumentType, isDocumentType } from '@quayside/domain/documents';
import { EXCEPTION_KINDS, type ExceptionKind } from '@quayside/domain/exceptions';
import { type ColumnKey, REPORT_COLUMNS, type Report } from '@quayside/domain/line-item-columns';
import type { Filter } from '@quayside/domain/line-item-query';
import type { FilterLogic } from '../filters/filters.ts';
import { cycleSort, sortsWithin } from '../filters/sort-rules.ts';
import { FIRST_POSITION, type ListPosition, parsePosition } from '../grid/paging.ts';
import { parseSortRule } from './stored-view-entries.ts';
import {
  DEFAULT_TABLE_VIEW,
  importIdParam,
  type LineItemListParams,
  lineItemListParams,
  parseStoredView,
  resetTableView,
  type TableView,
  type TableViewField,
} from './table-view.ts';

// The dashboard's whole view in one object, its rules in one reducer. Where it lives:
// - the URL holds all of it (so a filtered dashboard can be bookmarked and sent): the same names
//   as `listLineItems` (q, filters, logic, sort, pageSize, page, report) and `import`, each
//   only when it differs from the default, so an untouched dashboard is plain '/';
// - the user's saved view (SPEC.md §3: search, filters, logic, sorts, page size) in local storage,
//   and the page and tab in this browser tab's session storage, as before.
// A URL that names any part of the view wins (a shared link shows the sender's rows; what it
// leaves out is the default); a plain '/' opens the user's saved view where they left it.

export type DashboardView = TableView &
  ListPosition & {
    importId: number | undefined;
    /** The 'Needs attention' chips chosen: line items with any of these exceptions. */
    exceptions: readonly ExceptionKind[];
    /** The document type picked on the 'Missing documents' chip: line items whose shipment lacks it. */
    missingDocument?: DocumentType | undefined;
  };

export type DashboardAction =
  | { type: 'search'; searchQuery: string }
  | { type: 'filter'; filters: Filter[]; filterLogic: FilterLogic }
  | { type: 'sort'; column: ColumnKey }
  | { type: 'pageSize'; pageSize: PageSize }
  | { type: 'page'; page: number }
  | { type: 'report'; report: Report }
  | { type: 'reset' }
  | { type: 'clearImport' }
  | { type: 'exceptions'; exceptions: readonly ExceptionKind[] }
  | { type: 'missingDocument'; missingDocument: DocumentType | undefined }
  /** The URL changed under the dashboard (a link, the back button): the view it names. */
  | { type: 'load'; view: DashboardView };

/** SPEC.md §4: whatever changes which rows match, or how many fit a page, starts again from page 1. */
export function dashboardViewReducer(view: DashboardView, action: DashboardAction): DashboardView {
  switch (action.type) {
    case 'search':
      return { ...view, searchQuery: action.searchQuery, page: 1 };
    case 'filter':
      return { ...view, filters: action.filters, filterLogic: action.filterLogic, page: 1 };
    case 'sort':
      return { ...view, sortConfigs: cycleSort(view.sortConfigs, action.column), page: 1 };
    case 'pageSize':
      return { ...view, pageSize: action.pageSize, page: 1 };
    case 'page':
      return { ...view, page: action.page };
    case 'report':
      // A sort on a column the report does not show could be neither seen nor undone there.
      return {
        ...view,
        sortConfigs: sortsWithin(view.sortConfigs, REPORT_COLUMNS[action.report]),
        report: action.report,
        page: 1,
      };
    case 'reset':
      return { ...view, ...resetTableView(view), page: 1 };
    case 'clearImport':
      return { ...view, importId: undefined, page: 1 };
    case 'exceptions':
      // The document type narrows 'Missing documents': it goes when that chip does.
      return {
        ...view,
        exceptions: action.exceptions,
        missingDocument: action.exceptions.includes('missing_documents') ? view.missingDocument : undefined,
        page: 1,
      };
    case 'missingDocument':
      return {
        ...view,
        exceptions: withMissingDocumentChip(view.exceptions, action.missingDocument),
        missingDocument: action.missingDocument,
        page: 1,
      };
    case 'load':
      return action.view;
  }
}

/** A document type picked narrows 'Missing documents': that chip is then chosen too (its badges show). */
export const withMissingDocumentChip = (
  exceptions: readonly ExceptionKind[],
  missingDocument: DocumentType | undefined,
): readonly ExceptionKind[] =>
  missingDocument === undefined || exceptions.includes('missing_documents')
    ? exceptions
    : EXCEPTION_KINDS.filter((kind) => kind === 'missing_documents' || exceptions.includes(kind));

/** The `listLineItems` query of the view. */
export function dashboardListParams(view: DashboardView): LineItemListParams {
  const params = lineItemListParams(view, view.page, view.report, view.importId);
  return {
    ...params,
    ...(view.exceptions.length > 0 ? { exception: view.exceptions.join(',') } : {}),
    ...(view.missingDocument !== undefined ? { missingDocument: view.missingDocument } : {}),
  };
}

/** The URL's query for a view: the list query's names, each only when not the default. */
export function viewSearchParams(view: DashboardView): URLSearchParams {
  const { page, pageSize, report, importId, ...query } = dashboardListParams(view);
  const params = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  if (pageSize !== DEFAULT_TABLE_VIEW.pageSize) params.set('pageSize', String(pageSize));
  if (page !== FIRST_POSITION.page) params.set('page', String(page));
  if (report !== FIRST_POSITION.report) params.set('report', report);
  if (importId !== undefined) params.set('import', String(importId));
  return params;
}

const VIEW_PARAMS = ['q', 'filters', 'logic', 'sort', 'pageSize', 'page', 'report'] as const;

/** The URL's `exception=late_arrival,stale`: the known kinds it names, in EXCEPTION_KINDS order. */
export function exceptionsParam(text: string | null): ExceptionKind[] {
  const named = new Set((text ?? '').split(',').map((kind) => kind.trim()));
  return EXCEPTION_KINDS.filter((kind) => named.has(kind));
}

/** The URL's `missingDocument=Bill of Lading`: the document type, or undefined when absent or not one. */
export const missingDocumentParam = (text: string | null): DocumentType | undefined =>
  text !== null && isDocumentType(text) ? text : undefined;

/** Whether the URL names any part of the view (`import` and `exception` alone narrow the saved view instead). */
export const urlNamesView = (params: URLSearchParams) => VIEW_PARAMS.some((name) => params.has(name));

const parseJson = (text: string | null): unknown => {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
};

/** The view a URL names, checked as stored views are; what it leaves out, or gets wrong, is the default. */
export function viewFromSearchParams(params: URLSearchParams): TableView & ListPosition {
  const stored: Record<TableViewField, unknown> = {
    searchQuery: params.get('q'),
    filters: parseJson(params.get('filters')),
    filterLogic: params.get('logic'),
    // The URL carries sort rules in priority order; the saved view ranks them.
    sortConfigs: (() => {
      const rules = parseJson(params.get('sort'));
      return Array.isArray(rules) ? rules.map((rule, index) => ({ ...parseSortRule(rule), order: index + 1 })) : null;
    })(),
    pageSize: Number(params.get('pageSize')),
  };
  return {
    ...parseStoredView((field) => stored[field]),
    ...parsePosition({ page: Number(params.get('page') ?? 1), report: params.get('report') }),
  };
}

/** Where the dashboard opens: the URL's view if it names one, else the user's saved view and place. */
export function openingView(
  params: URLSearchParams,
  saved: () => { view: TableView; position: ListPosition },
): DashboardView {
  const importId = importIdParam(params.get('import'));
  const missingDocument = missingDocumentParam(params.get('missingDocument'));
  const exceptions = withMissingDocumentChip(exceptionsParam(params.get('exception')), missingDocument);
  if (urlNamesView(params)) return { ...viewFromSearchParams(params), importId, exceptions, missingDocument };
  const { view, position } = saved();
  return { ...view, ...position, importId, exceptions, missingDocument };
}
