import { describe, expect, it } from 'vitest';
import { formatModified } from './document-list.tsx';

describe('a document list date', () => {
  it('reads YYYY-MM-DD as the table does, on the reader’s own day', () => {
    const moment = new Date(2026, 10, 3, 23, 30); // 3 November, late evening where the reader is
    expect(formatModified(moment.toISOString())).toBe('2026-11-03');
    expect(formatModified('not a date')).toBe('not a date');
  });
});
