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
import { confirmDeletePart } from '@quayside/domain/parts';
import { markDataChanged } from '../../lib/data-changed.ts';
import { deleteFailureMessage, useDeletePart } from './parts-api.ts';

type DeletePartDialogProps = {
  po: string;
  shipment: string;
  partNumber: string;
  /** The part numbers shown: the server refuses the delete if the stored ones differ. */
  listedPartNumbers: readonly string[];
  onClose: () => void;
};

/** SPEC.md §2, §8: a part is deleted only after this confirmation. */
export function DeletePartDialog({ po, shipment, partNumber, listedPartNumbers, onClose }: DeletePartDialogProps) {
  const remove = useDeletePart();

  const confirm = () =>
    remove.mutate(
      {
        part_number: partNumber,
        related_po_number: po,
        related_shipment: shipment,
        prev_part_numbers: [...listedPartNumbers],
      },
      {
        onSuccess: () => {
          markDataChanged();
          onClose();
        },
      },
    );

  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Delete Part</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {remove.isError ? <Alert severity="error">{deleteFailureMessage(remove.error)}</Alert> : null}
          <DialogContentText>{confirmDeletePart(partNumber)}</DialogContentText>
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
