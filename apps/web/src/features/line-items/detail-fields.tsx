import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Shown for a field without a value. */
export const NOT_SET = 'Not set';

/** Label and value pairs as a description list, in a responsive grid. */
export function DetailGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  const isEmpty = children === '' || children === null || children === undefined;
  return (
    <div>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }} color={isEmpty ? 'text.secondary' : undefined}>
        {isEmpty ? NOT_SET : children}
      </Typography>
    </div>
  );
}
