// The browser half of the download-everything baseline (bench/baseline.ts bundles it with esbuild):
// fetch every line item from /all, parse it, apply the dashboard's default view through the
// domain's reference function, paint the first page of rows. It records where the time went in
// window.baseline, or what went wrong in body[data-error]. Its JS heap figures need Chromium's
// --enable-precise-memory-info.

import { DEFAULT_SORT, displayText, LINE_ITEM_COLUMNS, REPORT_COLUMNS } from '@quayside/domain/line-item-columns';
import { queryLineItems, type RowQuery } from '@quayside/domain/line-item-query';
import type { LineItem } from '@quayside/domain/line-items';

/** Milliseconds since navigation start, heap in bytes. */
export type PageTimings = {
  fetchStarted: number;
  downloaded: number;
  parsed: number;
  queried: number;
  painted: number;
  rows: number;
  heapPeakBytes: number;
};

declare global {
  interface Window {
    baseline?: PageTimings;
  }
}

/** SPEC.md's default view: no search, no filter, Dest. ETA descending. */
const DEFAULT_VIEW: RowQuery = { q: '', filters: [], logic: 'AND', sort: [...DEFAULT_SORT], report: 'default' };
const PAGE_SIZE = 50;

const usedHeap = () => (performance as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;

function paint(rows: readonly LineItem[]) {
  const columns = REPORT_COLUMNS.default;
  const table = document.createElement('table');
  table.id = 'rows';
  const header = table.createTHead().insertRow();
  for (const column of columns) header.insertCell().textContent = LINE_ITEM_COLUMNS[column].label;
  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    for (const column of columns) tr.insertCell().textContent = displayText(row, column);
  }
  document.body.append(table);
}

async function main() {
  const fetchStarted = performance.now();
  const response = await fetch('/all');
  const text = await response.text();
  if (!response.ok) throw new Error(`/all answered ${response.status}: ${text.slice(0, 200)}`);
  const downloaded = performance.now();
  const heapWithText = usedHeap();
  const { lineItems } = JSON.parse(text) as { lineItems: LineItem[] };
  const parsed = performance.now();
  // The text and the parsed rows are both alive here: the peak of the load.
  const heapParsed = usedHeap();
  const shown = queryLineItems(lineItems, DEFAULT_VIEW).slice(0, PAGE_SIZE);
  const queried = performance.now();
  paint(shown);
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  window.baseline = {
    fetchStarted,
    downloaded,
    parsed,
    queried,
    painted: performance.now(),
    rows: lineItems.length,
    heapPeakBytes: Math.max(heapWithText, heapParsed, usedHeap()),
  };
}

// A failure is shown to the bench (body[data-error]) rather than left to its timeout.
main().catch((error: unknown) => {
  document.body.dataset.error = String(error);
});
