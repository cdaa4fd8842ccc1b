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
import { PO_SHORT_CLOSED } from '@quayside/domain/purchase-orders';
import { useState } from 'react';
import { useToast } from '../../components/toast.tsx';
import { failureMessage } from '../../lib/api.ts';
import { useShortClose } from './purchase-orders-api.ts';

const SHORT_CLOSE_FAILED = 'Failed to short-close the purchase order. Please try again.';

/** An Admin closes a PO short: nothing more is expected of it, for the reason given. */
export function ShortCloseDialog({ poNumber, onClose }: { poNumber: string; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const shortClose = useShortClose(poNumber);
  const { notify } = useToast();
  const isValid = reason.trim() !== '';
  const submit = () => {
    if (!isValid || shortClose.isPending) return;
    shortClose.mutate(reason.trim(), {
      onSuccess: (answer) => {
        notify({ type: 'success', message: answer.message || PO_SHORT_CLOSED });
        onClose();
      },
    });
  };
  return (
    <Dialog open onClose={shortClose.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{`Short-close ${poNumber}`}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Nothing more is expected of this purchase order: its open quantity stops counting as overdue or unbooked.
        </DialogContentText>
        <TextField
          label="Reason"
          required
          fullWidth
          multiline
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        {shortClose.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failureMessage(shortClose.error, SHORT_CLOSE_FAILED)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={shortClose.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={submit} disabled={!isValid || shortClose.isPending}>
          {shortClose.isPending ? 'Closing...' : 'Short-close'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
