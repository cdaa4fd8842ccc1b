import { describe, expect, it } from 'vitest';
import { mapPoHeaders, mapReceiptHeaders } from './record-import.ts';

describe("the ERP export's columns", () => {
  it('are read under the names ERPs give them', () => {
    const mapping = mapPoHeaders([
      'Purchase Order',
      'Vendor',
      'Transaction Date',
      'CRD',
      'Required By',
      'Incoterms',
      'Currency Code',
      'Remarks',
      'Line No.',
      'Item Code',
      'Item Name',
      'Qty',
      'UOM',
      'Rate',
      'Line Schedule Date',
      'Buyer',
    ]);
    expect(mapping.columns.map((column) => column.field)).toEqual([
      'PO Number',
      'Supplier',
      'Order Date',
      'Cargo Ready Date',
      'Requested Delivery Date',
      'Incoterm',
      'Currency',
      'Notes',
      'Line',
      'SKU',
      'Description',
      'Qty Ordered',
      'Unit',
      'Unit Price',
      'Requested Date',
      null,
    ]);
    expect(mapping.unknown).toEqual(['Buyer']);
    expect(mapping.missing).toEqual([]);
  });

  it('name the required columns a file lacks', () => {
    expect(mapPoHeaders(['PO #', 'Description']).missing).toEqual(['SKU', 'Qty Ordered']);
    expect(mapReceiptHeaders(['Shipment No', 'PO', 'Part Number', 'Qty Received', 'Variance Reason']).missing).toEqual(
      [],
    );
  });
});
