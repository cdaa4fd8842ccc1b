import { Paper, Table, TableContainer } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A small table that scrolls under a sticky header, named by the heading `labelledBy`. Keyboard
 * users reach the region with Tab and scroll it with the arrow keys.
 */
export function ScrollingTable({
  labelledBy,
  maxHeight,
  children,
}: {
  labelledBy: string;
  maxHeight: number;
  children: ReactNode;
}) {
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-labelledby={labelledBy}
      sx={{ maxHeight }}
    >
      <Table size="small" stickyHeader aria-labelledby={labelledBy}>
        {children}
      </Table>
    </TableContainer>
  );
}
