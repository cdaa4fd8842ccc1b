import { TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ImportFileReport } from '@quayside/domain/import';
import { useId } from 'react';
import { ScrollingTable } from './scrolling-table.tsx';

/** The first rows of a file under its own headers, as the server read them. */
export function PreviewTable({ title, fileReport }: { title: string; fileReport: ImportFileReport }) {
  const titleId = useId();
  const headers = fileReport.columns.map((column) => column.header);
  return (
    <div>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {`${title} (first ${fileReport.preview.length} of ${fileReport.rows} rows)`}
      </Typography>
      <ScrollingTable labelledBy={titleId} maxHeight={420}>
        <TableHead>
          <TableRow>
            {headers.map((header, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat; their order is fixed
              <TableCell key={index} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {fileReport.preview.map((cells, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a preview row has no key but its place
            <TableRow key={rowIndex}>
              {headers.map((_header, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the headers
                <TableCell key={index} sx={{ whiteSpace: 'nowrap' }}>
                  {cells[index] ?? ''}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </ScrollingTable>
    </div>
  );
}
