import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip } from '@mui/material';
import { CONFIRMATION_LABELS, type ConfirmationState } from '@quayside/domain/confirmations';
import { SEVERITY_COLOURS } from '@quayside/domain/exceptions';
import {
  isClosedStatus,
  PO_EXCEPTION_DEFINITIONS,
  PO_EXCEPTION_LABELS,
  PO_STATUS_LABELS,
  type PoExceptionKind,
  type PoStatus,
} from '@quayside/domain/purchase-orders';

// A PO's status and what needs attention about it, in words (the colour only repeats them).

const ATTENTION = SEVERITY_COLOURS.medium;

export function PoStatusChip({ status }: { status: PoStatus }) {
  return (
    <Chip
      size="small"
      label={PO_STATUS_LABELS[status]}
      variant={isClosedStatus(status) ? 'filled' : 'outlined'}
      color={status === 'received' ? 'success' : 'default'}
    />
  );
}

/** Where the PO stands with its supplier: awaiting its confirmation, a change proposed, or confirmed. */
export function ConfirmationChip({ confirmation }: { confirmation: ConfirmationState }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={CONFIRMATION_LABELS[confirmation]}
      color={confirmation === 'confirmed' ? 'success' : confirmation === 'proposed' ? 'primary' : 'default'}
    />
  );
}

export function PoExceptionBadges({ exceptions }: { exceptions: readonly PoExceptionKind[] }) {
  if (exceptions.length === 0) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, minWidth: 0, maxWidth: '100%' }}>
      {exceptions.map((kind) => (
        <Chip
          key={kind}
          size="small"
          icon={<WarningAmberIcon aria-hidden style={{ color: ATTENTION.color }} />}
          label={PO_EXCEPTION_LABELS[kind]}
          title={PO_EXCEPTION_DEFINITIONS[kind]}
          variant="outlined"
          // A long label wraps inside a phone's card rather than widening it.
          sx={{
            color: ATTENTION.color,
            bgcolor: ATTENTION.backgroundColor,
            borderColor: ATTENTION.borderColor,
            maxWidth: '100%',
            height: 'auto',
            '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
          }}
        />
      ))}
    </Box>
  );
}
