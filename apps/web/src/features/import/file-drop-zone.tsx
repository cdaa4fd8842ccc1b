import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Stack, Typography } from '@mui/material';
import { fileSizeDisplay } from '@quayside/domain/documents';
import { type ChangeEvent, type DragEvent, useId, useState } from 'react';
import { VISUALLY_HIDDEN } from '../../lib/visually-hidden.ts';
import { IMPORT_FILE_ACCEPT } from './import-selection.ts';

type FileDropZoneProps = {
  /** The input's label, shown as the zone's title. */
  label: string;
  /** A line under the title (what the file holds). */
  hint?: string;
  file: File | null;
  disabled: boolean;
  onChoose: (file: File) => void;
  onRemove: () => void;
};

/**
 * One file, dropped on the zone or chosen by clicking it. The zone is the label of a real file
 * input, so Tab focuses it and Space or Enter opens the file chooser.
 */
export function FileDropZone({ label, hint, file, disabled, onChoose, onRemove }: FileDropZoneProps) {
  const inputId = useId();
  const titleId = useId();
  const hintId = useId();
  const [isDragging, setIsDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onChoose(dropped);
  };

  return (
    <Stack spacing={1}>
      <Box
        component="label"
        htmlFor={inputId}
        onDragOver={(event: DragEvent) => {
          event.preventDefault();
          if (!disabled) setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        sx={{
          display: 'block',
          position: 'relative',
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragging ? 'primary.main' : 'divider',
          bgcolor: isDragging ? 'action.hover' : 'background.paper',
          borderRadius: 2,
          p: 3,
          textAlign: 'center',
          cursor: disabled ? 'default' : 'pointer',
          opacity: disabled ? 0.6 : 1,
          '&:hover': disabled ? {} : { borderColor: 'primary.main' },
          '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <UploadFileIcon color="action" sx={{ fontSize: 40 }} aria-hidden />
        <Typography id={titleId} sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography id={hintId} variant="body2" color="text.secondary">
          Drag and drop a file here, or click to choose one.{hint ? ` ${hint}` : ''}
        </Typography>
        <Box
          component="input"
          id={inputId}
          type="file"
          accept={IMPORT_FILE_ACCEPT}
          disabled={disabled}
          aria-labelledby={titleId}
          aria-describedby={hintId}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            const chosen = event.target.files?.[0];
            if (chosen) onChoose(chosen);
            // Choosing the same file again (after it was edited) still counts as a choice.
            event.target.value = '';
          }}
          sx={VISUALLY_HIDDEN}
        />
      </Box>
      {file ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
            {file.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {fileSizeDisplay(file.size)}
          </Typography>
          <Button size="small" onClick={onRemove} disabled={disabled} aria-label={`Remove ${file.name}`}>
            Remove
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
