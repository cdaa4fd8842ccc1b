import { CONSIGNEE_OPTIONS, DESTINATION_PORTS } from '@quayside/domain/constants';
import { describe, expect, it } from 'vitest';
import { withCurrent } from './shipment-options.ts';

describe('select options', () => {
  it('are the list itself when the stored value is in it, or empty', () => {
    expect(withCurrent(DESTINATION_PORTS, 'USMIA')).toBe(DESTINATION_PORTS);
    expect(withCurrent(CONSIGNEE_OPTIONS, '')).toBe(CONSIGNEE_OPTIONS);
  });

  it('put a stored value the list lacks first, so it still shows as it is', () => {
    expect(withCurrent(['SEA', 'AIR'], 'Old Consignee Ltd')).toEqual(['Old Consignee Ltd', 'SEA', 'AIR']);
  });

  it('offer the three consignee companies', () => {
    expect(CONSIGNEE_OPTIONS).toHaveLength(3);
  });
});
