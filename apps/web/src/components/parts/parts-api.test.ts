import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { partKeys } from '../../lib/query-keys.ts';
import { deleteFailureMessage } from './parts-api.ts';

describe('parts query keys', () => {
  it('nest every line item’s list under one root, so one invalidation reaches them all', () => {
    expect(partKeys.list({ po: 'PO-1', shipment: 'S-1' })).toEqual(['parts', 'list', { po: 'PO-1', shipment: 'S-1' }]);
    expect(partKeys.list({ po: 'PO-1', shipment: 'S-1' }).slice(0, 1)).toEqual(partKeys.all);
  });
});

describe('delete failure message (SPEC.md §8)', () => {
  it('shows the server’s refusal, else the spec’s line', () => {
    expect(deleteFailureMessage(new ApiError(409, 'The parts of this line item changed.'))).toBe(
      'The parts of this line item changed.',
    );
    expect(deleteFailureMessage(new ApiError(500, 'Internal Server Error'))).toBe(
      'Failed to delete part. Please try again.',
    );
    expect(deleteFailureMessage(new TypeError('Failed to fetch'))).toBe('Failed to delete part. Please try again.');
  });
});
