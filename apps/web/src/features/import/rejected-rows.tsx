import { Alert, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ImportReport } from '@quayside/domain/import';
import { useId } from 'react';
import { SHEET_LABELS } from './import-report.ts';
import { ScrollingTable } from './scrolling-table.tsx';

const KEY_COLUMN = 'Shipment or part';
const TRUNCATED = 'Not every row is listed here; the counts above include them all.';

/** Rows the import leaves out, and why: the person fixes them in the file and imports it again. */
export function RejectedRows({
  report,
  keyColumn = KEY_COLUMN,
}: {
  report: Pick<ImportReport, 'rejections' | 'truncated'>;
  /** What a row's key names: a shipment or part in a forwarder's report. */
  keyColumn?: string;
}) {
  const columns = ['File', 'Row', keyColumn, 'Reasons'];
  const titleId = useId();
  if (report.rejections.length === 0) return report.truncated ? <Alert severity="info">{TRUNCATED}</Alert> : null;
  return (
    <div>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Rejected rows
      </Typography>
      {report.truncated ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {TRUNCATED}
        </Alert>
      ) : null}
      <ScrollingTable labelledBy={titleId} maxHeight={480}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 600 }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {report.rejections.map((rejection) => (
            <TableRow key={`${rejection.sheet}-${rejection.row}`}>
              <TableCell>{SHEET_LABELS[rejection.sheet]}</TableCell>
              <TableCell>{rejection.row}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{rejection.key}</TableCell>
              <TableCell>{rejection.reasons.join(' ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollingTable>
    </div>
  );
}
