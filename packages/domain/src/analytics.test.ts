import { describe, expect, it } from 'vitest';
import {
  AnalyticsQuery,
  dashboardFiltersOf,
  daysLate,
  FIGURES,
  figureDefinition,
  isOnTime,
  percentile,
  percentOf,
  periodStart,
} from './analytics.ts';

describe('on time', () => {
  it('is no later than the first promise plus the grace, counted in whole UTC days', () => {
    const promised = '2027-03-12T00:00:00.000Z';
    expect(isOnTime('2027-03-13T23:59:00.000Z', promised, 1)).toBe(true);
    expect(isOnTime('2027-03-14T00:00:00.000Z', promised, 1)).toBe(false);
    expect(isOnTime('2027-03-12T18:00:00.000Z', promised, 0)).toBe(true);
    expect(isOnTime('2027-03-13', promised, 0)).toBe(false);
    expect(daysLate('2027-03-10', promised)).toBe(-2);
  });

  it('is defined with the grace the Admin set', () => {
    expect(figureDefinition('on_time_arrival', 1)).toContain(
      'On-time: ATA no later than the first promised Dest. ETA + 1 day.',
    );
    expect(figureDefinition('on_time_delivery', 3)).toContain('+ 3 days.');
    for (const figure of FIGURES) expect(figureDefinition(figure, 1)).not.toBe('');
  });
});

describe('median and p90', () => {
  it('interpolate between the closest ranks, as percentile_cont does', () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([7], 0.9)).toBe(7);
    expect(percentile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(percentile([1, 2, 3, 4], 0.9)).toBeCloseTo(3.7);
    expect(percentile([10, 20, 30, 40, 50], 0.9)).toBeCloseTo(46);
  });

  it('give a share with one decimal, and none of nothing', () => {
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(0, 0)).toBeNull();
  });
});

describe('periods', () => {
  it('begin on Monday for a week and on the first for a month, in UTC', () => {
    expect(periodStart('2027-03-14T23:00:00.000Z', 'week')).toBe('2027-03-08'); // a Sunday
    expect(periodStart('2027-03-15', 'week')).toBe('2027-03-15'); // a Monday
    expect(periodStart('2027-01-01', 'week')).toBe('2026-12-28'); // a week across the year
    expect(periodStart('2027-02-28T12:00:00.000Z', 'month')).toBe('2027-02-01');
  });
});

describe('the filters', () => {
  it('take a range by ATD (unless Dest. ETA is asked for), by month, and the optional narrowing', () => {
    expect(AnalyticsQuery.parse({ from: '2027-01-01', to: '2027-03-31' })).toEqual({
      from: '2027-01-01',
      to: '2027-03-31',
      dateBy: 'atd',
      period: 'month',
    });
    const narrowed = AnalyticsQuery.parse({
      from: '2027-01-01',
      to: '2027-01-31',
      dateBy: 'dest_eta',
      period: 'week',
      mode: 'FCL',
      transitType: 'SEA',
      forwarder: ' Kestrel Freight ',
      consignee: 'Pipe Co',
    });
    expect(narrowed.forwarder).toBe('Kestrel Freight');
  });

  it('refuse what cannot be answered, saying what to change', () => {
    const messages = (input: unknown) => {
      const result = AnalyticsQuery.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ from: '2027-02-30', to: '2027-03-01' })).toEqual(['From must be a date, YYYY-MM-DD.']);
    expect(messages({ from: '2027-03-02', to: '2027-03-01' })).toEqual(['From must not be after To.']);
    expect(messages({ from: '2020-01-01', to: '2027-01-01' })).toEqual(['The date range may span at most 1098 days.']);
    expect(messages({ from: '2027-01-01', to: '2027-01-02', mode: 'BOAT' })).toHaveLength(1);
    expect(messages({ from: '2027-01-01', to: '2027-01-02', owner: 'x' })).toHaveLength(1);
  });

  it('travel to the dashboard as its filters, as equals; not the date range, which open exceptions ignore', () => {
    const query = AnalyticsQuery.parse({
      from: '2027-03-01',
      to: '2027-03-31',
      dateBy: 'dest_eta',
      transitType: 'N/A',
      originPort: ' CNSHA ',
      consignee: 'Pipe Co',
    });
    expect(dashboardFiltersOf(query, 'Kestrel Freight')).toEqual([
      { column: 'transit_type', operator: 'equals', value: 'N/A' },
      { column: 'forwarder_name', operator: 'equals', value: 'Kestrel Freight' },
      { column: 'origin_port', operator: 'equals', value: 'CNSHA' },
      { column: 'cosignee_name', operator: 'equals', value: 'Pipe Co' },
    ]);
    expect(dashboardFiltersOf(AnalyticsQuery.parse({ from: '2027-01-01', to: '2027-12-31' }))).toEqual([]);
  });
});
