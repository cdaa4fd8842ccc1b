import { Stack, Typography } from '@mui/material';
import type { Filter } from '@quayside/domain/line-item-query';
import type { MatchCount } from '../../../lib/paging.ts';
import { type FilterLogic, filterSummary } from '../filters/filters.ts';
import { type SortConfig, sortSummary } from '../filters/sort-rules.ts';
import { entriesSummary } from './paging.ts';

type TableSummaryProps = {
  page: number;
  pageSize: number;
  /** Rows on the page shown. */
  rowsShown: number;
  matches: MatchCount;
  totalAll: number;
  /** A search or a filter narrows the rows. */
  isNarrowed: boolean;
  filters: readonly Filter[];
  logic: FilterLogic;
  sortConfigs: readonly SortConfig[];
};

/** SPEC.md §2: 'Showing a - b of n entries', then what the rows are filtered and sorted by. */
export function TableSummary({
  page,
  pageSize,
  rowsShown,
  matches,
  totalAll,
  isNarrowed,
  filters,
  logic,
  sortConfigs,
}: TableSummaryProps) {
  const filtered = filterSummary(filters, logic);
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      <Typography variant="body2">
        {entriesSummary(page, pageSize, rowsShown, matches)}
        {isNarrowed ? ` (filtered from ${totalAll} total entries)` : ''}
      </Typography>
      {filtered ? (
        <Typography variant="body2" color="text.secondary">
          {filtered}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {sortSummary(sortConfigs)}
      </Typography>
    </Stack>
  );
}
