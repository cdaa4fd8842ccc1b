import { Chip } from '@mui/material';
import { isColouredTransit, TRANSIT_COLOURS, TRANSIT_TYPE_OTHER } from '@quayside/domain/constants';

/** The transit type as a coloured chip (TRANSIT_COLOURS); any other value reads N/A. */
export function TransitChip({ transitType }: { transitType: string }) {
  if (!isColouredTransit(transitType)) return <Chip size="small" variant="outlined" label={TRANSIT_TYPE_OTHER} />;
  return <Chip size="small" label={transitType} sx={{ fontWeight: 600, ...TRANSIT_COLOURS[transitType] }} />;
}
