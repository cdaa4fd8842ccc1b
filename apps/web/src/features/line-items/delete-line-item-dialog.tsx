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
import type { LineItem } from '@quayside/domain/line-items';
import { useId } from 'react';
import { failureMessage } from '../../lib/api.ts';
import { useDeleteLineItem } from './line-item-api.ts';

const DELETE_FAILED = 'Failed to delete line item. Please try again.';

/** SPEC.md §8: the server's message, or the fallback when it gave none. */
const deleteFailure = (error: unknown) => failureMessage(error, DELETE_FAILED);

type DeleteLineItemDialogProps = { lineItem: LineItem; onClose: () => void; onDeleted: () => void };

/** The confirmation before a line item and its parts are deleted. Mounted only while open. */
export function DeleteLineItemDialog({ lineItem, onClose, onDeleted }: DeleteLineItemDialogProps) {
  const titleId = useId();
  const remove = useDeleteLineItem();
  const confirm = () =>
    remove.mutate(
      { shipment: lineItem.related_shipment, po: lineItem.title },
      { onSuccess: onDeleted, onError: (error) => console.error('Line item delete failed', error) },
    );

  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Delete Line Item</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {remove.isError ? <Alert severity="error">{deleteFailure(remove.error)}</Alert> : null}
          <DialogContentText>
            {`Are you sure you want to delete line item "${lineItem.title}"? This action cannot be undone and will also remove all associated parts.`}
          </DialogContentText>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
