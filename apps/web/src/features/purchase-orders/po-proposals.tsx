import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { describeProposal, PROPOSAL_STATUS_LABELS, type Proposal } from '@quayside/domain/confirmations';
import type { PurchaseOrderDetail } from '@quayside/domain/purchase-orders';
import { formatDateTime } from '../../lib/date-time.ts';

/** What the server names a decision no person made. */
const AUTOMATIC = 'automatic approval';

// MUI's warning colour is too faint for text on white (axe's contrast check): waiting is the primary colour.
const STATUS_COLOURS = { pending: 'primary', approved: 'success', rejected: 'error', withdrawn: 'default' } as const;

/** A proposal's changes, one per line, as the PO's history words them. */
export function ProposalChanges({ proposal, label }: { proposal: Proposal; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5 }}>
      {describeProposal(proposal).map((change) => (
        <Typography component="li" variant="body2" key={change}>
          {change}
        </Typography>
      ))}
    </Box>
  );
}

/** Who decided, when, and what they said. */
function Decision({ proposal }: { proposal: Proposal }) {
  if (proposal.kind === 'accept' || proposal.decided_at === null) return null;
  const when = formatDateTime(proposal.decided_at);
  const verdict = PROPOSAL_STATUS_LABELS[proposal.status];
  const who =
    proposal.decided_by === AUTOMATIC
      ? `${verdict} automatically · ${when}`
      : `${verdict} by ${proposal.decided_by ?? 'the system'} · ${when}`;
  const said = proposal.decision_note === '' ? null : proposal.status === 'rejected' ? 'Reason' : 'Note';
  return (
    <Stack spacing={0.25}>
      <Typography variant="caption" color="text.secondary">
        {proposal.status === 'withdrawn' ? when : who}
      </Typography>
      {said ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>{`${said}: ${proposal.decision_note}`}</Typography>
      ) : null}
    </Stack>
  );
}

function ProposalEntry({ proposal }: { proposal: Proposal }) {
  const isAccept = proposal.kind === 'accept';
  const title = isAccept ? 'Confirmed as it stood' : 'Proposed changes';
  return (
    <Stack spacing={0.75}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        {isAccept ? null : (
          <Chip
            size="small"
            variant="outlined"
            label={PROPOSAL_STATUS_LABELS[proposal.status]}
            color={STATUS_COLOURS[proposal.status]}
          />
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {`${proposal.proposed_by} · ${formatDateTime(proposal.proposed_at)}`}
      </Typography>
      {isAccept ? null : <ProposalChanges proposal={proposal} label={`Changes proposed by ${proposal.proposed_by}`} />}
      {proposal.note ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>{`Note: ${proposal.note}`}</Typography>
      ) : null}
      <Decision proposal={proposal} />
    </Stack>
  );
}

/** The supplier's confirmations and proposals, newest first, with what was decided. */
export function PoProposals({ po }: { po: PurchaseOrderDetail }) {
  // A Forwarder gets none: a proposal names ordered quantities.
  if (po.proposals.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="po-proposals" spacing={1.5}>
      <Typography id="po-proposals" variant="h6" component="h2">
        Proposals
      </Typography>
      <Paper variant="outlined" component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {po.proposals.map((proposal, index) => (
          <Box
            component="li"
            key={proposal.id}
            sx={{ px: 1.5, py: 1, borderTop: index === 0 ? 0 : 1, borderColor: 'divider' }}
          >
            <ProposalEntry proposal={proposal} />
          </Box>
        ))}
      </Paper>
    </Stack>
  );
}
