import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Button, Stack, Typography } from '@mui/material';
import { DASHBOARD_WORDS } from '@quayside/domain/first-rows';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/navigation.ts';

type DashboardHeaderProps = {
  /** The Export button, which knows the query and its totals. */
  exportButton: ReactNode;
  /** 'Follow this view', which knows the query. */
  followButton: ReactNode;
  isFilterOpen: boolean;
  onOpenFilters: (anchor: HTMLElement) => void;
  /** SPEC.md §2: 'New Shipment' is hidden for Employee (and for any read-only role). */
  canCreateShipment: boolean;
};

/**
 * SPEC.md §2 'Dashboard': the heading, the subtitle and the toolbar (Export, Filter, New Shipment),
 * on one line where they fit: the rows below get the height.
 */
export function DashboardHeader({
  exportButton,
  followButton,
  isFilterOpen,
  onOpenFilters,
  canCreateShipment,
}: DashboardHeaderProps) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={{ xs: 1, md: 2 }}
      sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
    >
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 500 }}>
          {DASHBOARD_WORDS.title}
        </Typography>
        <Typography color="text.secondary">{DASHBOARD_WORDS.subtitle}</Typography>
      </Stack>
      {/* Gaps, not margins, so a wrapped button lines up under the first; labels never break. */}
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'flex-start', flexWrap: 'wrap', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
      >
        {exportButton}
        {followButton}
        <Button
          variant="outlined"
          startIcon={<FilterListIcon />}
          aria-haspopup="dialog"
          aria-expanded={isFilterOpen}
          onClick={(event) => onOpenFilters(event.currentTarget)}
        >
          Filter
        </Button>
        {canCreateShipment ? (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.createShipment}>
            New Shipment
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
