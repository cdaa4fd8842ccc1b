import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { partKeys } from '../../lib/query-keys.ts';

// Apart from parts-api.ts, whose writes name the domain's parts contracts (zod): the dashboard's
// parts popover reads a line item's parts without loading them.

type LineItemRef = { po: string; shipment: string };

/** `listParts`: one line item's parts, in the order added. */
export const partsQuery = (lineItem: LineItemRef) =>
  queryOptions({
    queryKey: partKeys.list(lineItem),
    queryFn: async ({ signal }) => (await call('listParts', { query: { ...lineItem }, signal })).parts,
  });
