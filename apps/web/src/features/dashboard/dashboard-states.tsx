import { Button, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/navigation.ts';

export const NO_DATA = 'No data available';
export const NO_MATCHES = 'No matching results found';

/** SPEC.md §2: 'Loading Data / Please wait while we fetch the latest line items...'. */
export function LoadingState() {
  return (
    <Paper variant="outlined" sx={{ p: 6 }}>
      <Stack role="status" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress aria-hidden />
        <Typography variant="h6" component="p">
          Loading Data
        </Typography>
        <Typography color="text.secondary">Please wait while we fetch the latest line items...</Typography>
      </Stack>
    </Paper>
  );
}

type EmptyStateProps = {
  /** The user sees no line items at all, before any search or filter. */
  hasNoData: boolean;
  /** An administrator: the empty installation's first steps are theirs to take. */
  isAdmin: boolean;
  hasSearch: boolean;
  hasFilters: boolean;
  onClearSearch: () => void;
  onClearFilters: () => void;
};

/** SPEC.md §2 empty states: 'No data available', or 'No matching results found' with 'Clear Search'. */
export function EmptyState({
  hasNoData,
  isAdmin,
  hasSearch,
  hasFilters,
  onClearSearch,
  onClearFilters,
}: EmptyStateProps) {
  if (hasNoData && isAdmin) {
    // Not in the spec: a new installation's administrator learns where the data comes from.
    return (
      <Stack spacing={1} sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary">{NO_DATA}</Typography>
        <Typography variant="body2" color="text.secondary">
          Bring shipments in from a forwarder's report on the{' '}
          <Link component={RouterLink} to={paths.import}>
            Import
          </Link>{' '}
          page, or try Quayside with demo data: <code>npm run cli -- seed-demo</code>
        </Typography>
      </Stack>
    );
  }
  if (hasNoData) return <Typography color="text.secondary">{NO_DATA}</Typography>;
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      <Typography color="text.secondary">{NO_MATCHES}</Typography>
      <Stack direction="row" spacing={1}>
        {/* Each button where it has something to clear; the spec's Clear Search unless only filters are set. */}
        {hasSearch || !hasFilters ? (
          <Button variant="outlined" size="small" onClick={onClearSearch}>
            Clear Search
          </Button>
        ) : null}
        {/* Not in the spec: when only filters exclude everything, Clear Search alone would not help. */}
        {hasFilters ? (
          <Button variant="outlined" size="small" onClick={onClearFilters}>
            Clear Filters
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
