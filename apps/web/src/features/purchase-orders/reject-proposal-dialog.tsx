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
import { useDecideProposal } from './confirmations-api.ts';

const REJECT_FAILED = 'Failed to reject the proposal. Please try again.';

type RejectProposalDialogProps = { poNumber: string; proposal: number; onClose: () => void };

/** An Admin rejects a supplier's proposal, saying why: the supplier reads the reason. Mounted only while open. */
export function RejectProposalDialog({ poNumber, proposal, onClose }: RejectProposalDialogProps) {
  const [reason, setReason] = useState('');
  const decide = useDecideProposal(poNumber);
  const { notify } = useToast();
  const isValid = reason.trim() !== '';
  const submit = () => {
    if (!isValid || decide.isPending) return;
    decide.mutate(
      { proposal, decision: 'reject', note: reason.trim() },
      {
        onSuccess: (answer) => {
          notify({ type: 'success', message: answer.message });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onClose={decide.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Reject the proposal</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The purchase order stays as it is. The supplier reads your reason and may propose again.
        </DialogContentText>
        <TextField
          label="Reason"
          required
          fullWidth
          multiline
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          disabled={decide.isPending}
          slotProps={{ htmlInput: { maxLength: MAX_PROPOSAL_NOTE } }}
        />
        {decide.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failureMessage(decide.error, REJECT_FAILED)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={decide.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={submit} disabled={!isValid || decide.isPending}>
          {decide.isPending ? 'Rejecting...' : 'Reject'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
