import { describe, expect, it } from 'vitest';
import { cleanOrderRefs, parseAmount, parseShipmentDate, type Shipment, ShipmentInput } from './shipments.ts';

describe('cleanOrderRefs', () => {
  it('removes whitespace inside entries, drops empty entries and the trailing comma', () => {
    expect(cleanOrderRefs(' PO 1 ,PO-2,, \tPO-3 ,')).toEqual(['PO1', 'PO-2', 'PO-3']);
    expect(cleanOrderRefs('PO-1,')).toEqual(['PO-1']);
    expect(cleanOrderRefs(' , ,')).toEqual([]);
    expect(cleanOrderRefs('')).toEqual([]);
  });

  it('accepts a list, splitting entries that hold commas', () => {
    expect(cleanOrderRefs(['A 1', '', ' ', 'B,C,'])).toEqual(['A1', 'B', 'C']);
    expect(cleanOrderRefs([])).toEqual([]);
  });

  it('keeps a repeated PO number once, where it first appeared', () => {
    expect(cleanOrderRefs('B, A, B, A 1, A1')).toEqual(['B', 'A', 'A1']);
  });
});

describe('parseShipmentDate', () => {
  it.each([
    ['2026-03-02', '2026-03-02T00:00:00.000Z'],
    ['2026-01-25T08:00:00Z', '2026-01-25T08:00:00.000Z'],
    ['2026-01-25T08:00:00.5Z', '2026-01-25T08:00:00.500Z'],
    ['2026-01-25T08:00:00.123456Z', '2026-01-25T08:00:00.123Z'],
    ['2026-01-25T08:00', '2026-01-25T08:00:00.000Z'],
    ['2026-01-25 08:00:00', '2026-01-25T08:00:00.000Z'],
    ['2026-01-25T08:00:00+05:30', '2026-01-25T02:30:00.000Z'],
    ['2026-01-25T08:00:00-0400', '2026-01-25T12:00:00.000Z'],
    ['2026-01-01T00:30:00+01', '2025-12-31T23:30:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['1900-01-01', '1900-01-01T00:00:00.000Z'],
    ['2199-12-31T23:59:59.999Z', '2199-12-31T23:59:59.999Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseShipmentDate(text)?.toISOString()).toBe(iso);
  });

  it.each([
    'next week',
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '26-01-01',
    '2026/01/01',
    '01/20/2026',
    '2026-01-01T24:00',
    '2026-01-01T10:60',
    '2026-01-01T10:00:00+15:00',
    '2026-01-01T',
    '1899-12-31',
    '1900-01-01T00:30:00+01:00',
    '2200-01-01',
    '0050-01-01',
    '',
  ])('refuses %j', (text) => {
    expect(parseShipmentDate(text)).toBeNull();
  });
});

describe('parseAmount', () => {
  it('reads numbers and plain decimal text, null for none', () => {
    expect(parseAmount(12)).toBe(12);
    expect(parseAmount(0)).toBe(0);
    expect(parseAmount('1200.5')).toBe(1200.5);
    expect(parseAmount(' .5 ')).toBe(0.5);
    expect(parseAmount('1000000000000')).toBe(1e12);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('  ')).toBeNull();
    expect(parseAmount(null)).toBeNull();
  });

  it.each([-1, 1e12 + 1, Number.NaN, '-1', 'heavy', '1e3', '0x10', '1,200', 'Infinity', '1 2'])(
    'refuses %j',
    (value) => {
      expect(parseAmount(value)).toBeUndefined();
    },
  );
});

describe('ShipmentInput', () => {
  it('trims texts, accepts the UQ-Outer alias and nulls as empty, converts amounts and dates', () => {
    const parsed = ShipmentInput.parse({
      Shipment: ' SHP-1 ',
      House: '  H-1 ',
      Master: null,
      Trans: ' SEA ',
      Mode: '',
      'UQ-Outer': 'CTN',
      Weight: '10.5',
      Charge: '',
      ETA: '2026-03-01',
      ATA: null,
      'Order Ref': 'PO 1,PO-2,',
      Unknown: 'dropped',
    });
    expect(parsed).toEqual({
      Shipment: 'SHP-1',
      House: 'H-1',
      Master: '',
      Trans: 'SEA',
      Mode: '',
      'UQ-Outer': 'CTN',
      Weight: 10.5,
      Charge: null,
      ETA: new Date('2026-03-01T00:00:00.000Z'),
      ATA: null,
      'Order Ref': ['PO1', 'PO-2'],
    });
  });

  it.each([
    [{ Trans: 'BOAT' }, 'Trans must be one of SEA, AIR, COU, ROA, BCN, LCL, LSE, RAI, FSA, UPS, or empty.'],
    [{ Mode: 'sea' }, 'Mode must be one of LCL, LSE, BCN, FCL, AIR, SEA, COU, ROA, RAI, FSA, or empty.'],
    [{ WTUQ: 'TON' }, 'WTUQ must be one of KG, LB, KT, LT, or empty.'],
    [{ 'UQ-Outer': 'BAG' }, 'UQ-Outer must be one of CTN, PLT, PKG, PC, PCE, UNT, SKD, CAS, BOX, CRT, or empty.'],
    [{ Weight: '-1' }, 'Weight must be a number from 0 to 1000000000000.'],
    [{ ETA: '2026-02-30' }, 'ETA must be a date (YYYY-MM-DD or an ISO timestamp) between the years 1900 and 2199.'],
    [{ House: 'a\u0000b' }, 'Text must not contain NUL characters.'],
    [{ House: 'x'.repeat(501) }, 'House must be at most 500 characters.'],
    [{ Shipment: '  ' }, 'Shipment is required.'],
    [{ 'Order Ref': ['P'.repeat(201)] }, 'Each Order Ref PO number must be at most 200 characters.'],
  ])('refuses %j: %s', (input, message) => {
    const result = ShipmentInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('types the response by label', () => {
    const shipment: Shipment = {
      Shipment: 'S',
      'Forwarder Name': '',
      'Consignee Name': '',
      'Consignor Name': '',
      Origin: '',
      'Dest.': '',
      House: '',
      Master: '',
      'Job Notes': '',
      'Container #': '',
      Vessel: '',
      'Arrival Vessel': '',
      PACKTYPE: '',
      Cntr: '',
      Mode: '',
      Trans: '',
      WTUQ: '',
      VOLUQ: '',
      'UQ - Outer': '',
      'UQ-Charge': '',
      Weight: null,
      Volume: null,
      Outer: null,
      Charge: null,
      'OBL Received Date': null,
      ETD: null,
      'Origin ETD': null,
      ATD: null,
      ETA: null,
      'Dest. ETA': null,
      ATA: null,
      'Est Delivery': null,
      'Act Delivery': null,
      'Order Ref': [],
    };
    expect(Object.keys(shipment)).toHaveLength(34);
  });
});
