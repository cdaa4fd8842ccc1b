import { Box, Chip, Stack, Typography } from '@mui/material';
import type { ImportFileReport } from '@quayside/domain/import';
import { useId } from 'react';

export const IGNORED_COLUMN = 'Ignored';

/** Each header of the file and the field it fills; a header that names no field is ignored. */
export function ColumnMapping({ title, columns }: { title: string; columns: ImportFileReport['columns'] }) {
  const titleId = useId();
  const shown = columns.filter((column) => column.header.trim() !== '');
  return (
    <Stack spacing={1}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={titleId}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
      >
        {shown.map(({ header, field }, index) => (
          // Headers may repeat: the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the file's columns never reorder
          <li key={index}>
            <Chip
              size="small"
              variant="outlined"
              color={field ? 'primary' : 'default'}
              label={`${header} → ${field ?? IGNORED_COLUMN}`}
              sx={field ? undefined : { borderStyle: 'dashed', color: 'text.secondary' }}
            />
          </li>
        ))}
      </Box>
    </Stack>
  );
}
