import { Chip, Stack, Typography } from '@mui/material';
import {
  EXCEPTION_KINDS,
  EXCEPTION_LABELS,
  type ExceptionKind,
  exceptionDefinition,
} from '@quayside/domain/exceptions';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { lineItemKeys } from '../../../lib/query-keys.ts';
import { formatCount } from '../format-count.ts';

/** Dark amber on white or a light tint: readable (WCAG AA) where the theme's warning colour is not. */
const EXCEPTION_COLOURS = { color: '#7a4500', borderColor: '#b26a00' } as const;

const summaryQuery = {
  queryKey: lineItemKeys.exceptionSummary(),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('getExceptionSummary', { signal }),
  staleTime: 0,
  refetchOnWindowFocus: 'always' as const,
};

/**
 * 'Needs attention': how many of the user's line items have each exception today, as chips that
 * narrow the table to them (any of the chosen kinds). Nothing shows while nothing needs attention.
 */
export function NeedsAttention({
  chosen,
  onChange,
}: {
  chosen: readonly ExceptionKind[];
  onChange: (exceptions: ExceptionKind[]) => void;
}) {
  const summary = useQuery(summaryQuery).data;
  if (!summary || (summary.total === 0 && chosen.length === 0)) return null;
  const toggle = (kind: ExceptionKind) =>
    onChange(EXCEPTION_KINDS.filter((known) => (known === kind ? !chosen.includes(kind) : chosen.includes(known))));
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      role="group"
      aria-label="Needs attention"
    >
      <Typography variant="subtitle2" component="span" sx={{ mr: 0.5 }}>
        Needs attention
      </Typography>
      {EXCEPTION_KINDS.filter((kind) => summary.counts[kind] > 0 || chosen.includes(kind)).map((kind) => {
        const isChosen = chosen.includes(kind);
        return (
          <Chip
            key={kind}
            label={`${EXCEPTION_LABELS[kind]} · ${formatCount(summary.counts[kind])}`}
            title={exceptionDefinition(kind, summary.etaSlipDays)}
            variant="outlined"
            sx={{ ...EXCEPTION_COLOURS, ...(isChosen ? { bgcolor: '#ffe0b2', fontWeight: 600 } : {}) }}
            aria-pressed={isChosen}
            onClick={() => toggle(kind)}
            {...(isChosen ? { onDelete: () => toggle(kind) } : {})}
          />
        );
      })}
    </Stack>
  );
}

/** The row's exceptions, as small badges (the 'Exceptions' column a user gets by choosing chips). */
export function ExceptionBadges({ exceptions }: { exceptions: readonly ExceptionKind[] | undefined }) {
  return (
    <Stack direction="row" spacing={0.5}>
      {(exceptions ?? []).map((kind) => (
        <Chip key={kind} size="small" variant="outlined" label={EXCEPTION_LABELS[kind]} sx={EXCEPTION_COLOURS} />
      ))}
    </Stack>
  );
}
