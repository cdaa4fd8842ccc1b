import { describe, expect, it } from 'vitest';
import {
  checkAirWaybill,
  checkContainerNumber,
  checkContainerNumbers,
  checkIdentifierColumns,
  checkMaster,
  containerCheckDigit,
} from './identifiers.ts';

// The standards' own examples: ISO 6346 (as python-stdnum's tests have them) and IATA's mod-7 rule.

describe('a container number (ISO 6346)', () => {
  it('accepts the standard’s valid examples, in any case and with spaces', () => {
    for (const number of ['CSQU3054383', 'TCNU7200794', 'TOLU4734787', 'GYOU4047990'])
      expect(checkContainerNumber(number)).toEqual({ ok: true, value: number });
    expect(checkContainerNumber(' csqu 305438 3 ')).toEqual({ ok: true, value: 'CSQU3054383' });
  });

  it('refuses a wrong check digit, naming the right one', () => {
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    expect(checkContainerNumber('CSQU3054384')).toEqual({
      ok: false,
      message: 'CSQU3054384: the check digit does not match; it would be 3 (CSQU3054383).',
    });
  });

  it('refuses a wrong length, a letter among the digits, trailing text and an unknown category', () => {
    for (const malformed of ['CSQU305438', 'CSQU3054Z83', 'CSQU3054383X', 'CSQU30543830', 'CSQU3054383 extra', ''])
      expect(checkContainerNumber(malformed)).toMatchObject({
        ok: false,
        message: expect.stringContaining('is not a container number: 4 letters and 7 digits, as CSQU3054383.'),
      });
    expect(checkContainerNumber('CSQA3054383')).toEqual({
      ok: false,
      message: 'CSQA3054383: the fourth letter is the equipment category, U, J or Z.',
    });
  });
});

describe('an air waybill (IATA)', () => {
  it('accepts a serial whose last digit is the first seven mod 7, with or without the dash', () => {
    expect(checkAirWaybill('020-81140743')).toEqual({ ok: true, value: '020-81140743' });
    expect(checkAirWaybill('02081140743')).toEqual({ ok: true, value: '020-81140743' });
  });

  it('refuses a wrong check digit, naming the right one, and a wrong shape', () => {
    expect(checkAirWaybill('020-81140744')).toEqual({
      ok: false,
      message: '020-81140744: the check digit does not match; it would be 3 (020-81140743).',
    });
    expect(checkAirWaybill('020-8114074')).toMatchObject({ ok: false });
  });
});

describe("a shipment's identifiers", () => {
  it('checks each of several container numbers and stores them plainly', () => {
    expect(checkContainerNumbers('csqu3054383; TCNU 720079 4,')).toEqual({
      ok: true,
      value: 'CSQU3054383, TCNU7200794',
    });
    expect(checkContainerNumbers('')).toEqual({ ok: true, value: '' });
    expect(checkContainerNumbers('CSQU3054383, TCNU7200795')).toEqual({
      ok: false,
      message: 'Container #: TCNU7200795: the check digit does not match; it would be 4 (TCNU7200794).',
    });
  });

  it("checks an air shipment's Master as an air waybill, and leaves another mode's alone", () => {
    expect(checkMaster('020 81140743', 'AIR')).toEqual({ ok: true, value: '020-81140743' });
    expect(checkMaster('MEDU1234567', 'SEA')).toEqual({ ok: true, value: 'MEDU1234567' });
    expect(checkMaster('MEDU1234567', 'AIR')).toMatchObject({ ok: false, message: expect.stringMatching(/^Master: /) });
    expect(checkMaster('', 'AIR')).toEqual({ ok: true, value: '' });
  });
});

describe("a shipment write's identifiers", () => {
  it('checks what the write sets, with the stored Mode or Master where it leaves them out', () => {
    expect(checkIdentifierColumns({ container_number: 'csqu3054383' })).toEqual({
      checked: { container_number: 'CSQU3054383' },
      problems: [],
    });
    expect(checkIdentifierColumns({ master: '02081140743' }, { mode: 'AIR' })).toEqual({
      checked: { master: '020-81140743' },
      problems: [],
    });
    expect(checkIdentifierColumns({ mode: 'AIR' }, { master: 'MEDU1234567' }).problems).toEqual([
      'Master: MEDU1234567 is not an air waybill: 3 digits and 8 digits, as 020-81140743.',
    ]);
    expect(checkIdentifierColumns({ mode: 'SEA' }, { master: 'MEDU1234567' })).toEqual({ checked: {}, problems: [] });
  });
});
