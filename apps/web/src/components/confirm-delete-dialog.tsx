import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';

type ConfirmDeleteDialogProps = {
  title: string;
  /** The spec's confirmation sentence. */
  question: string;
  /** Why the last attempt failed, shown above the question; the dialog stays open to retry. */
  failure: string | null;
  isDeleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirming button's words, when the thing is removed rather than deleted. */
  confirmLabel?: string;
  busyLabel?: string;
};

/** The confirmation every delete asks for (SPEC.md §2, §8): Cancel, or Delete. Mounted only while open. */
export function ConfirmDeleteDialog({
  title,
  question,
  failure,
  isDeleting,
  onCancel,
  onConfirm,
  confirmLabel = 'Delete',
  busyLabel = 'Deleting...',
}: ConfirmDeleteDialogProps) {
  return (
    <Dialog open onClose={isDeleting ? undefined : onCancel} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <DialogContentText>{question}</DialogContentText>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isDeleting}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={isDeleting}>
          {isDeleting ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
