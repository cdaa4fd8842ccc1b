import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@quayside/domain/constants';
import { PO_CHIPS, PO_SORT_KEYS, type PoChip, type PoSortKey } from '@quayside/domain/purchase-orders';

// The PO list's state lives in its address (/purchase-orders?q=…&chip=…), so a link, a bookmark or
// Back reproduces it. Anything malformed in the address reads as its default rather than failing.

export type SortDirection = 'asc' | 'desc';

export type PoListState = {
  q: string;
  chips: PoChip[];
  supplier: string;
  sort: PoSortKey;
  direction: SortDirection;
  page: number;
  pageSize: PageSize;
};

export const DEFAULT_LIST_STATE: PoListState = {
  q: '',
  chips: [],
  supplier: '',
  sort: 'po_number',
  direction: 'asc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const oneOf = <T extends string | number>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function readListState(params: URLSearchParams): PoListState {
  const page = Number(params.get('page'));
  const chips = (params.get('chip') ?? '')
    .split(',')
    .filter((chip): chip is PoChip => oneOf(PO_CHIPS, chip, '') !== '');
  return {
    q: params.get('q') ?? '',
    // In the chips' own order, each once.
    chips: PO_CHIPS.filter((chip) => chips.includes(chip)),
    supplier: params.get('supplier') ?? '',
    sort: oneOf(PO_SORT_KEYS, params.get('sort'), DEFAULT_LIST_STATE.sort),
    direction: params.get('direction') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    pageSize: oneOf(PAGE_SIZES, Number(params.get('pageSize')), DEFAULT_LIST_STATE.pageSize),
  };
}

/** The address's query string: only what differs from the defaults, so the plain list is /purchase-orders. */
export function listSearch(state: PoListState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.q.trim() !== '') search.set('q', state.q);
  if (state.chips.length > 0) search.set('chip', PO_CHIPS.filter((chip) => state.chips.includes(chip)).join(','));
  if (state.supplier !== '') search.set('supplier', state.supplier);
  if (state.sort !== DEFAULT_LIST_STATE.sort) search.set('sort', state.sort);
  if (state.direction !== DEFAULT_LIST_STATE.direction) search.set('direction', state.direction);
  if (state.page !== 1) search.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_LIST_STATE.pageSize) search.set('pageSize', String(state.pageSize));
  return search;
}

/** What listPurchaseOrders is asked: the state, with empty parts left out. */
export function listQuery(state: PoListState) {
  return {
    q: state.q.trim() || undefined,
    chip: state.chips.length > 0 ? state.chips.join(',') : undefined,
    supplier: state.supplier || undefined,
    sort: state.sort,
    direction: state.direction,
    page: state.page,
    pageSize: state.pageSize,
  };
}

/** A click on a column's header: that column ascending, or the other way when it is the sort already. */
export const nextSort = (state: PoListState, key: PoSortKey): Pick<PoListState, 'sort' | 'direction'> =>
  state.sort === key
    ? { sort: key, direction: state.direction === 'asc' ? 'desc' : 'asc' }
    : { sort: key, direction: 'asc' };

/** Whether the list is narrowed by anything (a search, a chip, a supplier). */
export const isNarrowed = (state: PoListState) =>
  state.q.trim() !== '' || state.chips.length > 0 || state.supplier !== '';
