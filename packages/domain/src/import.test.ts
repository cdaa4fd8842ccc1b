import { describe, expect, it } from 'vitest';
import {
  headerKey,
  mapPartHeaders,
  mapShipmentHeaders,
  PART_IMPORT_FIELDS,
  SHIPMENT_IMPORT_FIELDS,
  type ShipmentImportField,
} from './import.ts';

const fieldsOf = (mapping: { columns: { field: string | null }[] }) => mapping.columns.map((column) => column.field);

describe('headerKey', () => {
  it('keeps letters and digits only, case-folded', () => {
    expect(headerKey(' UQ - Outer ')).toBe('uqouter');
    expect(headerKey('Container #')).toBe('container');
    expect(headerKey('Dest.')).toBe('dest');
  });
});

describe('mapShipmentHeaders', () => {
  it('matches every spec label exactly', () => {
    const mapping = mapShipmentHeaders(SHIPMENT_IMPORT_FIELDS);
    expect(fieldsOf(mapping)).toEqual(SHIPMENT_IMPORT_FIELDS);
    expect(mapping.unknown).toEqual([]);
    expect(mapping.missing).toEqual([]);
  });

  it('matches every spec label whatever its case and spacing', () => {
    const headers = SHIPMENT_IMPORT_FIELDS.map((field) => `  ${field.toUpperCase().replaceAll(' ', '   ')} `);
    expect(fieldsOf(mapShipmentHeaders(headers))).toEqual(SHIPMENT_IMPORT_FIELDS);
    const lower = SHIPMENT_IMPORT_FIELDS.map((field) => field.toLowerCase().replaceAll(' ', ''));
    expect(fieldsOf(mapShipmentHeaders(lower))).toEqual(SHIPMENT_IMPORT_FIELDS);
  });

  it.each<[string, ShipmentImportField]>([
    ['UQ - Outer', 'UQ - Outer'],
    ['UQ-Outer', 'UQ - Outer'],
    ['uq outer', 'UQ - Outer'],
    ['UQ-Charge', 'UQ-Charge'],
    ['UQ - Charge', 'UQ-Charge'],
    ['Dest.', 'Dest.'],
    ['Dest', 'Dest.'],
    ['Destination', 'Dest.'],
    ['Dest. ETA', 'Dest. ETA'],
    ['Destination ETA', 'Dest. ETA'],
    ['Container #', 'Container #'],
    ['Container Number', 'Container #'],
    ['Shipment Number', 'Shipment'],
    ['PO Numbers', 'Order Ref'],
    ['Transit Type', 'Trans'],
  ])('reads %j as %s', (header, field) => {
    expect(fieldsOf(mapShipmentHeaders([header]))).toEqual([field]);
  });

  it('reports unknown columns, keeps their place and ignores blank headers', () => {
    const mapping = mapShipmentHeaders(['Shipment', 'Colour', '', 'ETA', ' Notes 2 ']);
    expect(fieldsOf(mapping)).toEqual(['Shipment', null, null, 'ETA', null]);
    expect(mapping.columns[1]).toEqual({ header: 'Colour', field: null });
    expect(mapping.unknown).toEqual(['Colour', ' Notes 2 ']);
  });

  it('reports a second column for the same field as unknown: the first one wins', () => {
    const mapping = mapShipmentHeaders(['Shipment', 'Dest.', 'Destination', 'UQ-Outer', 'UQ - Outer', 'shipment']);
    expect(fieldsOf(mapping)).toEqual(['Shipment', 'Dest.', null, 'UQ - Outer', null, null]);
    expect(mapping.unknown).toEqual(['Destination', 'UQ - Outer', 'shipment']);
  });

  it('reports a missing Shipment column', () => {
    expect(mapShipmentHeaders(['Order Ref', 'ETA']).missing).toEqual(['Shipment']);
    expect(mapShipmentHeaders([]).missing).toEqual(['Shipment']);
    // A first row of data instead of headers: nothing maps.
    const mapping = mapShipmentHeaders(['SHP-001', 'PO-1', '2024-01-01']);
    expect(mapping.missing).toEqual(['Shipment']);
    expect(mapping.unknown).toEqual(['SHP-001', 'PO-1', '2024-01-01']);
  });
});

describe('mapPartHeaders', () => {
  it('matches every field exactly and whatever its case and spacing', () => {
    expect(fieldsOf(mapPartHeaders(PART_IMPORT_FIELDS))).toEqual(PART_IMPORT_FIELDS);
    expect(fieldsOf(mapPartHeaders(['po', ' SHIPMENT ', 'part   number', 'QUANTITY']))).toEqual(PART_IMPORT_FIELDS);
    expect(mapPartHeaders(PART_IMPORT_FIELDS).missing).toEqual([]);
  });

  it('reads the spec’s part keys and common spellings', () => {
    const mapping = mapPartHeaders(['related_po_number', 'related_shipment', 'part_number', 'Qty']);
    expect(fieldsOf(mapping)).toEqual(PART_IMPORT_FIELDS);
    expect(fieldsOf(mapPartHeaders(['PO Number', 'Shipment No', 'Part No', 'qty']))).toEqual(PART_IMPORT_FIELDS);
  });

  it('needs PO, Shipment and Part Number, not Quantity', () => {
    expect(mapPartHeaders(['PO', 'Shipment', 'Part Number']).missing).toEqual([]);
    expect(mapPartHeaders(['Shipment', 'Quantity']).missing).toEqual(['PO', 'Part Number']);
  });

  it('reports unknown and repeated columns', () => {
    const mapping = mapPartHeaders(['PO', 'Order Ref', 'Shipment', 'Part Number', 'Description']);
    expect(fieldsOf(mapping)).toEqual(['PO', null, 'Shipment', 'Part Number', null]);
    expect(mapping.unknown).toEqual(['Order Ref', 'Description']);
  });
});
