import { DOCUMENT_TYPE_PLACEHOLDER } from '@quayside/domain/documents';
import { describe, expect, it } from 'vitest';
import { addChosenFiles, canUpload, isTypeMissing, uploadedListEntries, uploadForm } from './upload-selection.ts';

const pdf = new File(['%PDF-1.4 test'], 'invoice.pdf', { type: 'application/pdf' });
const png = new File([new Uint8Array(2048)], 'photo.png', { type: 'image/png' });

describe('choosing files', () => {
  it('adds files after those already chosen, each without a type and with its own key', () => {
    const first = addChosenFiles([], [pdf]);
    const both = addChosenFiles(first, [png]);
    expect(both.map((entry) => entry.file.name)).toEqual(['invoice.pdf', 'photo.png']);
    expect(both.map((entry) => entry.documentType)).toEqual(['', '']);
    expect(new Set(both.map((entry) => entry.key)).size).toBe(2);
  });

  it('counts the placeholder and blanks as no type', () => {
    expect(isTypeMissing('')).toBe(true);
    expect(isTypeMissing('  ')).toBe(true);
    expect(isTypeMissing(DOCUMENT_TYPE_PLACEHOLDER)).toBe(true);
    expect(isTypeMissing('Packing List')).toBe(false);
  });

  it('allows Upload only with files, every one typed, and nothing uploading', () => {
    const [a, b] = addChosenFiles([], [pdf, png]);
    if (!a || !b) throw new Error('two files chosen');
    expect(canUpload([], false)).toBe(false);
    expect(canUpload([{ ...a, documentType: 'Bill of Lading' }, b], false)).toBe(false);
    const typed = [
      { ...a, documentType: 'Bill of Lading' },
      { ...b, documentType: 'Other' },
    ];
    expect(canUpload(typed, false)).toBe(true);
    expect(canUpload(typed, true)).toBe(false);
  });
});

describe('the upload request', () => {
  it('carries the files and one type per file in the same order, the forwarder and the shipment', () => {
    const [a, b] = addChosenFiles([], [pdf, png]);
    if (!a || !b) throw new Error('two files chosen');
    const form = uploadForm(
      [
        { ...a, documentType: 'Commercial Invoice' },
        { ...b, documentType: 'Proof of Delivery' },
      ],
      'QS-0000001',
      'Blue Anchor Logistics',
    );
    expect(form.getAll('documentType')).toEqual(['Commercial Invoice', 'Proof of Delivery']);
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual(['invoice.pdf', 'photo.png']);
    expect(form.get('shipment')).toBe('QS-0000001');
    expect(form.get('forwarder')).toBe('Blue Anchor Logistics');
  });

  it('turns the uploaded documents into list entries with the chosen types and the size as shown', () => {
    const chosen = addChosenFiles([], [png]).map((entry) => ({ ...entry, documentType: 'Manifest' }));
    const entries = uploadedListEntries(
      [
        {
          id: 'd1',
          webUrl: '/api/Files/d1/content',
          name: 'photo.png',
          fileName: 'photo.png',
          size: 2048,
          createdDateTime: '2024-05-01T10:00:00.000Z',
        },
      ],
      chosen,
      'QS-0000001',
    );
    expect(entries).toEqual([
      {
        id: 'd1',
        webUrl: '/api/Files/d1/content',
        fields: {
          FileLeafRef: 'photo.png',
          DocumentType: 'Manifest',
          FileSizeDisplay: '2.0 KB',
          Modified: '2024-05-01T10:00:00.000Z',
          ShipmentNumber: 'QS-0000001',
        },
      },
    ]);
  });
});
