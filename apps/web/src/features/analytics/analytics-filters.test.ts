import { describe, expect, it } from 'vitest';
import { defaultFilters, questionFromSearch, questionOf, searchOfFilters } from './analytics-filters.ts';

const TODAY = new Date('2027-03-13T09:00:00Z');

describe('the analytics filters', () => {
  it('ask about the last twelve months by ATD, per month, by default', () => {
    const defaults = defaultFilters(TODAY);
    expect(defaults).toMatchObject({ from: '2026-04-01', to: '2027-03-13', dateBy: 'atd', period: 'month', mode: '' });
    expect(questionOf(defaults)).toEqual({
      query: { from: '2026-04-01', to: '2027-03-13', dateBy: 'atd', period: 'month' },
    });
    expect(searchOfFilters(defaults, TODAY).toString()).toBe('');
  });

  it('travel in the address, each only when it is not the default, and come back the same', () => {
    const form = { ...defaultFilters(TODAY), from: '2027-01-01', dateBy: 'dest_eta' as const, forwarder: ' Kestrel ' };
    const search = searchOfFilters(form, TODAY);
    expect(search.toString()).toBe('from=2027-01-01&dateBy=dest_eta&forwarder=Kestrel');
    expect(questionFromSearch(search, TODAY).form).toEqual({ ...form, forwarder: 'Kestrel' });
  });

  it('say what to change when the form cannot be answered', () => {
    expect(questionOf({ ...defaultFilters(TODAY), from: '2027-04-01' })).toEqual({
      message: 'From must not be after To.',
    });
    expect(questionOf({ ...defaultFilters(TODAY), to: '' })).toEqual({ message: 'To must be a date, YYYY-MM-DD.' });
  });

  it('drop from an address what cannot be answered: the narrowing first, then the range', () => {
    const badMode = new URLSearchParams('from=2027-01-01&mode=BOAT&consignee=Pipe%20Co');
    expect(questionFromSearch(badMode, TODAY).form).toMatchObject({ from: '2027-01-01', mode: '', consignee: '' });
    const badRange = new URLSearchParams('from=2027-05-01&period=week');
    expect(questionFromSearch(badRange, TODAY).form).toEqual(defaultFilters(TODAY));
  });
});
