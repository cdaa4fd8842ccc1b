import { Box, Stack } from '@mui/material';
import { formatQuantity } from './po-columns.ts';

// A PO line's quantities drawn as one bar (received, then shipped and not yet received, then
// booked, against what was ordered), and written out beside it: the figures are the information,
// the bar only their picture, so it is hidden from screen readers and each colour is named in words.

/** Colours at 3:1 or more against the track and each other's neighbours. */
const SEGMENT_COLOURS = { received: '#1b5e20', shipped: '#1565c0', booked: '#90caf9' } as const;
const TRACK_COLOUR = '#e0e0e0';

export type QuantityFigures = {
  /** null for a Forwarder: what was ordered is not theirs to see. */
  ordered: number | null;
  booked: number;
  shipped: number;
  arrived: number;
  received: number;
  open: number | null;
  overShipped: number | null;
  short: number;
};

function Bar({ figures }: { figures: QuantityFigures }) {
  const { ordered, booked, shipped, received } = figures;
  const shippedOnly = Math.max(shipped - received, 0);
  const scale = Math.max(ordered ?? 0, received + shippedOnly + booked, 1);
  const segments = [
    { key: 'received', value: received, colour: SEGMENT_COLOURS.received },
    { key: 'shipped', value: shippedOnly, colour: SEGMENT_COLOURS.shipped },
    { key: 'booked', value: booked, colour: SEGMENT_COLOURS.booked },
  ];
  return (
    <Box
      aria-hidden
      sx={{ display: 'flex', height: 12, borderRadius: 1, overflow: 'hidden', bgcolor: TRACK_COLOUR, width: '100%' }}
    >
      {segments.map((segment) =>
        segment.value > 0 ? (
          <Box key={segment.key} sx={{ width: `${(segment.value / scale) * 100}%`, bgcolor: segment.colour }} />
        ) : null,
      )}
    </Box>
  );
}

function Swatch({ colour }: { colour: string | null }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 10,
        height: 10,
        mr: 0.5,
        borderRadius: 0.5,
        bgcolor: colour ?? 'transparent',
        border: colour ? 'none' : `1px solid #757575`,
      }}
    />
  );
}

/** The figures in words, each once, only those the answer holds ('Ordered' is absent for a Forwarder). */
export function figureList(figures: QuantityFigures): { label: string; value: number; colour: string | null }[] {
  const list: { label: string; value: number | null; colour: string | null }[] = [
    { label: 'Ordered', value: figures.ordered, colour: TRACK_COLOUR },
    { label: 'Booked', value: figures.booked, colour: SEGMENT_COLOURS.booked },
    { label: 'Shipped', value: figures.shipped, colour: SEGMENT_COLOURS.shipped },
    { label: 'Arrived', value: figures.arrived, colour: null },
    { label: 'Received', value: figures.received, colour: SEGMENT_COLOURS.received },
    { label: 'Open', value: figures.open, colour: null },
  ];
  // What went wrong only when it did.
  if (figures.overShipped) list.push({ label: 'Over-shipped', value: figures.overShipped, colour: null });
  if (figures.short > 0) list.push({ label: 'Short', value: figures.short, colour: null });
  return list.filter(
    (figure): figure is { label: string; value: number; colour: string | null } => figure.value !== null,
  );
}

export function QuantityBar({ figures, label }: { figures: QuantityFigures; label: string }) {
  return (
    <Stack spacing={0.75}>
      <Bar figures={figures} />
      <Stack
        component="ul"
        aria-label={label}
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ listStyle: 'none', m: 0, p: 0, flexWrap: 'wrap', typography: 'body2' }}
      >
        {figureList(figures).map((figure) => (
          <Box component="li" key={figure.label} sx={{ display: 'inline-flex', alignItems: 'center' }}>
            <Swatch colour={figure.colour} />
            {figure.label} <strong style={{ marginLeft: 4 }}>{formatQuantity(figure.value)}</strong>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
