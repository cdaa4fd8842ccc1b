import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { MAX_PROPOSAL_NOTE } from '@quayside/domain/confirmations';
import { useState } from 'react';
import { useToast } from '../../components/toast.tsx';
import { failureMessage } from '../../lib/api.ts';
import { useConfirmPurchaseOrder } from './confirmations-api.ts';

const CONFIRM_FAILED = 'Failed to confirm the purchase order. Please try again.';

/** The supplier accepts the PO as it stands: its quantities and dates become what it promised. Mounted only while open. */
export function ConfirmPoDialog({ poNumber, onClose }: { poNumber: string; onClose: () => void }) {
  const [note, setNote] = useState('');
  const confirm = useConfirmPurchaseOrder(poNumber);
  const { notify } = useToast();
  const submit = () => {
    if (confirm.isPending) return;
    confirm.mutate(note.trim(), {
      onSuccess: (answer) => {
        notify({ type: 'success', message: answer.message });
        onClose();
      },
    });
  };
  return (
    <Dialog open onClose={confirm.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{`Confirm ${poNumber}`}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          You confirm you will supply this purchase order as it stands: every line's quantity, ready on its cargo-ready
          date.
        </DialogContentText>
        <TextField
          label="Note"
          helperText="For the buyer (optional)"
          fullWidth
          multiline
          minRows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          disabled={confirm.isPending}
          slotProps={{ htmlInput: { maxLength: MAX_PROPOSAL_NOTE } }}
        />
        {confirm.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failureMessage(confirm.error, CONFIRM_FAILED)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={confirm.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={confirm.isPending}>
          {confirm.isPending ? 'Confirming...' : 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
