import { Box, Typography } from '@mui/material';
import type { ImportReport } from '@quayside/domain/import';
import { type CountLine, countLines } from './import-report.ts';

/** 'Shipments: 2 to create, …', one line per kind of record. */
export function ImportCounts({ report }: { report: ImportReport }) {
  return <CountList lines={countLines(report)} />;
}

export function CountList({ lines }: { lines: CountLine[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
      {lines.map(({ label, text }) => (
        <Typography key={label} component="li">
          <Box component="span" sx={{ fontWeight: 600 }}>{`${label}:`}</Box> {text}
        </Typography>
      ))}
    </Box>
  );
}
