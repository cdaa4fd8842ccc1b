import { Box, Button, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import { isConfinedToItsCompany } from '@quayside/domain/permissions';
import type { PoSortKey } from '@quayside/domain/purchase-orders';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../components/pagination.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { type MatchCount, matchCount, pageCountOf } from '../../lib/paging.ts';
import { useProfile } from '../../lib/profile.tsx';
import { isNarrowed, listSearch, nextSort, type PoListState, readListState } from './po-list-address.ts';
import { PoChips, PoSearch, SupplierFilter } from './po-list-filters.tsx';
import { PoListResults } from './po-list-results.tsx';
import { purchaseOrderCountQuery, purchaseOrderListQuery } from './purchase-orders-api.ts';

export const NO_PURCHASE_ORDERS = 'No purchase orders yet';
export const NO_MATCHING_PURCHASE_ORDERS = 'No purchase orders match';
const LOAD_FAILED = 'Failed to load the purchase orders. Please try again.';

/** 'Showing 51 - 100 of 912 purchase orders', the dashboard's wording; 'of more than 1000' until counted. */
function shownText(page: number, pageSize: number, rows: number, matches: MatchCount) {
  const first = rows === 0 ? 0 : (page - 1) * pageSize + 1;
  const of = matches.isExact ? `${matches.count}` : `more than ${matches.count - 1}`;
  return `Showing ${first} - ${first === 0 ? 0 : first + rows - 1} of ${of} purchase orders`;
}

/** `/purchase-orders`: every PO the user may see, searched, filtered, sorted and paged in the address. */
export function PurchaseOrdersPage() {
  const headingId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readListState(searchParams), [searchParams]);
  const { profile } = useProfile();
  const isForwarder = isConfinedToItsCompany(profile?.role);
  const list = useQuery(purchaseOrderListQuery(state));

  /** A change of the list: typing replaces the address's entry, anything else adds one Back returns to. */
  const update = useCallback(
    (changes: Partial<PoListState>, replace = false) =>
      setSearchParams((current) => listSearch({ ...readListState(current), ...changes }), { replace }),
    [setSearchParams],
  );
  const onSearch = useCallback((q: string) => update({ q, page: 1 }, true), [update]);

  const data = list.data;
  // Past 1,000 matches the page's answer says only "more than": the exact count is its own request.
  const isCountNeeded = data?.totalExact === false && !list.isPlaceholderData;
  const exactCount = useQuery({ ...purchaseOrderCountQuery(state), enabled: isCountNeeded }).data;
  const matches = data ? matchCount(data, exactCount) : undefined;
  const pageCount = data && matches ? pageCountOf(matches.count, data.pageSize) : 1;
  // A page past the end (a link kept while POs closed, a smaller list): the last page there is.
  const isPastEnd = matches?.isExact === true && !list.isPlaceholderData && matches.count > 0 && state.page > pageCount;
  useEffect(() => {
    if (isPastEnd) update({ page: pageCount }, true);
  }, [isPastEnd, pageCount, update]);

  const suppliers = useMemo(
    () =>
      [...new Set([...(data?.purchaseOrders.map((po) => po.supplier) ?? []), state.supplier])].filter(Boolean).sort(),
    [data, state.supplier],
  );
  const empty = isNarrowed(state) ? (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      <Typography color="text.secondary">{NO_MATCHING_PURCHASE_ORDERS}</Typography>
      <Button variant="outlined" size="small" onClick={() => update({ q: '', chips: [], supplier: '', page: 1 })}>
        Clear search and filters
      </Button>
    </Stack>
  ) : (
    <Typography color="text.secondary">{NO_PURCHASE_ORDERS}</Typography>
  );

  return (
    <Stack spacing={2}>
      <Typography id={headingId} variant="h4" component="h1">
        Purchase Orders
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <PoSearch value={state.q} onSearch={onSearch} />
        <SupplierFilter
          value={state.supplier}
          suppliers={suppliers}
          onChange={(supplier) => update({ supplier, page: 1 })}
        />
      </Stack>
      <PoChips chips={state.chips} onChange={(chips) => update({ chips, page: 1 })} />

      {list.isPending ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading purchase orders" />
        </Box>
      ) : data === undefined || matches === undefined ? (
        <RetryAlert onRetry={() => void list.refetch()}>{LOAD_FAILED}</RetryAlert>
      ) : (
        <Stack spacing={1.5}>
          {list.isError ? <RetryAlert onRetry={() => void list.refetch()}>{LOAD_FAILED}</RetryAlert> : null}
          {/* The page shown stays while the next loads: the bar says it is on its way. */}
          <Box sx={{ height: 4 }}>
            {list.isPlaceholderData ? <LinearProgress aria-label="Loading purchase orders" /> : null}
          </Box>
          <PoListResults
            purchaseOrders={data.purchaseOrders}
            state={state}
            isForwarder={isForwarder}
            onSort={(key: PoSortKey) => update({ ...nextSort(state, key), page: 1 })}
            empty={empty}
          />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Typography variant="body2" color="text.secondary">
              {shownText(state.page, data.pageSize, data.purchaseOrders.length, matches)}
            </Typography>
            <Pagination
              page={state.page}
              pageCount={pageCount}
              isPageCountExact={matches.isExact}
              pageSize={state.pageSize}
              onPageChange={(page) => update({ page })}
              onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
            />
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
