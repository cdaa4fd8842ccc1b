import type { ColumnKey } from '@quayside/domain/line-item-columns';
import { decodeRows } from '@quayside/domain/line-item-row';
import type { LineItemRowsResponse } from '@quayside/domain/line-item-rows';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { matchCount, pageCountOf } from '../../lib/paging.ts';
import { type LineItemRowsPage, lineItemCountQuery, lineItemRowsQuery, requestedColumns } from './line-items-api.ts';
import { type DashboardAction, type DashboardView, dashboardListParams } from './views/dashboard-view.ts';
import { countParamsOf } from './views/table-view.ts';

/** A page's rows as objects (one function for every page, so each answer is decoded once). */
const decodedPage = ({ names, rows, ...page }: LineItemRowsResponse): LineItemRowsPage => ({
  ...page,
  rows: decodeRows({ names, rows }),
});

/**
 * The page of rows the view asks for (with the `shown` columns), how many match, and how many pages
 * that makes; a page past the end (rows deleted elsewhere, or a remembered page of a longer list)
 * moves to the last one.
 */
export function useDashboardData(
  view: DashboardView,
  shown: readonly ColumnKey[],
  dispatch: (action: DashboardAction) => void,
) {
  const params = dashboardListParams(view);
  // Which rows match, paging and sort aside: the count's query, and what a selection is of.
  const countParams = countParamsOf(params);
  const list = useQuery({ ...lineItemRowsQuery(params, requestedColumns(view.report, shown)), select: decodedPage });
  const data = list.data;
  // Past COUNT_LIMIT matches the page answer says only "more than": the exact count comes from its
  // own request, asked once this query's page has answered so, and the rows never wait for it.
  const isCountNeeded = data?.totalExact === false && !list.isPlaceholderData;
  const exactCount = useQuery({ ...lineItemCountQuery(countParams), enabled: isCountNeeded }).data;
  const matches = data ? matchCount(data, exactCount) : undefined;
  const pageCount = data && matches ? pageCountOf(matches.count, data.pageSize) : 1;

  // Where the end is is known only from an exact count.
  const isPastEnd = matches?.isExact === true && !list.isPlaceholderData && view.page > pageCount;
  useEffect(() => {
    if (isPastEnd) dispatch({ type: 'page', page: pageCount });
  }, [isPastEnd, pageCount, dispatch]);

  return { params, countParams, list, matches, pageCount };
}
