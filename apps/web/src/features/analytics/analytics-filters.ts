import { type ANALYTICS_DATE_BASES, type ANALYTICS_PERIODS, AnalyticsQuery } from '@quayside/domain/analytics';

// The filters of /analytics live in the address, so a page of figures is a link people can share
// and the back button walks through what was asked. Absent or wrong, each falls back to its default.

/** What the form edits: every filter as text, '' for 'any'. */
export type AnalyticsFilterForm = {
  from: string;
  to: string;
  dateBy: (typeof ANALYTICS_DATE_BASES)[number];
  period: (typeof ANALYTICS_PERIODS)[number];
  mode: string;
  transitType: string;
  forwarder: string;
  originPort: string;
  destinationPort: string;
  consignee: string;
};

const NARROWING = ['mode', 'transitType', 'forwarder', 'originPort', 'destinationPort', 'consignee'] as const;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last twelve months: from the first day of the month eleven months back to today (UTC). */
export function defaultFilters(today: Date): AnalyticsFilterForm {
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1));
  return {
    from: isoDay(start),
    to: isoDay(today),
    dateBy: 'atd',
    period: 'month',
    mode: '',
    transitType: '',
    forwarder: '',
    originPort: '',
    destinationPort: '',
    consignee: '',
  };
}

/** The question the form asks, or the first message saying what to change. */
export function questionOf(form: AnalyticsFilterForm): { query: AnalyticsQuery } | { message: string } {
  // An empty narrowing means 'any'; an empty date is a date missing, which the schema says so.
  const given = Object.fromEntries(
    Object.entries(form).filter(([name, value]) => value.trim() !== '' || name === 'from' || name === 'to'),
  );
  const result = AnalyticsQuery.safeParse(given);
  return result.success
    ? { query: result.data }
    : { message: result.error.issues[0]?.message ?? 'These filters cannot be answered.' };
}

/**
 * The question an address names, as the form shows it and as the figures ask it: what it says where
 * that can be answered, the defaults elsewhere.
 */
export function questionFromSearch(
  params: URLSearchParams,
  today: Date,
): { form: AnalyticsFilterForm; query: AnalyticsQuery } {
  const defaults = defaultFilters(today);
  const named = Object.fromEntries(
    Object.keys(defaults).flatMap((name) => {
      const value = params.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  const form = { ...defaults, ...named } as AnalyticsFilterForm;
  // Something named cannot be answered (a typo, a range too long): drop the narrowing first, then the range.
  const wider = { ...form, ...Object.fromEntries(NARROWING.map((name) => [name, defaults[name]])) };
  for (const candidate of [form, wider, defaults]) {
    const question = questionOf(candidate);
    if ('query' in question) return { form: candidate, query: question.query };
  }
  throw new Error('the default analytics question cannot be answered');
}

/** The address of a question: each filter only when it is not the default. */
export function searchOfFilters(form: AnalyticsFilterForm, today: Date): URLSearchParams {
  const defaults = defaultFilters(today);
  const entries = Object.entries(form).filter(
    ([name, value]) => value.trim() !== '' && value !== defaults[name as keyof AnalyticsFilterForm],
  );
  return new URLSearchParams(entries.map(([name, value]) => [name, value.trim()]));
}
