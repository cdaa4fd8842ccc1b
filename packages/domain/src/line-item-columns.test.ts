import { describe, expect, it } from 'vitest';
import { defaultOpeningQuery } from './first-rows.ts';
import { DEFAULT_SHOWN_COLUMNS, defaultShownColumns, REPORT_COLUMNS, REPORTS } from './line-item-columns.ts';

describe('the columns shown by default', () => {
  it("leave out a forwarder's own name for a forwarder, in both reports, and nothing else", () => {
    for (const report of REPORTS) {
      expect(defaultShownColumns('Forwarder')[report]).toEqual(
        DEFAULT_SHOWN_COLUMNS[report].filter((key) => key !== 'forwarder_name'),
      );
      for (const role of ['Admin', 'Employee', 'Manager', undefined] as const)
        expect(defaultShownColumns(role)[report]).toEqual(DEFAULT_SHOWN_COLUMNS[report]);
      // The reports' columns (SPEC.md) stay: Forwarder Name is still one a forwarder can choose.
      expect(REPORT_COLUMNS[report]).toContain('forwarder_name');
    }
    expect(new URLSearchParams(defaultOpeningQuery('Forwarder')).get('columns')).toBe(
      defaultShownColumns('Forwarder').default.join(','),
    );
    expect(new URLSearchParams(defaultOpeningQuery('Employee')).get('columns')).toContain('forwarder_name');
  });
});
