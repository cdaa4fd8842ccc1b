import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { LineItem } from '@quayside/domain/line-items';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { type LineItemNavigationState, type LineItemRef, lineItemRefOf, paths } from '../../lib/navigation.ts';
import { lineItemsByPoQuery } from './line-item-api.ts';
import { LineItemDetail } from './line-item-detail.tsx';
import {
  type LineItemPosition,
  positionFromState,
  readNavigationState,
  replaceInList,
  stateForIndex,
} from './line-item-navigation.ts';

// The spec's wording, kept as written (SPEC.md §2).
const LINE_ITEM_NOT_FOUND = 'Line item not found not find due to missing PO number';

function PageLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      <CircularProgress aria-label="Loading line item" />
    </Box>
  );
}

function LineItemNotFound() {
  const navigate = useNavigate();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        {LINE_ITEM_NOT_FOUND}
      </Typography>
      <Button variant="contained" onClick={() => navigate(paths.dashboard)}>
        Back to Dashboard
      </Button>
    </Stack>
  );
}

/** Moving, saving and deleting, for a visit with a list to page through. */
function useLineItemActions(state: LineItemNavigationState, position: LineItemPosition) {
  const navigate = useNavigate();
  // Paging replaces the history entry, so Back returns to where the visit started; the address is
  // always the line item's own, so it can be copied from any of them.
  const open = (list: readonly LineItemRef[], index: number) =>
    navigate(paths.lineItemOf(list[index] as LineItemRef), { replace: true, state: stateForIndex(state, list, index) });
  return {
    onMove: (index: number) => open(position.list, index),
    // The passed list names the saved line item by its new PO number, so paging back finds it.
    onSaved: (saved: LineItem) => open(replaceInList(position.list, lineItemRefOf(saved)), position.index),
    onDeleted: () =>
      navigate(state.fromShipment && state.shipmentId ? paths.shipment(state.shipmentId) : paths.dashboard, {
        replace: true,
      }),
  };
}

/**
 * Opened from a list (the dashboard, a shipment): the list names its line items (a dashboard row
 * holds only what it shows), so the entry's line item is read by its PO number, loading until it
 * arrives.
 */
function LineItemFromList({ state, position }: { state: LineItemNavigationState; position: LineItemPosition }) {
  // positionFromState answers only indexes inside the list.
  const passed = position.list[position.index] as LineItemRef;
  const found = useQuery(lineItemsByPoQuery(passed.title));
  const actions = useLineItemActions(state, position);
  const lineItem = found.data?.find((candidate) => candidate._id === passed._id);
  // A PO's line items read before this visit (kept for minutes, or from an earlier session) may
  // predate the one opened: read once more before calling it missing.
  const [openedAt] = useState(Date.now);
  const mustReread =
    found.data !== undefined && lineItem === undefined && found.dataUpdatedAt < openedAt && !found.isError;
  const { isFetching, refetch } = found;
  useEffect(() => {
    if (mustReread && !isFetching) void refetch();
  }, [mustReread, isFetching, refetch]);

  if (lineItem) return <LineItemDetail key={lineItem._id} lineItem={lineItem} position={position} {...actions} />;
  if (found.isPending || mustReread) return <PageLoading />;
  if (found.isError) {
    return (
      <RetryAlert onRetry={() => void found.refetch()}>Failed to load the line item. Please try again.</RetryAlert>
    );
  }
  return <LineItemNotFound />;
}

/**
 * Opened directly: the id is a PO number, looked up; several shipments may share it, and are paged
 * through, unless the address names the shipment (a row's link does).
 */
function LineItemByPo({ po, shipment }: { po: string; shipment: string | null }) {
  const navigate = useNavigate();
  const lineItems = useQuery({
    ...lineItemsByPoQuery(po),
    select: (found: LineItem[]) =>
      shipment === null ? found : found.filter((lineItem) => lineItem.related_shipment === shipment),
  });
  const { error } = lineItems;
  useEffect(() => {
    if (error) console.error('Line item fetch failed', error);
  }, [error]);

  if (lineItems.isPending) return <PageLoading />;
  if (lineItems.data === undefined) {
    return (
      <RetryAlert onRetry={() => void lineItems.refetch()}>Failed to load the line item. Please try again.</RetryAlert>
    );
  }
  const [first] = lineItems.data;
  if (!first) return <LineItemNotFound />;
  const list = lineItems.data;
  return (
    <LineItemDetail
      key={first._id}
      lineItem={first}
      position={{ list, index: 0 }}
      onMove={(index) =>
        navigate(paths.lineItemOf(list[index] as LineItem), { replace: true, state: stateForIndex({}, list, index) })
      }
      // The URL names the PO number: a new one gets its own URL.
      onSaved={(saved) => navigate(paths.lineItemOf(saved), { replace: true })}
      onDeleted={() => navigate(paths.dashboard, { replace: true })}
    />
  );
}

/** `/line-item/:id` (SPEC.md §2): an index into the list in navigation state, or a PO number. */
export function LineItemPage() {
  const { id = '' } = useParams();
  const shipment = useSearchParams()[0].get('shipment');
  const location = useLocation();
  const state = readNavigationState(location.state);
  const position = positionFromState(id, state);
  if (position) return <LineItemFromList state={state} position={position} />;
  return <LineItemByPo key={`${id}\n${shipment}`} po={id} shipment={shipment} />;
}
