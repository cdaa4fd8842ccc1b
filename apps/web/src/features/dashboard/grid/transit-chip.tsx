import { Chip } from '@mui/material';
import { TRANSIT_TYPE_OTHER, TRANSIT_TYPES } from '@quayside/domain/constants';

type TransitType = (typeof TRANSIT_TYPES)[number];

/** SPEC.md §9: SEA blue, AIR purple, COU amber, ROA green (dark text on a light tint, for contrast). */
const TRANSIT_COLOURS: Record<TransitType, { color: string; bgcolor: string }> = {
  SEA: { color: '#0d47a1', bgcolor: '#e3f2fd' },
  AIR: { color: '#6a1b9a', bgcolor: '#f3e5f5' },
  COU: { color: '#7a4500', bgcolor: '#ffecb3' },
  ROA: { color: '#1b5e20', bgcolor: '#e8f5e9' },
};

const isColoured = (value: string): value is TransitType => (TRANSIT_TYPES as readonly string[]).includes(value);

/** The transit type as a coloured chip; any other value reads N/A. */
export function TransitChip({ transitType }: { transitType: string }) {
  if (!isColoured(transitType)) return <Chip size="small" variant="outlined" label={TRANSIT_TYPE_OTHER} />;
  return <Chip size="small" label={transitType} sx={{ fontWeight: 600, ...TRANSIT_COLOURS[transitType] }} />;
}
