import { describe, expect, it } from 'vitest';
import { formatAsSent, formatDate, formatDateTime, formatLocalDate } from './date-time.ts';

// One way to write a date: 'YYYY-MM-DD', with ' HH:mm' (24-hour) when the time of day matters.

describe('a shipment date', () => {
  it('reads as its UTC calendar day, as the dashboard, the CSV export and the server write it', () => {
    expect(formatDate('2026-03-12T00:00:00.000Z')).toBe('2026-03-12');
    expect(formatDate('2026-03-12T23:30:00.000-02:00')).toBe('2026-03-13');
    expect(formatDate(null)).toBe('');
  });
});

describe('a moment (a change, an upload, an alert)', () => {
  it("reads as 'YYYY-MM-DD HH:mm' in the reader's own time zone", () => {
    const moment = new Date(2026, 10, 3, 9, 5); // 3 November, 09:05 where the reader is
    expect(formatDateTime(moment.toISOString())).toBe('2026-11-03 09:05');
    expect(formatDateTime(new Date(2026, 0, 31, 23, 59).toISOString())).toBe('2026-01-31 23:59');
  });

  it("gives only the reader's day where the day is enough (a document's date)", () => {
    const lateEvening = new Date(2026, 10, 3, 23, 30);
    expect(formatLocalDate(lateEvening.toISOString())).toBe('2026-11-03');
  });

  it('shows text that is not a date as it is', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatLocalDate('not a date')).toBe('not a date');
  });

  it('never writes a month name, a slash or AM/PM, whatever the moment', () => {
    for (let month = 0; month < 12; month += 1) {
      const text = formatDateTime(new Date(2026, month, 15, 14, 30).toISOString());
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    }
  });
});

describe("a carrier event's time, as its sender wrote it", () => {
  it("keeps the place's own time and says its offset, converting nothing", () => {
    expect(formatAsSent('2026-03-12T08:30:00+08:00')).toBe('2026-03-12 08:30 (UTC+08:00)');
    expect(formatAsSent('2026-03-12T08:30:00.000-0530')).toBe('2026-03-12 08:30 (UTC-05:30)');
    expect(formatAsSent('2026-03-12T23:59:00Z')).toBe('2026-03-12 23:59 (UTC)');
    expect(formatAsSent('2026-03-12T23:59:00+00:00')).toBe('2026-03-12 23:59 (UTC)');
    expect(formatAsSent('2026-03-12T06:00')).toBe('2026-03-12 06:00');
  });

  it('shows text that is not a date and time as it is', () => {
    expect(formatAsSent('2026-03-12')).toBe('2026-03-12');
    expect(formatAsSent('soon')).toBe('soon');
  });
});
