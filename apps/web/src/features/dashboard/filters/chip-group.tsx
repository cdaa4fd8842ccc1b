import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A row of filter chips under a short heading, named for screen readers as a group. */
export function ChipGroup({ name, heading, children }: { name: string; heading: string; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      role="group"
      aria-label={name}
    >
      <Typography variant="subtitle2" component="span" sx={{ mr: 0.5 }}>
        {heading}
      </Typography>
      {children}
    </Stack>
  );
}
