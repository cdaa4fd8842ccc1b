import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  CircularProgress,
  InputAdornment,
  Stack,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import { type DocumentListEntry, NO_DOCUMENTS, REPORT_LOAD_FAILED } from '@quayside/domain/documents';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DocumentList } from '../../components/documents/document-list.tsx';
import { reportSinceDate } from './report-since-date.ts';
import {
  DEFAULT_REPORT_SORT,
  nextSort,
  REPORT_PAGE_SIZES,
  type ReportSort,
  type ReportSortKey,
  sortDocuments,
} from './report-table.ts';
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
  const [sort, setSort] = useState<ReportSort>(DEFAULT_REPORT_SORT);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(REPORT_PAGE_SIZES[0]);
  // Recomputed each render, so the window moves on by itself once the day changes.
  const documentsQuery = useQuery(recentDocumentsQuery(reportSinceDate(new Date())));
  const documents = documentsQuery.data;
  const searchText = search.trim().toLowerCase();
  const matching = sortDocuments(documents?.filter((document) => matchesSearch(document, searchText)) ?? [], sort);
  // A search or a smaller list may leave the page past the end: show the last one there is.
  const lastPage = Math.max(0, Math.ceil(matching.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const shownDocuments = matching.slice(shownPage * pageSize, (shownPage + 1) * pageSize);
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
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(0);
        }}
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
        <Box>
          <DocumentList
            documents={shownDocuments}
            labelledBy={headingId}
            layout="report"
            emptyText={emptyText}
            sort={{
              by: sort,
              onSort: (key) => {
                setSort(nextSort(sort, key as ReportSortKey));
                setPage(0);
              },
            }}
          />
          <TablePagination
            component="div"
            count={matching.length}
            page={shownPage}
            onPageChange={(_, next) => setPage(next)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...REPORT_PAGE_SIZES]}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} of ${count} documents`}
          />
        </Box>
      )}
    </Stack>
  );
}
