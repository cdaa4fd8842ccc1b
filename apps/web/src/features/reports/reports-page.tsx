import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  InputAdornment,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  type DocumentListEntry,
  documentTypeBadge,
  NO_DOCUMENTS,
  REPORT_LOAD_FAILED,
} from '@quayside/domain/documents';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { reportSinceDate } from './report-since-date.ts';
import { recentDocumentsQuery } from './reports-api.ts';

const NO_MATCHING_DOCUMENTS = 'No documents matching your search';
const COLUMNS = ['Document', 'Type', 'Shipment', 'Date', 'Size', 'View'] as const;

// The interface is in English (SPEC.md §1); the day is the reader's own, in their time zone.
const modifiedDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function formatModified(modified: string) {
  const date = new Date(modified);
  return Number.isNaN(date.getTime()) ? modified : modifiedDate.format(date);
}

/** Case-insensitive containment in the file name, the document type or the shipment number. */
function matchesSearch(document: DocumentListEntry, search: string) {
  const { FileLeafRef, DocumentType, ShipmentNumber } = document.fields;
  return [FileLeafRef, DocumentType, ShipmentNumber].some((text) => text.toLowerCase().includes(search));
}

function DocumentRow({ document }: { document: DocumentListEntry }) {
  const { FileLeafRef, DocumentType, ShipmentNumber, Modified, FileSizeDisplay } = document.fields;
  return (
    <TableRow hover>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip label={documentTypeBadge(DocumentType)} size="small" color="primary" variant="outlined" />
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {FileLeafRef}
          </Typography>
        </Stack>
      </TableCell>
      <TableCell>{DocumentType}</TableCell>
      <TableCell>
        <Link component={RouterLink} to={`/shipment-details/${encodeURIComponent(ShipmentNumber)}`}>
          {ShipmentNumber}
        </Link>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatModified(Modified)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{FileSizeDisplay}</TableCell>
      <TableCell>
        {/* A new tab keeps the report open; noopener stops the file's tab from reaching back into ours. */}
        <Button
          href={document.webUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="small"
          variant="outlined"
          aria-label={`View ${FileLeafRef}`}
        >
          View
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** SPEC.md §2 'Reports': every shipment's documents of the last 7 days, searchable (Admin and Employee). */
export function ReportsPage() {
  const headingId = useId();
  const [search, setSearch] = useState('');
  // Recomputed each render, so the window moves on by itself once the day changes.
  const documentsQuery = useQuery(recentDocumentsQuery(reportSinceDate(new Date())));
  const documents = documentsQuery.data;
  const searchText = search.trim().toLowerCase();
  const shownDocuments = documents?.filter((document) => matchesSearch(document, searchText)) ?? [];
  const emptyText = documents?.length ? NO_MATCHING_DOCUMENTS : NO_DOCUMENTS;

  return (
    <Stack spacing={3}>
      <Typography id={headingId} variant="h4" component="h1">
        Recent Documents (last 7 days)
      </Typography>
      <TextField
        type="search"
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Search documents..."
        sx={{ maxWidth: 420 }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search documents' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {documentsQuery.isError && <Alert severity="error">{REPORT_LOAD_FAILED}</Alert>}
      {documentsQuery.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading documents" />
        </Box>
      )}
      {documents && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {shownDocuments.map((document) => (
                <DocumentRow key={document.id} document={document} />
              ))}
              {shownDocuments.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length} sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
                    {emptyText}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
