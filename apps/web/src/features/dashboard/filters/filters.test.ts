import { describe, expect, it } from 'vitest';
import {
  describeFilter,
  filterSummary,
  isActiveFilter,
  needsValue,
  newFilter,
  withColumn,
  withOperator,
} from './filters.ts';

describe('filters (SPEC.md §2 Filter panel, §5)', () => {
  it('starts a new filter on the first column, contains, with no value', () => {
    expect(newFilter('default')).toEqual({ column: 'title', operator: 'contains', value: '' });
    expect(newFilter('dr')).toEqual({ column: 'title', operator: 'contains', value: '' });
  });

  it('needs no value for isEmpty and isNotEmpty', () => {
    expect(needsValue('isEmpty')).toBe(false);
    expect(needsValue('isNotEmpty')).toBe(false);
    expect(needsValue('lessThan')).toBe(true);
    expect(withOperator({ column: 'ata', operator: 'equals', value: '2025-01-01' }, 'isEmpty')).toEqual({
      column: 'ata',
      operator: 'isEmpty',
      value: '',
    });
  });

  it('counts a filter as active only when it constrains something', () => {
    expect(isActiveFilter({ column: 'title', operator: 'contains', value: '  ' })).toBe(false);
    expect(isActiveFilter({ column: 'title', operator: 'contains', value: 'PO' })).toBe(true);
    expect(isActiveFilter({ column: 'ata', operator: 'isEmpty', value: '' })).toBe(true);
  });

  it('drops the value when the column changes between date and text', () => {
    const text = { column: 'title', operator: 'contains', value: 'PO' } as const;
    expect(withColumn(text, 'house').value).toBe('PO');
    expect(withColumn(text, 'atd').value).toBe('');
    expect(withColumn({ column: 'atd', operator: 'equals', value: '2025-01-01' }, 'ata').value).toBe('2025-01-01');
  });

  it('summarises the active filters with their logic', () => {
    expect(describeFilter({ column: 'forwarder_name', operator: 'startsWith', value: ' Blue ' })).toBe(
      'Forwarder Name starts with "Blue"',
    );
    expect(
      filterSummary(
        [
          { column: 'title', operator: 'contains', value: '45' },
          { column: 'house', operator: 'contains', value: '' },
          { column: 'ata', operator: 'isEmpty', value: '' },
        ],
        'OR',
      ),
    ).toBe('Filtered by PO # contains "45" OR ATA is empty');
    expect(filterSummary([], 'AND')).toBe('');
  });

  it('describes the relative operators in words, with their number or dates', () => {
    expect(describeFilter({ column: 'dest_eta', operator: 'inNextDays', value: '7' })).toBe(
      'Dest. ETA in the next 7 days',
    );
    expect(describeFilter({ column: 'dest_eta', operator: 'changedInLastHours', value: '1' })).toBe(
      'Dest. ETA changed in the last 1 hour',
    );
    expect(describeFilter({ column: 'atd', operator: 'between', value: '2026-03-01/2026-03-31' })).toBe(
      'ATD between 2026-03-01 and 2026-03-31',
    );
    expect(describeFilter({ column: 'ata', operator: 'beforeToday', value: '' })).toBe('ATA before today');
    expect(needsValue('isToday')).toBe(false);
  });
});
