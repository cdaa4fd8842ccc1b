import { Box, Typography } from '@mui/material';
import {
  EXCEPTION_KINDS,
  EXCEPTION_SEVERITIES,
  EXCEPTION_SEVERITY,
  type ExceptionFacts,
  type ExceptionKind,
  SEVERITY_COLOURS,
} from '@quayside/domain/exceptions';
import { decodeRows } from '@quayside/domain/line-item-row';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { lineItemKeys } from '../../lib/query-keys.ts';
import { ExceptionBadge } from './exception-badges.tsx';

/**
 * What needs attention about a line item or shipment, at the top of its page: the same badges as
 * the dashboard's row ('Late arrival · 6 d', 'Missing: Bill of Lading'), edged in the colour of the
 * most severe. Nothing shows while nothing needs attention.
 */
export function ExceptionBanner({
  exceptions,
  facts,
}: {
  exceptions: readonly ExceptionKind[] | undefined;
  facts: ExceptionFacts | undefined;
}) {
  if (!exceptions || exceptions.length === 0) return null;
  const worst = EXCEPTION_SEVERITIES.find((severity) =>
    exceptions.some((kind) => EXCEPTION_SEVERITY[kind] === severity),
  );
  return (
    <Box
      component="section"
      aria-labelledby="needs-attention-banner"
      sx={{
        border: 1,
        borderLeftWidth: 4,
        borderColor: SEVERITY_COLOURS[worst ?? 'low'].borderColor,
        borderRadius: 1,
        px: 2,
        py: 1.25,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
      }}
    >
      <Typography id="needs-attention-banner" variant="subtitle2" component="h2">
        Needs attention
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {exceptions.map((kind) => (
          <li key={kind}>
            <ExceptionBadge kind={kind} facts={facts} />
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The banner of a shipment's page. Exceptions are decided per shipment, so any of its line items
 * the user sees carries them: one small rows answer of those with any exception (no columns beyond
 * the row's marks and the facts that asking for exceptions brings); none, no banner.
 */
export function ShipmentExceptionBanner({ shipmentNumber }: { shipmentNumber: string }) {
  const { data } = useQuery({
    queryKey: lineItemKeys.shipmentExceptions(shipmentNumber),
    queryFn: async ({ signal }) => {
      const filters = JSON.stringify([{ column: 'related_shipment', operator: 'equals', value: shipmentNumber }]);
      const answer = await call('listLineItemRows', {
        query: { filters, pageSize: 25, columns: 'related_shipment', exception: EXCEPTION_KINDS.join(',') },
        signal,
      });
      // 'equals' ignores the case of ASCII letters: only this exact shipment's line items count.
      return decodeRows(answer).find((row) => row.related_shipment === shipmentNumber) ?? null;
    },
  });
  return <ExceptionBanner exceptions={data?.exceptions} facts={data?.exception_facts} />;
}
