import type { LineItemNavigationState, LineItemRef } from '../../lib/navigation.ts';

// SPEC.md §2 '/line-item/{id}': id is an index into the list passed in navigation state (the
// dashboard's visible rows, a shipment's line items), or a PO number when opened directly.

/** The list the detail screen pages through (references: it reads each line item), and where it is in it. */
export type LineItemPosition = { list: readonly LineItemRef[]; index: number };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isLineItemRef(value: unknown): value is LineItemRef {
  return (
    isObject(value) &&
    typeof value._id === 'string' &&
    typeof value.title === 'string' &&
    typeof value.related_shipment === 'string'
  );
}

/**
 * Navigation state as far as it can be trusted: it outlives reloads in the browser's history and
 * may come from an older version of the app, so anything not shaped as expected is left out.
 */
export function readNavigationState(state: unknown): LineItemNavigationState {
  if (!isObject(state)) return {};
  const { lineItem, subsetData, index, fromShipment, shipmentId } = state;
  return {
    lineItem: isLineItemRef(lineItem) ? lineItem : undefined,
    subsetData: Array.isArray(subsetData) && subsetData.every(isLineItemRef) ? subsetData : undefined,
    index: typeof index === 'number' && Number.isInteger(index) ? index : undefined,
    fromShipment: fromShipment === true,
    shipmentId: typeof shipmentId === 'string' ? shipmentId : undefined,
  };
}

/**
 * Where the visit is in the passed list: the passed line item's place in it, else the URL's id as
 * an index (the passed line item first, since a PO number may be all digits). Null when there is
 * no list to page through, so the id is a PO number to look up.
 */
export function positionFromState(id: string, state: LineItemNavigationState): LineItemPosition | null {
  const list = state.subsetData;
  if (!list || list.length === 0) return null;
  const passed = state.lineItem;
  const found = passed ? list.findIndex((lineItem) => lineItem._id === passed._id) : -1;
  if (found >= 0) return { list, index: found };
  const index = /^\d{1,9}$/.test(id) ? Number(id) : -1;
  return index >= 0 && index < list.length ? { list, index } : null;
}

/** 'n of m', counting from 1. */
export const positionLabel = ({ list, index }: LineItemPosition) => `${index + 1} of ${list.length}`;

/** The state that opens line item `index` of `list`, keeping where the visit came from. */
export function stateForIndex(
  state: LineItemNavigationState,
  list: readonly LineItemRef[],
  index: number,
): LineItemNavigationState {
  return { ...state, subsetData: [...list], index, lineItem: list[index] };
}

/** The list after a line item changed, so paging back to it reads it under its saved PO number. */
export const replaceInList = (list: readonly LineItemRef[], updated: LineItemRef): LineItemRef[] =>
  list.map((lineItem) => (lineItem._id === updated._id ? updated : lineItem));
