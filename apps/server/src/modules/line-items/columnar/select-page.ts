/**
 * The entries at positions [from, to) of `count` entries ordered by key, then id (both ascending):
 * their ids, in order. The arrays are rearranged in place. A page needs only its own entries in
 * order: two selections (each one pass on average) put them in place and only they are sorted, so
 * page 200 of a million matches costs about what page 1 does.
 */
export function selectPage(keys: Float64Array, ids: Float64Array, count: number, from: number, to: number): number[] {
  const end = Math.min(to, count);
  if (from >= end) return [];
  if (from > 0) selectNth(keys, ids, 0, count - 1, from);
  if (end < count) selectNth(keys, ids, from, count - 1, end - 1);
  const page = Array.from({ length: end - from }, (_, index) => from + index);
  page.sort((a, b) => (keys[a] as number) - (keys[b] as number) || (ids[a] as number) - (ids[b] as number));
  return page.map((position) => ids[position] as number);
}

/** Rearranges [left, right] so that position `nth` holds what sorting would put there, smaller before it, larger after. */
export function selectNth(keys: Float64Array, ids: Float64Array, left: number, right: number, nth: number) {
  let lo = left;
  let hi = right;
  while (hi > lo) {
    // The median of three as the pivot, so sorted or reversed input does not make it quadratic.
    const middle = lo + ((hi - lo) >> 1);
    if (before(keys, ids, middle, lo)) swap(keys, ids, middle, lo);
    if (before(keys, ids, hi, lo)) swap(keys, ids, hi, lo);
    if (before(keys, ids, hi, middle)) swap(keys, ids, hi, middle);
    const pivotKey = keys[middle] as number;
    const pivotId = ids[middle] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((keys[i] as number) < pivotKey || ((keys[i] as number) === pivotKey && (ids[i] as number) < pivotId)) i++;
      while ((keys[j] as number) > pivotKey || ((keys[j] as number) === pivotKey && (ids[j] as number) > pivotId)) j--;
      if (i <= j) swap(keys, ids, i++, j--);
    }
    if (nth <= j) hi = j;
    else if (nth >= i) lo = i;
    else return;
  }
}

const before = (keys: Float64Array, ids: Float64Array, a: number, b: number) =>
  (keys[a] as number) < (keys[b] as number) ||
  ((keys[a] as number) === (keys[b] as number) && (ids[a] as number) < (ids[b] as number));

function swap(keys: Float64Array, ids: Float64Array, a: number, b: number) {
  const key = keys[a] as number;
  keys[a] = keys[b] as number;
  keys[b] = key;
  const id = ids[a] as number;
  ids[a] = ids[b] as number;
  ids[b] = id;
}
