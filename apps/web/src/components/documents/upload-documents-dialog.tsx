import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  DOCUMENT_TYPE_PLACEHOLDER,
  DOCUMENT_TYPE_REQUIRED,
  DOCUMENT_TYPES,
  fileSizeDisplay,
} from '@quayside/domain/documents';
import { type DragEvent, useId, useState } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { useUploadDocuments } from './documents-api.ts';
import { addChosenFiles, type ChosenFile, canUpload, isTypeMissing } from './upload-selection.ts';

const UPLOAD_FAILED = 'Failed to upload documents. Please try again.';

/** The server says why it refused a file (too large, not the type its name says); anything else gets a plain line. */
const uploadFailure = (error: unknown) => failureMessage(error, UPLOAD_FAILED);

type ChosenFileRowProps = {
  entry: ChosenFile;
  disabled: boolean;
  onTypeChange: (documentType: string) => void;
  onRemove: () => void;
};

function ChosenFileRow({ entry, disabled, onTypeChange, onRemove }: ChosenFileRowProps) {
  const [isTouched, setIsTouched] = useState(false);
  const isMissing = isTypeMissing(entry.documentType);
  const { name, size } = entry.file;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      <Box sx={{ flex: 1, minWidth: 0, pt: { sm: 1 } }}>
        <Typography variant="body2" sx={{ wordBreak: 'break-word', fontWeight: 500 }}>
          {name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {fileSizeDisplay(size)}
        </Typography>
      </Box>
      <TextField
        select
        size="small"
        label="Document Type"
        value={entry.documentType}
        onChange={(event) => onTypeChange(event.target.value)}
        onBlur={() => setIsTouched(true)}
        // Said once the person has been to the field and left it without a type, not before.
        error={isMissing && isTouched}
        helperText={isMissing && isTouched ? DOCUMENT_TYPE_REQUIRED : ' '}
        disabled={disabled}
        // Wide enough for the placeholder 'Select a document type...' in full.
        sx={{ minWidth: 260 }}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          // Every row's select reads 'Document Type'; the file name tells them apart.
          htmlInput: { 'aria-label': `Document Type for ${name}`, 'aria-required': true },
        }}
      >
        <option value="">{DOCUMENT_TYPE_PLACEHOLDER}</option>
        {DOCUMENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </TextField>
      <IconButton aria-label={`Remove ${name}`} onClick={onRemove} disabled={disabled} sx={{ alignSelf: 'center' }}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

type UploadDocumentsDialogProps = { shipmentNumber: string; forwarderName: string; onClose: () => void };

/**
 * SPEC.md §2 'Upload Documents' and §4 'Upload dialog': files are dropped or browsed, each needs a
 * type, and Upload waits for all of them. Mounted only while open, so every opening starts empty.
 */
export function UploadDocumentsDialog({ shipmentNumber, forwarderName, onClose }: UploadDocumentsDialogProps) {
  const titleId = useId();
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [isDragging, setIsDragging] = useState(false);
  const upload = useUploadDocuments(shipmentNumber, forwarderName);
  const isUploading = upload.isPending;

  const addFiles = (files: FileList | null) => {
    if (files && files.length > 0) setChosen((current) => addChosenFiles(current, files));
  };
  const setType = (key: string, documentType: string) =>
    setChosen((current) => current.map((entry) => (entry.key === key ? { ...entry, documentType } : entry)));
  const remove = (key: string) => setChosen((current) => current.filter((entry) => entry.key !== key));

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (!isUploading) addFiles(event.dataTransfer.files);
  };

  const submit = () => {
    if (!canUpload(chosen, isUploading)) return;
    upload.mutate(chosen, {
      onSuccess: onClose,
      onError: (error) => console.error('Upload failed', error),
    });
  };

  return (
    // Not closable mid-upload, so its outcome is always seen.
    <Dialog open onClose={isUploading ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Upload Documents</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {upload.isError ? <Alert severity="error">{uploadFailure(upload.error)}</Alert> : null}
          <Box
            onDragOver={(event) => {
              event.preventDefault();
              setIsDragging(true);
            }}
            onDragLeave={() => setIsDragging(false)}
            onDrop={onDrop}
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: isDragging ? 'primary.main' : 'divider',
              bgcolor: isDragging ? 'action.hover' : 'transparent',
              borderRadius: 2,
              p: 3,
              textAlign: 'center',
            }}
          >
            <UploadFileIcon color="action" sx={{ fontSize: 40 }} aria-hidden />
            <Typography>Drag and drop files here, or</Typography>
            <Button component="label" variant="outlined" size="small" disabled={isUploading} sx={{ mt: 1 }}>
              Browse files
              <input
                type="file"
                multiple
                hidden
                onChange={(event) => {
                  addFiles(event.target.files);
                  // The same file may be chosen again after being removed.
                  event.target.value = '';
                }}
              />
            </Button>
          </Box>
          {chosen.map((entry) => (
            <ChosenFileRow
              key={entry.key}
              entry={entry}
              disabled={isUploading}
              onTypeChange={(documentType) => setType(entry.key, documentType)}
              onRemove={() => remove(entry.key)}
            />
          ))}
          {isUploading ? <LinearProgress aria-label="Uploading documents" /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isUploading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={!canUpload(chosen, isUploading)}>
          {isUploading ? 'Uploading...' : 'Upload'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
