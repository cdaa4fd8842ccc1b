import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { PHONE_QUERY } from '../../../lib/screen-width.ts';

/**
 * A row of filter chips under a short heading, named for screen readers as a group. On a phone it
 * stays one line that scrolls sideways (its padding keeps the chips' focus ring inside the scroll).
 */
export function ChipGroup({ name, heading, children }: { name: string; heading: string; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{
        alignItems: 'center',
        flexWrap: 'wrap',
        [`@media ${PHONE_QUERY}`]: {
          flexWrap: 'nowrap',
          overflowX: 'auto',
          minWidth: 0,
          p: '4px',
          m: '-4px',
          '& > *': { flexShrink: 0 },
        },
      }}
      role="group"
      aria-label={name}
    >
      <Typography variant="subtitle2" component="span" sx={{ mr: 0.5, whiteSpace: 'nowrap' }}>
        {heading}
      </Typography>
      {children}
    </Stack>
  );
}
