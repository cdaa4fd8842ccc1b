import { CONTAINER_EXAMPLE } from '@quayside/domain/identifiers';
import type { Shipment } from '@quayside/domain/shipments';
import { describe, expect, it } from 'vitest';
import { dateFromIso, isoFromDate } from './shipment-dates.ts';
import {
  AMOUNT_INVALID,
  canCreateShipment,
  createShipmentRequest,
  DATE_INVALID,
  emptyShipmentValues,
  shipmentFormErrors,
  shipmentValues,
  updateShipmentRequest,
} from './shipment-form.ts';

const stored: Shipment = {
  Shipment: 'QS-1',
  'Forwarder Name': 'Blue Anchor Logistics',
  'Consignee Name': 'NAPCO Americas',
  'Consignor Name': 'Taizhou Valve Works',
  Origin: 'CNSHA',
  'Dest.': 'USMIA',
  House: 'H1',
  Master: 'M1',
  'Job Notes': 'Fumigation cert.',
  // MSKU123456's ISO 6346 check digit is 5 (containerCheckDigit).
  'Container #': 'MSKU1234565',
  Vessel: 'EVER ACE',
  'Arrival Vessel': '',
  PACKTYPE: '',
  Cntr: '40HC',
  Mode: 'FCL',
  Trans: 'SEA',
  WTUQ: 'KG',
  VOLUQ: 'M3',
  'UQ - Outer': 'CTN',
  'UQ-Charge': 'M3',
  Weight: 1250.5,
  Volume: 12,
  Outer: null,
  Charge: 0,
  'OBL Received Date': null,
  ETD: '2024-05-01T00:00:00.000Z',
  'Origin ETD': '2024-05-02T00:00:00.000Z',
  ATD: '2024-05-03T14:30:00.000Z',
  ETA: null,
  'Dest. ETA': '2024-06-01T00:00:00.000Z',
  ATA: null,
  'Est Delivery': null,
  'Act Delivery': null,
  'Order Ref': ['PO-1', 'PO-2'],
};

describe('date conversion', () => {
  it('shows a timestamp as its UTC calendar day, and nothing as empty', () => {
    expect(dateFromIso('2024-05-03T14:30:00.000Z')).toBe('2024-05-03');
    expect(dateFromIso('2024-05-03T23:30:00.000-05:00')).toBe('2024-05-04');
    expect(dateFromIso(null)).toBe('');
  });

  it('saves a day as the ISO timestamp of its start in UTC', () => {
    expect(isoFromDate('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
    expect(new Date(isoFromDate('2024-12-31')).toISOString()).toBe('2024-12-31T00:00:00.000Z');
  });
});

describe('creating', () => {
  it('needs a shipment number', () => {
    expect(canCreateShipment(emptyShipmentValues())).toBe(false);
    expect(canCreateShipment({ ...emptyShipmentValues(), Shipment: '   ' })).toBe(false);
    expect(canCreateShipment({ ...emptyShipmentValues(), Shipment: 'QS-9' })).toBe(true);
  });

  it('cleans the PO numbers as SPEC.md §5 says: spaces removed, empty entries and the trailing comma dropped', () => {
    const values = { ...emptyShipmentValues(), Shipment: ' QS-9 ', 'Order Ref': 'PO1, PO 2,,PO3,' };
    const request = createShipmentRequest(values);
    expect(request.Shipment).toBe('QS-9');
    expect(request['Order Ref']).toEqual(['PO1', 'PO2', 'PO3']);
  });

  it('sends every field: dates as ISO timestamps, empty amounts and dates as null, texts trimmed', () => {
    const values = {
      ...emptyShipmentValues('Blue Anchor Logistics'),
      Shipment: 'QS-9',
      ATD: '2024-05-03',
      Weight: ' 12.5 ',
      House: ' H9 ',
      Trans: 'AIR',
    };
    const request = createShipmentRequest(values);
    expect(request).toMatchObject({
      'Forwarder Name': 'Blue Anchor Logistics',
      ATD: '2024-05-03T00:00:00.000Z',
      'Dest. ETA': null,
      Weight: '12.5',
      Volume: null,
      House: 'H9',
      Trans: 'AIR',
      Mode: '',
    });
    expect(request).not.toHaveProperty('ETD');
  });
});

describe('updating', () => {
  it('shows the stored shipment with dates as days and amounts as text, and no PO numbers to add', () => {
    const values = shipmentValues(stored);
    expect(values).toMatchObject({
      ATD: '2024-05-03',
      'OBL Received Date': '',
      Weight: '1250.5',
      Outer: '',
      Charge: '0',
    });
    expect(values['Order Ref']).toBe('');
  });

  it('sends nothing but what changed, never the shipment number', () => {
    expect(updateShipmentRequest(shipmentValues(stored), stored)).toEqual({});
    const values = { ...shipmentValues(stored), House: 'H2', Outer: '3', ATA: '2024-06-02', Weight: '' };
    expect(updateShipmentRequest(values, stored)).toEqual({
      House: 'H2',
      Outer: '3',
      ATA: '2024-06-02T00:00:00.000Z',
      Weight: null,
    });
  });

  it('keeps the time of an unchanged date by not sending it', () => {
    const request = updateShipmentRequest({ ...shipmentValues(stored), House: 'H2' }, stored);
    expect(request).not.toHaveProperty('ATD');
  });

  it('appends only PO numbers the shipment does not have', () => {
    const values = { ...shipmentValues(stored), 'Order Ref': 'PO-2, PO 4,' };
    expect(updateShipmentRequest(values, stored)['Order Ref']).toEqual(['PO4']);
    expect(updateShipmentRequest({ ...values, 'Order Ref': 'PO-1' }, stored)).not.toHaveProperty('Order Ref');
  });
});

describe('validation', () => {
  it('flags amounts that are not numbers of 0 or more', () => {
    const values = { ...emptyShipmentValues(), Weight: '-1', Volume: '12,5', Outer: '3', Charge: '' };
    expect(shipmentFormErrors(values)).toEqual({ Weight: AMOUNT_INVALID, Volume: AMOUNT_INVALID });
  });

  it('flags a date that is not a real day', () => {
    expect(shipmentFormErrors({ ...emptyShipmentValues(), ATA: '2023-02-29' })).toEqual({ ATA: DATE_INVALID });
    expect(shipmentFormErrors({ ...emptyShipmentValues(), ATA: '2024-02-29' })).toEqual({});
  });

  it('checks each container number, naming the check digit it would have', () => {
    const withContainers = (containers: string) => ({ ...emptyShipmentValues(), 'Container #': containers });
    expect(shipmentFormErrors(withContainers(''))).toEqual({});
    expect(shipmentFormErrors(withContainers(CONTAINER_EXAMPLE))).toEqual({});
    expect(shipmentFormErrors(withContainers('CSQU3054383, TCNU7200794'))).toEqual({});
    expect(shipmentFormErrors(withContainers('csqu 3054383;\nTCNU7200794'))).toEqual({});
    const wrong = shipmentFormErrors(withContainers('CSQU3054384'))['Container #'];
    expect(wrong).toMatch(/^Container #: /);
    expect(wrong).toContain('it would be 3 (CSQU3054383)');
    expect(shipmentFormErrors(withContainers('TCNU7200794, CSQU3054384'))).toEqual({ 'Container #': wrong });
    expect(shipmentFormErrors(withContainers('CSQU305438'))['Container #']).toMatch(/^Container #: /);
  });

  it("checks an air shipment's Master as an air waybill, and no other Mode's", () => {
    const air = { ...emptyShipmentValues(), Mode: 'AIR', Master: '020-81140744' };
    const master = shipmentFormErrors(air).Master;
    expect(master).toMatch(/^Master: /);
    expect(master).toContain('it would be 3 (020-81140743)');
    expect(shipmentFormErrors({ ...air, Master: '020-81140743' })).toEqual({});
    expect(shipmentFormErrors({ ...air, Master: '' })).toEqual({});
    expect(shipmentFormErrors({ ...air, Mode: 'SEA' })).toEqual({});
  });

  it('when editing, checks the identifiers only as the server does: when the save sends them', () => {
    // Taken as written by an import: saving other changes is not stopped by them.
    const unchecked = { ...stored, 'Container #': 'CSQU3054384', Mode: 'AIR', Master: '020-81140744' };
    const values = shipmentValues(unchecked);
    expect(shipmentFormErrors({ ...values, House: 'H2' }, unchecked)).toEqual({});
    expect(shipmentFormErrors({ ...values, 'Container #': 'TCNU7200795' }, unchecked)).toEqual({
      'Container #': expect.stringContaining('it would be 4 (TCNU7200794)'),
    });
    // Changing the Mode sends it, and the server checks the stored Master against it.
    const sea = { ...unchecked, Mode: 'SEA' };
    expect(shipmentFormErrors({ ...shipmentValues(sea), Mode: 'AIR' }, sea)).toEqual({
      Master: expect.stringContaining('it would be 3 (020-81140743)'),
    });
    expect(shipmentFormErrors({ ...values, Master: '020-81140743' }, unchecked)).toEqual({});
  });
});
