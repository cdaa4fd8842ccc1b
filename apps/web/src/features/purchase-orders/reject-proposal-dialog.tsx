import { MAX_PROPOSAL_NOTE } from '@quayside/domain/confirmations';
import { TextAnswerDialog } from '../../components/text-answer-dialog.tsx';
import { useDecideProposal } from './confirmations-api.ts';

type RejectProposalDialogProps = { poNumber: string; proposal: number; onClose: () => void };

/** An Admin rejects a supplier's proposal, saying why: the supplier reads the reason. Mounted only while open. */
export function RejectProposalDialog({ poNumber, proposal, onClose }: RejectProposalDialogProps) {
  return (
    <TextAnswerDialog
      title="Reject the proposal"
      explanation="The purchase order stays as it is. The supplier reads your reason and may propose again."
      field={{ label: 'Reason', maxLength: MAX_PROPOSAL_NOTE, multiline: true }}
      action={{ label: 'Reject', busyLabel: 'Rejecting...', danger: true }}
      failure="Failed to reject the proposal. Please try again."
      mutation={useDecideProposal(poNumber)}
      variablesOf={(note) => ({ proposal, decision: 'reject' as const, note })}
      onClose={onClose}
    />
  );
}
