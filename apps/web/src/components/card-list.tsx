import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

// On a phone a list is read top to bottom, one card per entry, each value under its column's
// label: a table's columns side by side squeeze a file name to a letter a line and push its
// actions off the screen.

export type CardField = { label: string; value: ReactNode };

type CardListProps = {
  /** The list's name (the id of its heading, or words). */
  labelledBy?: string;
  label?: string;
  children: ReactNode;
  /** Shown instead of the cards when there are none. */
  emptyText?: ReactNode;
  isEmpty?: boolean;
};

export function CardList({ labelledBy, label, children, emptyText, isEmpty = false }: CardListProps) {
  if (isEmpty) {
    return (
      <Paper variant="outlined" sx={{ py: 4, px: 2, textAlign: 'center', color: 'text.secondary' }}>
        {emptyText}
      </Paper>
    );
  }
  return (
    <Stack
      component="ul"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      spacing={1}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {children}
    </Stack>
  );
}

type InfoCardProps = {
  /** What the entry is (a file name, a person, a part number), in full: it wraps, never cut. */
  title: ReactNode;
  fields: readonly CardField[];
  /** The entry's buttons, on a line of their own under its values. */
  actions?: ReactNode;
};

export function InfoCard({ title, fields, actions }: InfoCardProps) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
      <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}
      >
        {fields.map((field) => (
          <Box key={field.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {field.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {field.value}
            </Typography>
          </Box>
        ))}
      </Box>
      {actions ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end', alignItems: 'center' }}>
          {actions}
        </Stack>
      ) : null}
    </Paper>
  );
}
