import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import type { Proposal } from '@quayside/domain/confirmations';
import { useState } from 'react';
import { useToast } from '../../components/toast.tsx';
import { failureMessage } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { useDecideProposal } from './confirmations-api.ts';
import { ProposalChanges } from './po-proposals.tsx';
import { RejectProposalDialog } from './reject-proposal-dialog.tsx';

const APPROVE_FAILED = 'Failed to approve the proposal. Please try again.';

/** An Admin's decision on the proposal waiting for one: approving makes it the PO's; rejecting says why. */
export function PendingProposal({ poNumber, proposal }: { poNumber: string; proposal: Proposal }) {
  const decide = useDecideProposal(poNumber);
  const { notify } = useToast();
  const [isRejecting, setIsRejecting] = useState(false);
  const approve = () =>
    decide.mutate(
      { proposal: proposal.id, decision: 'approve', note: '' },
      { onSuccess: (answer) => notify({ type: 'success', message: answer.message }) },
    );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="pending-proposal"
      sx={{ p: 2, borderColor: 'warning.main' }}
    >
      <Stack spacing={1.5}>
        <Stack spacing={0.25}>
          <Typography variant="h6" component="h2" id="pending-proposal">
            Proposal waiting for a decision
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {`${proposal.proposed_by} proposed these changes on ${formatDateTime(proposal.proposed_at)}.`}
          </Typography>
        </Stack>
        <ProposalChanges proposal={proposal} label="Proposed changes" />
        {proposal.note ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>{`Note: ${proposal.note}`}</Typography>
        ) : null}
        {decide.isError ? <Alert severity="error">{failureMessage(decide.error, APPROVE_FAILED)}</Alert> : null}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={approve} disabled={decide.isPending}>
            {decide.isPending ? 'Approving...' : 'Approve'}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setIsRejecting(true)} disabled={decide.isPending}>
            Reject
          </Button>
        </Stack>
      </Stack>
      {isRejecting ? (
        <RejectProposalDialog poNumber={poNumber} proposal={proposal.id} onClose={() => setIsRejecting(false)} />
      ) : null}
    </Paper>
  );
}
