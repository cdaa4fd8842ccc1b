import { describe, expect, it } from 'vitest';
import {
  CREATED_ON_INVALID,
  DOCUMENT_TYPES,
  DOCUMENTS_QUERY_ONE_OF,
  DocumentsQuery,
  documentTypeBadge,
  fileSizeDisplay,
  isDocumentType,
  parseUsDate,
} from './documents.ts';

describe('fileSizeDisplay', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [1_048_575, '1024.0 KB'],
    [1_048_576, '1.0 MB'],
    [2 * 1_048_576, '2.0 MB'],
    [5_500_000, '5.2 MB'],
    [25 * 1_048_576, '25.0 MB'],
  ])('shows %i bytes as %s', (bytes, shown) => {
    expect(fileSizeDisplay(bytes)).toBe(shown);
  });
});

describe('document types', () => {
  it('are the spec’s list, in its order', () => {
    expect(DOCUMENT_TYPES).toEqual([
      'Airway Bill',
      'Bill of Lading',
      'Commercial Invoice',
      'House Bill',
      'Manifest',
      'Master Bill',
      'Packing List',
      'Proof of Delivery',
      'Other',
    ]);
  });

  it('show the spec’s badges, DOC for anything else', () => {
    expect(DOCUMENT_TYPES.map(documentTypeBadge)).toEqual(['AWB', 'BOL', 'CI', 'HB', 'MF', 'MB', 'PL', 'POD', 'DOC']);
    expect(['Invoice', '', 'constructor', 'toString'].map(documentTypeBadge)).toEqual(['DOC', 'DOC', 'DOC', 'DOC']);
  });

  it('do not include the placeholder or near misses', () => {
    expect(isDocumentType('Manifest')).toBe(true);
    expect(['Select a document type...', '', 'manifest', ' Manifest'].some(isDocumentType)).toBe(false);
  });
});

describe('parseUsDate', () => {
  it('reads MM/DD/YYYY and M/D/YYYY as the start of that day in UTC', () => {
    expect(parseUsDate('11/16/2026')?.toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(parseUsDate('1/5/2026')?.toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(parseUsDate('02/29/2028')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it.each(['02/30/2026', '13/01/2026', '2026-01-05', '05/01/26', '', '1/5/2026 10:00', 'today'])(
    'refuses %j',
    (text) => {
      expect(parseUsDate(text)).toBeNull();
    },
  );
});

describe('DocumentsQuery', () => {
  it('takes a shipment or a createdOn date', () => {
    expect(DocumentsQuery.parse({ shipment: ' SHP-1 ' })).toEqual({ shipment: 'SHP-1' });
    expect(DocumentsQuery.parse({ createdOn: '1/5/2026' })).toEqual({ createdOn: '1/5/2026' });
  });

  it.each([
    [{}, DOCUMENTS_QUERY_ONE_OF],
    [{ shipment: 'SHP-1', createdOn: '01/05/2026' }, DOCUMENTS_QUERY_ONE_OF],
    [{ createdOn: '2026-01-05' }, CREATED_ON_INVALID],
    [{ shipment: '' }, 'shipment must name a shipment.'],
    [{ shipment: 'A\u0000' }, 'Text must not contain NUL characters.'],
  ])('refuses %o', (query, message) => {
    const result = DocumentsQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
