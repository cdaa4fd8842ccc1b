import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { lateText, type Milestone, milestonesOf } from '@quayside/domain/milestones';
import type { Shipment } from '@quayside/domain/shipments';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../lib/date-time.ts';
import { shipmentQuery } from '../lib/shipment-query.ts';
import { shipmentHistoryQuery } from './history/shipment-history.tsx';

// Text colours at 4.5:1 or more on white; each state is said in words as well (WCAG 1.4.1).
const LATE_COLOUR = '#b3261e';
const REACHED_COLOUR = '#1b5e20';

function StepIcon({ milestone }: { milestone: Milestone }) {
  const sx = { fontSize: 20, mt: '2px' };
  if (milestone.isReached) return <CheckCircleIcon aria-hidden sx={{ ...sx, color: REACHED_COLOUR }} />;
  if (milestone.lateByDays !== null) return <ErrorIcon aria-hidden sx={{ ...sx, color: LATE_COLOUR }} />;
  return <RadioButtonUncheckedIcon aria-hidden sx={{ ...sx, color: 'text.secondary' }} />;
}

/** '2026-03-12 (Dest. ETA)': the day never breaks at its hyphens when a phone's column is narrow. */
function DayOf({ at, field }: { at: string; field: string }) {
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(at)}
      </Box>{' '}
      ({field})
    </>
  );
}

function ActualDay({ actual, isReached }: Milestone) {
  if (actual) return <DayOf {...actual} />;
  return isReached ? 'not recorded' : 'not yet';
}

function Step({ milestone }: { milestone: Milestone }) {
  const { planned, isCurrent, lateByDays } = milestone;
  return (
    <Box
      component="li"
      aria-current={isCurrent ? 'step' : undefined}
      sx={{
        display: 'flex',
        gap: { xs: 0.5, sm: 1 },
        p: { xs: 0.75, sm: 1 },
        borderRadius: 1,
        border: 2,
        // The current step is framed (shape, not only colour) and named 'Now'.
        borderColor: isCurrent ? 'primary.main' : 'transparent',
        bgcolor: isCurrent ? 'action.selected' : undefined,
        minWidth: 0,
      }}
    >
      <StepIcon milestone={milestone} />
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700 }}>
            {milestone.label}
          </Typography>
          {isCurrent ? <Chip label="Now" size="small" color="primary" sx={{ height: 20 }} /> : null}
        </Stack>
        {/* Booked has no planned day: the product holds no booking date beyond the record's creation. */}
        {milestone.key === 'booked' ? null : (
          <Typography variant="body2" color="text.secondary">
            Planned: {planned ? <DayOf {...planned} /> : 'none'}
          </Typography>
        )}
        <Typography variant="body2">
          Actual: <ActualDay {...milestone} />
        </Typography>
        {lateByDays !== null ? (
          <Typography variant="body2" sx={{ color: LATE_COLOUR, fontWeight: 700 }}>
            {lateText(lateByDays)}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

type MilestoneStripProps = {
  milestones: readonly Milestone[];
  mode: string;
  /** Left out where the page has no Trans to show (a purchase order's shipments). */
  trans?: string;
  /** The strip's heading level: h2 at the top of a page, lower inside a section. */
  headingComponent?: 'h2' | 'h3' | 'h4';
};

/** The four steps and the Mode, drawn: a row at desktop widths, two by two on a phone. */
export function MilestoneStrip({ milestones, mode, trans, headingComponent = 'h2' }: MilestoneStripProps) {
  return (
    <Paper component="section" variant="outlined" aria-label="Milestones" sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 1, alignItems: 'baseline' }}>
        <Typography variant="subtitle2" component={headingComponent}>
          Milestones
        </Typography>
        <Typography variant="body2">
          Mode: <strong>{mode || 'not set'}</strong>
        </Typography>
        {trans === undefined ? null : (
          <Typography variant="body2">
            Trans: <strong>{trans || 'not set'}</strong>
          </Typography>
        )}
      </Stack>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {milestones.map((milestone) => (
          <Step key={milestone.key} milestone={milestone} />
        ))}
      </Box>
    </Paper>
  );
}

type ShipmentMilestonesProps = {
  shipmentNumber: string;
  /** The shipment when the page has it already (the shipment page); read otherwise. */
  shipment?: Shipment;
};

/**
 * The strip at the top of the shipment and line-item pages, from the shipment's stored dates; its
 * creation (Booked) comes from its history, which the History tab reads too.
 */
export function ShipmentMilestones({ shipmentNumber, shipment: given }: ShipmentMilestonesProps) {
  const read = useQuery({ ...shipmentQuery(shipmentNumber), enabled: given === undefined });
  const history = useQuery(shipmentHistoryQuery(shipmentNumber));
  const shipment = given ?? read.data;
  if (!shipment) return null;
  const milestones = milestonesOf({ ...shipment, createdAt: history.data?.createdAt ?? null }, new Date());
  return <MilestoneStrip milestones={milestones} mode={shipment.Mode} trans={shipment.Trans} />;
}
