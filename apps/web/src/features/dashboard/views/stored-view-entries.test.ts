import { COLUMN_KEYS, FILTER_OPERATORS } from '@quayside/domain/line-item-columns';
import * as domain from '@quayside/domain/line-item-query';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFilter, parseSortRule } from './stored-view-entries.ts';

// The parsers stand in for the domain's zod schemas on the first screen; these hold them equal
// (the tests may load zod).

/** 2,000 generated entries take about a second alone, and five times that beside the other suites on two cores. */
const PROPERTY_TIMEOUT_MS = 30_000;

describe('stored view entries', () => {
  it(
    "reads a stored filter exactly as the domain's Filter schema does",
    () => {
      const text = fc.oneof(
        fc.string({ maxLength: 8 }),
        fc.string({ unit: 'binary', maxLength: 8 }),
        fc.constantFrom(
          ' AIR ',
          'a'.repeat(200),
          ` ${'a'.repeat(200)} `,
          'a'.repeat(201),
          '\u0000',
          '\u007f',
          '\ud800',
          // The relative date operators' values: a number of days or hours, two dates.
          '7',
          ' 24 ',
          '0',
          '-1',
          '3651',
          '2026-03-01/2026-03-31',
          '2026-03-31/2026-03-01',
        ),
      );
      const stored = fc.record(
        {
          column: fc.oneof(fc.constantFrom(...COLUMN_KEYS, 'toString', 'nope'), fc.integer()),
          operator: fc.oneof(fc.constantFrom(...FILTER_OPERATORS, 'like'), fc.constant(null)),
          value: fc.oneof(text, fc.integer(), fc.constant(null), fc.constant(undefined)),
        },
        { requiredKeys: [] },
      );
      fc.assert(
        fc.property(fc.oneof(stored, fc.anything()), (entry) => {
          expect(parseFilter(entry)).toEqual(domain.Filter.safeParse(entry).data ?? null);
        }),
        { numRuns: 2_000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "reads a stored sort rule exactly as the domain's SortRule schema does",
    () => {
      const stored = fc.record(
        {
          key: fc.oneof(fc.constantFrom(...COLUMN_KEYS, 'constructor', 'nope'), fc.integer()),
          direction: fc.constantFrom('asc', 'desc', 'ASC', '', null),
          order: fc.integer(),
        },
        { requiredKeys: [] },
      );
      fc.assert(
        fc.property(fc.oneof(stored, fc.anything()), (entry) => {
          expect(parseSortRule(entry)).toEqual(domain.SortRule.safeParse(entry).data ?? null);
        }),
        { numRuns: 2_000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
