import {
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  useMediaQuery,
} from '@mui/material';
import type { PoSortKey, PurchaseOrderSummary } from '@quayside/domain/purchase-orders';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CardList, InfoCard } from '../../components/card-list.tsx';
import { paths } from '../../lib/navigation.ts';
import { PHONE_QUERY } from '../../lib/screen-width.ts';
import { PoExceptionBadges, PoStatusChip } from './po-badges.tsx';
import { columnsFor, type PoColumn } from './po-columns.ts';
import type { PoListState } from './po-list-address.ts';

type PoListResultsProps = {
  purchaseOrders: readonly PurchaseOrderSummary[];
  state: PoListState;
  isForwarder: boolean;
  onSort: (key: PoSortKey) => void;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
};

function PoLink({ po }: { po: PurchaseOrderSummary }) {
  return (
    <Link component={RouterLink} to={paths.purchaseOrder(po.po_number)} sx={{ fontWeight: 600 }}>
      {po.po_number}
    </Link>
  );
}

const cellOf = (column: PoColumn, po: PurchaseOrderSummary) =>
  column.key === 'po_number' ? (
    <PoLink po={po} />
  ) : column.key === 'status' ? (
    <PoStatusChip status={po.status} />
  ) : (
    column.text(po)
  );

/** The list as a table with sortable headers, or on a phone as a card per PO. */
export function PoListResults({ purchaseOrders, state, isForwarder, onSort, empty }: PoListResultsProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const columns = columnsFor(isForwarder);
  if (isPhone) {
    return (
      <CardList label="Purchase orders" isEmpty={purchaseOrders.length === 0} emptyText={empty}>
        {purchaseOrders.map((po) => (
          <InfoCard
            key={po.po_number}
            title={<PoLink po={po} />}
            fields={[
              ...columns
                .filter((column) => column.key !== 'po_number')
                .map((column) => ({ label: column.label, value: cellOf(column, po) })),
              ...(po.exceptions.length > 0
                ? [{ label: 'Attention', value: <PoExceptionBadges exceptions={po.exceptions} /> }]
                : []),
            ]}
          />
        ))}
      </CardList>
    );
  }
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Purchase orders">
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const isSorted = state.sort === column.key;
                return (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    sortDirection={isSorted ? state.direction : false}
                    sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                  >
                    <TableSortLabel
                      active={isSorted}
                      direction={isSorted ? state.direction : 'asc'}
                      onClick={() => onSort(column.key)}
                    >
                      {column.label}
                    </TableSortLabel>
                  </TableCell>
                );
              })}
              <TableCell sx={{ fontWeight: 600 }}>Attention</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {purchaseOrders.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + 1} sx={{ py: 4, textAlign: 'center' }}>
                  {empty}
                </TableCell>
              </TableRow>
            ) : (
              purchaseOrders.map((po) => (
                <TableRow key={po.po_number} hover>
                  {columns.map((column) => (
                    <TableCell
                      key={column.key}
                      align={column.align}
                      sx={{ whiteSpace: column.key === 'supplier' ? undefined : 'nowrap' }}
                    >
                      {cellOf(column, po)}
                    </TableCell>
                  ))}
                  <TableCell>
                    <PoExceptionBadges exceptions={po.exceptions} />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
