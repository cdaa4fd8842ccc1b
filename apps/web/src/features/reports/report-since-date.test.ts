import { parseUsDate } from '@quayside/domain/documents';
import { describe, expect, it } from 'vitest';
import { reportSinceDate } from './report-since-date.ts';

// Local-time dates, so the expectations hold in any time zone the tests run in.
describe('reportSinceDate', () => {
  it('is the day 7 days before, written MM/DD/YYYY with zero padding', () => {
    expect(reportSinceDate(new Date(2024, 6, 25, 15, 45))).toBe('07/18/2024');
    expect(reportSinceDate(new Date(2024, 9, 17, 0, 0))).toBe('10/10/2024');
  });

  it('crosses month and year boundaries', () => {
    expect(reportSinceDate(new Date(2024, 4, 3, 9))).toBe('04/26/2024');
    expect(reportSinceDate(new Date(2025, 0, 2, 23, 59))).toBe('12/26/2024');
  });

  it('counts the leap day', () => {
    expect(reportSinceDate(new Date(2024, 2, 5, 12))).toBe('02/27/2024');
    expect(reportSinceDate(new Date(2023, 2, 5, 12))).toBe('02/26/2023');
  });

  it('counts calendar days across a daylight-saving change, even just after midnight', () => {
    expect(reportSinceDate(new Date(2024, 2, 12, 0, 30))).toBe('03/05/2024');
    expect(reportSinceDate(new Date(2024, 10, 4, 23, 30))).toBe('10/28/2024');
  });

  it('is a date the server accepts', () => {
    expect(parseUsDate(reportSinceDate(new Date()))).not.toBeNull();
  });
});
