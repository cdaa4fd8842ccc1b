import AddIcon from '@mui/icons-material/Add';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { DOCUMENTS_LOAD_FAILED } from '@quayside/domain/documents';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { RetryAlert } from '../retry-alert.tsx';
import { DocumentList } from './document-list.tsx';
import { shipmentDocumentsQuery } from './documents-api.ts';
import { UploadDocumentsDialog } from './upload-documents-dialog.tsx';

type ShipmentDocumentsProps = {
  shipmentNumber: string;
  /** Sent with an upload as the spec's `forwarder` field (the server decides from the shipment itself). */
  forwarderName: string;
  canEdit: boolean;
};

/** The Documents tab of the shipment and line-item screens: one shipment's documents, and upload for editors. */
export function ShipmentDocuments({ shipmentNumber, forwarderName, canEdit }: ShipmentDocumentsProps) {
  const headingId = useId();
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  const documents = useQuery(shipmentDocumentsQuery(shipmentNumber));

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="h6" component="h2">
          Documents
        </Typography>
        {canEdit ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsUploadOpen(true)}>
            Add Documents
          </Button>
        ) : null}
      </Stack>
      {documents.isError && !documents.data ? (
        <RetryAlert onRetry={() => void documents.refetch()}>{DOCUMENTS_LOAD_FAILED}</RetryAlert>
      ) : null}
      {documents.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading documents" />
        </Box>
      ) : null}
      {documents.data ? <DocumentList documents={documents.data} labelledBy={headingId} /> : null}
      {isUploadOpen ? (
        <UploadDocumentsDialog
          shipmentNumber={shipmentNumber}
          forwarderName={forwarderName}
          onClose={() => setIsUploadOpen(false)}
        />
      ) : null}
    </Stack>
  );
}
