import type { DocumentListEntry } from '@quayside/domain/documents';
import { compareCodePoints, foldCase } from '@quayside/domain/text';

// The Reports table's order and pages: any column sorts, newest first by default, and
// the list is shown a page at a time with a count.

export const REPORT_SORT_KEYS = ['document', 'type', 'shipment', 'date', 'size'] as const;
export type ReportSortKey = (typeof REPORT_SORT_KEYS)[number];
export type ReportSort = { key: ReportSortKey; direction: 'asc' | 'desc' };

export const DEFAULT_REPORT_SORT: ReportSort = { key: 'date', direction: 'desc' };
export const REPORT_PAGE_SIZES = [25, 50, 100] as const;

const UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** '1.5 KB' as bytes (the list carries the size as the spec shows it); 0 when it cannot be read. */
export function sizeInBytes(display: string): number {
  const match = /^([\d.]+)\s*(B|KB|MB|GB)$/.exec(display.trim());
  return match ? Number(match[1]) * (UNITS[match[2] ?? 'B'] ?? 1) : 0;
}

const text = (value: string) => foldCase(value);
const compareBy: Record<ReportSortKey, (a: DocumentListEntry, b: DocumentListEntry) => number> = {
  document: (a, b) => compareCodePoints(text(a.fields.FileLeafRef), text(b.fields.FileLeafRef)),
  type: (a, b) => compareCodePoints(text(a.fields.DocumentType), text(b.fields.DocumentType)),
  shipment: (a, b) => compareCodePoints(text(a.fields.ShipmentNumber), text(b.fields.ShipmentNumber)),
  date: (a, b) => Date.parse(a.fields.Modified) - Date.parse(b.fields.Modified),
  size: (a, b) => sizeInBytes(a.fields.FileSizeDisplay) - sizeInBytes(b.fields.FileSizeDisplay),
};

/** The documents in the chosen order; ties keep the newest first. */
export function sortDocuments(documents: readonly DocumentListEntry[], sort: ReportSort): DocumentListEntry[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...documents].sort(
    (a, b) => sign * compareBy[sort.key](a, b) || compareBy.date(b, a) || compareCodePoints(a.id, b.id),
  );
}

/** A click on a column header: that column ascending (dates newest first), or the other way when it is already the one. */
export function nextSort(current: ReportSort, key: ReportSortKey): ReportSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'date' ? 'desc' : 'asc' };
}
