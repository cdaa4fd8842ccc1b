import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import {
  Button,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { type DocumentListEntry, documentTypeBadge, NO_DOCUMENTS } from '@quayside/domain/documents';

import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatLocalDate } from '../../lib/date-time.ts';
import { paths } from '../../lib/navigation.ts';
import { PHONE_QUERY } from '../../lib/screen-width.ts';
import { CardList, InfoCard } from '../card-list.tsx';

type Cell = (document: DocumentListEntry) => ReactNode;

const nameCell: Cell = ({ fields }) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
    <Chip label={documentTypeBadge(fields.DocumentType)} size="small" color="primary" variant="outlined" />
    <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
      {fields.FileLeafRef}
    </Typography>
  </Stack>
);

const shipmentCell: Cell = ({ fields }) => (
  <Link component={RouterLink} to={paths.shipment(fields.ShipmentNumber)}>
    {fields.ShipmentNumber}
  </Link>
);

// A new tab keeps this screen open; noopener stops the file's tab from reaching back into ours.
const viewCell: Cell = (document) => (
  <Button
    href={document.webUrl}
    target="_blank"
    rel="noopener noreferrer"
    size="small"
    variant="outlined"
    aria-label={`View ${document.fields.FileLeafRef}`}
  >
    View
  </Button>
);

/** `sortKey`: the column sorts when the list is given a sort (the report's). */
type Column = { label: string; cell: Cell; noWrap?: boolean; sortKey?: string };

const COLUMNS = {
  /** SPEC.md §2 'Documents (per shipment)'. */
  shipment: [
    { label: 'Document', cell: nameCell },
    { label: 'Type', cell: ({ fields }) => fields.DocumentType },
    { label: 'Size', cell: ({ fields }) => fields.FileSizeDisplay, noWrap: true },
    { label: 'Modified', cell: ({ fields }) => formatLocalDate(fields.Modified), noWrap: true },
    { label: 'View', cell: viewCell },
  ],
  /** SPEC.md §2 'Reports': every shipment's documents, each linking to its shipment. */
  report: [
    { label: 'Document', cell: nameCell, sortKey: 'document' },
    { label: 'Type', cell: ({ fields }) => fields.DocumentType, sortKey: 'type' },
    { label: 'Shipment', cell: shipmentCell, sortKey: 'shipment' },
    { label: 'Date', cell: ({ fields }) => formatLocalDate(fields.Modified), noWrap: true, sortKey: 'date' },
    { label: 'Size', cell: ({ fields }) => fields.FileSizeDisplay, noWrap: true, sortKey: 'size' },
    { label: 'View', cell: viewCell },
  ],
} satisfies Record<string, Column[]>;

export type DocumentSort = { key: string; direction: 'asc' | 'desc' };

/**
 * A table of documents: badge, file name, type, size, date and View (and the shipment, in the
 * report). Given `sort`, the columns that can sort are headers to click.
 */
export function DocumentList({
  documents,
  labelledBy,
  layout = 'shipment',
  emptyText = NO_DOCUMENTS,
  sort,
}: {
  documents: readonly DocumentListEntry[];
  labelledBy: string;
  layout?: keyof typeof COLUMNS;
  emptyText?: string;
  sort?: { by: DocumentSort; onSort: (key: string) => void };
}) {
  const columns: Column[] = COLUMNS[layout];
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (isPhone) {
    return (
      <DocumentCards
        documents={documents}
        columns={columns}
        labelledBy={labelledBy}
        emptyText={emptyText}
        sort={sort}
      />
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const isSorted = sort?.by.key === column.sortKey;
              return (
                <TableCell
                  key={column.label}
                  sortDirection={isSorted ? sort?.by.direction : false}
                  sx={sort && column.sortKey ? { cursor: 'pointer' } : undefined}
                >
                  {sort && column.sortKey ? (
                    <TableSortLabel
                      active={isSorted}
                      direction={isSorted ? sort.by.direction : 'asc'}
                      onClick={() => column.sortKey && sort.onSort(column.sortKey)}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {documents.map((document) => (
            <TableRow key={document.id} hover>
              {columns.map((column) => (
                <TableCell key={column.label} sx={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {column.cell(document)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {documents.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
                {emptyText}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * On a phone, a card per document: its badge and whole file name, the other columns as labelled
 * values, and View on a line of its own. The report's order is chosen by the buttons above.
 */
function DocumentCards({
  documents,
  columns,
  labelledBy,
  emptyText,
  sort,
}: {
  documents: readonly DocumentListEntry[];
  columns: readonly Column[];
  labelledBy: string;
  emptyText: string;
  sort?: { by: DocumentSort; onSort: (key: string) => void };
}) {
  const [title, ...fields] = columns.filter((column) => column.label !== 'View');
  const sortable = sort ? columns.filter((column) => column.sortKey) : [];
  return (
    <Stack spacing={1}>
      {sort ? (
        <Stack
          direction="row"
          useFlexGap
          role="group"
          aria-label="Sort documents by"
          sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5 }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
            Sort by
          </Typography>
          {sortable.map((column) => {
            const isSorted = sort.by.key === column.sortKey;
            const Arrow = sort.by.direction === 'asc' ? ArrowUpwardIcon : ArrowDownwardIcon;
            return (
              <Button
                key={column.label}
                size="small"
                variant={isSorted ? 'outlined' : 'text'}
                aria-pressed={isSorted}
                aria-label={
                  isSorted
                    ? `${column.label}, ${sort.by.direction === 'asc' ? 'ascending' : 'descending'}`
                    : column.label
                }
                endIcon={isSorted ? <Arrow fontSize="small" /> : undefined}
                onClick={() => column.sortKey && sort.onSort(column.sortKey)}
              >
                {column.label}
              </Button>
            );
          })}
        </Stack>
      ) : null}
      <CardList labelledBy={labelledBy} isEmpty={documents.length === 0} emptyText={emptyText}>
        {documents.map((document) => (
          <InfoCard
            key={document.id}
            title={title?.cell(document)}
            fields={fields.map((column) => ({ label: column.label, value: column.cell(document) }))}
            actions={viewCell(document)}
          />
        ))}
      </CardList>
    </Stack>
  );
}
