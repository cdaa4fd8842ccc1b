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
  Typography,
} from '@mui/material';
import { type DocumentListEntry, documentTypeBadge, NO_DOCUMENTS } from '@quayside/domain/documents';

import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/navigation.ts';

// The interface is in English (SPEC.md §1); the day is the reader's own, in their time zone.
const modifiedDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function formatModified(modified: string) {
  const date = new Date(modified);
  return Number.isNaN(date.getTime()) ? modified : modifiedDate.format(date);
}

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

type Column = { label: string; cell: Cell; noWrap?: boolean };

const COLUMNS = {
  /** SPEC.md §2 'Documents (per shipment)'. */
  shipment: [
    { label: 'Document', cell: nameCell },
    { label: 'Type', cell: ({ fields }) => fields.DocumentType },
    { label: 'Size', cell: ({ fields }) => fields.FileSizeDisplay, noWrap: true },
    { label: 'Modified', cell: ({ fields }) => formatModified(fields.Modified), noWrap: true },
    { label: 'View', cell: viewCell },
  ],
  /** SPEC.md §2 'Reports': every shipment's documents, each linking to its shipment. */
  report: [
    { label: 'Document', cell: nameCell },
    { label: 'Type', cell: ({ fields }) => fields.DocumentType },
    { label: 'Shipment', cell: shipmentCell },
    { label: 'Date', cell: ({ fields }) => formatModified(fields.Modified), noWrap: true },
    { label: 'Size', cell: ({ fields }) => fields.FileSizeDisplay, noWrap: true },
    { label: 'View', cell: viewCell },
  ],
} satisfies Record<string, Column[]>;

/** A table of documents: badge, file name, type, size, date and View (and the shipment, in the report). */
export function DocumentList({
  documents,
  labelledBy,
  layout = 'shipment',
  emptyText = NO_DOCUMENTS,
}: {
  documents: readonly DocumentListEntry[];
  labelledBy: string;
  layout?: keyof typeof COLUMNS;
  emptyText?: string;
}) {
  const columns: Column[] = COLUMNS[layout];
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label}>{column.label}</TableCell>
            ))}
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
