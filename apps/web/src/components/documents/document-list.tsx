import {
  Button,
  Chip,
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

const COLUMNS = ['Document', 'Type', 'Size', 'Modified', 'View'] as const;

// The interface is in English (SPEC.md §1); the day is the reader's own, in their time zone.
const modifiedDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function formatModified(modified: string) {
  const date = new Date(modified);
  return Number.isNaN(date.getTime()) ? modified : modifiedDate.format(date);
}

function DocumentRow({ document }: { document: DocumentListEntry }) {
  const { FileLeafRef, DocumentType, FileSizeDisplay, Modified } = document.fields;
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
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{FileSizeDisplay}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatModified(Modified)}</TableCell>
      <TableCell>
        {/* A new tab keeps this screen open; noopener stops the file's tab from reaching back into ours. */}
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

/** SPEC.md §2 'Documents (per shipment)': badge, file name, type, size, modified date and View. */
export function DocumentList({
  documents,
  labelledBy,
}: {
  documents: readonly DocumentListEntry[];
  labelledBy: string;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {documents.map((document) => (
            <DocumentRow key={document.id} document={document} />
          ))}
          {documents.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length} sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
                {NO_DOCUMENTS}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
