import { Chip } from '@mui/material';
import { TRANSIT_COLOURS, TRANSIT_TYPE_OTHER, TRANSIT_TYPES } from '@quayside/domain/constants';

type TransitType = (typeof TRANSIT_TYPES)[number];

const isColoured = (value: string): value is TransitType => (TRANSIT_TYPES as readonly string[]).includes(value);

/** The transit type as a coloured chip (TRANSIT_COLOURS); any other value reads N/A. */
export function TransitChip({ transitType }: { transitType: string }) {
  if (!isColoured(transitType)) return <Chip size="small" variant="outlined" label={TRANSIT_TYPE_OTHER} />;
  return <Chip size="small" label={transitType} sx={{ fontWeight: 600, ...TRANSIT_COLOURS[transitType] }} />;
}
