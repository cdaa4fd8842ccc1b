import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, CircularProgress, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { type DocumentListEntry, NO_DOCUMENTS, REPORT_LOAD_FAILED } from '@quayside/domain/documents';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DocumentList } from '../../components/documents/document-list.tsx';
import { reportSinceDate } from './report-since-date.ts';
import { recentDocumentsQuery } from './reports-api.ts';

const NO_MATCHING_DOCUMENTS = 'No documents matching your search';

/** Case-insensitive containment in the file name, the document type or the shipment number. */
function matchesSearch(document: DocumentListEntry, search: string) {
  const { FileLeafRef, DocumentType, ShipmentNumber } = document.fields;
  return [FileLeafRef, DocumentType, ShipmentNumber].some((text) => text.toLowerCase().includes(search));
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
        <DocumentList documents={shownDocuments} labelledBy={headingId} layout="report" emptyText={emptyText} />
      )}
    </Stack>
  );
}
