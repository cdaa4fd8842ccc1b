import type { DocumentListEntry } from '@quayside/domain/documents';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_SORT, nextSort, sizeInBytes, sortDocuments } from './report-table.ts';

const entry = (id: string, name: string, type: string, shipment: string, modified: string, size: string) =>
  ({
    id,
    webUrl: `/api/Files/${id}/content`,
    fields: {
      FileLeafRef: name,
      DocumentType: type,
      ShipmentNumber: shipment,
      Modified: modified,
      FileSizeDisplay: size,
    },
  }) satisfies DocumentListEntry;

const documents = [
  entry('1', 'b-invoice.pdf', 'Commercial Invoice', 'SHP-2', '2026-11-20T10:00:00Z', '1.5 KB'),
  entry('2', 'A-packing.pdf', 'Packing List', 'SHP-10', '2026-11-22T10:00:00Z', '900 B'),
  entry('3', 'c-bill.pdf', 'Bill of Lading', 'SHP-1', '2026-11-21T10:00:00Z', '2.0 MB'),
];
const ids = (list: DocumentListEntry[]) => list.map((document) => document.id);

describe('the Reports table', () => {
  it('lists the newest first, and sorts by any column either way', () => {
    expect(ids(sortDocuments(documents, DEFAULT_REPORT_SORT))).toEqual(['2', '3', '1']);
    expect(ids(sortDocuments(documents, { key: 'document', direction: 'asc' }))).toEqual(['2', '1', '3']);
    expect(ids(sortDocuments(documents, { key: 'type', direction: 'desc' }))).toEqual(['2', '1', '3']);
    expect(ids(sortDocuments(documents, { key: 'shipment', direction: 'asc' }))).toEqual(['3', '2', '1']);
    expect(ids(sortDocuments(documents, { key: 'size', direction: 'desc' }))).toEqual(['3', '1', '2']);
  });

  it('reads sizes as the list shows them', () => {
    expect([sizeInBytes('900 B'), sizeInBytes('1.5 KB'), sizeInBytes('2.0 MB'), sizeInBytes('?')]).toEqual([
      900,
      1536,
      2 * 1024 ** 2,
      0,
    ]);
  });

  it('turns a header click into that column, or the other direction of the same one', () => {
    expect(nextSort(DEFAULT_REPORT_SORT, 'date')).toEqual({ key: 'date', direction: 'asc' });
    expect(nextSort(DEFAULT_REPORT_SORT, 'size')).toEqual({ key: 'size', direction: 'asc' });
    expect(nextSort({ key: 'size', direction: 'asc' }, 'size')).toEqual({ key: 'size', direction: 'desc' });
  });
});
