import { Box, Paper, Stack, Typography } from '@mui/material';
import type { PurchaseOrderDetail } from '@quayside/domain/purchase-orders';
import { formatDate } from '../../lib/date-time.ts';
import { QuantityBar } from './quantity-bar.tsx';

type Detail = PurchaseOrderDetail;

const figuresOf = (line: Detail['purchaseOrderLines'][number]) => ({
  ordered: line.ordered_qty,
  booked: line.booked_qty,
  shipped: line.shipped_qty,
  arrived: line.arrived_qty,
  received: line.received_qty,
  open: line.open_qty,
  overShipped: line.over_shipped_qty,
  short: line.short_qty,
});

/** What a line says beside its figures, only what it holds: no price for a Forwarder, no date when none. */
function lineFacts(line: Detail['purchaseOrderLines'][number], currency: string) {
  const facts: string[] = [];
  if (line.unit) facts.push(`Unit: ${line.unit}`);
  if (line.unit_price !== null) facts.push(`Unit price: ${line.unit_price}${currency ? ` ${currency}` : ''}`);
  if (line.requested_date) facts.push(`Requested: ${formatDate(line.requested_date)}`);
  return facts;
}

/** When the line is ready: its deliveries when split, else its cargo-ready date (its own or the PO's). */
function readyText(line: Detail['purchaseOrderLines'][number]) {
  if (line.deliveries)
    return `Deliveries: ${line.deliveries.map((delivery) => `${delivery.qty} ready ${formatDate(delivery.cargo_ready_date)}`).join(', ')}`;
  return line.cargo_ready_date ? `Cargo-ready: ${formatDate(line.cargo_ready_date)}` : null;
}

/** Each line with its quantity bar: ordered / booked / shipped / received, in words too. */
export function PoLines({ po }: { po: Detail }) {
  return (
    <Stack component="section" aria-labelledby="po-lines" spacing={1.5}>
      <Typography id="po-lines" variant="h6" component="h2">
        Lines
      </Typography>
      {po.purchaseOrderLines.length === 0 ? (
        <Typography color="text.secondary">No lines to show.</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {po.purchaseOrderLines.map((line) => {
            const name = `Line ${line.line_number}: ${line.sku}`;
            const ready = readyText(line);
            return (
              <Paper component="li" key={line.line_number} variant="outlined" aria-label={name} sx={{ p: 1.5 }}>
                <Stack spacing={1}>
                  <Box>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {name}
                    </Typography>
                    {line.description ? <Typography variant="body2">{line.description}</Typography> : null}
                    <Typography variant="body2" color="text.secondary">
                      {lineFacts(line, po.currency).join(' · ')}
                    </Typography>
                    {ready ? (
                      <Typography variant="body2" color="text.secondary">
                        {ready}
                      </Typography>
                    ) : null}
                  </Box>
                  <QuantityBar figures={figuresOf(line)} label={`Quantities of line ${line.line_number}`} />
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

/** Parts shipped under the PO for SKUs it does not order. */
export function UnknownSkus({ po }: { po: Detail }) {
  if (po.unknownSkus.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="po-unknown-skus" spacing={1.5}>
      <Typography id="po-unknown-skus" variant="h6" component="h2">
        Shipped but not ordered
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Parts carried under this PO number for SKUs it does not order.
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {po.unknownSkus.map((unknown) => (
          <Paper component="li" key={unknown.sku} variant="outlined" aria-label={unknown.sku} sx={{ p: 1.5 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {unknown.sku}
            </Typography>
            <QuantityBar
              label={`Quantities of ${unknown.sku}`}
              figures={{
                ordered: null,
                booked: unknown.booked_qty,
                shipped: unknown.shipped_qty,
                arrived: unknown.arrived_qty,
                received: unknown.received_qty,
                open: null,
                overShipped: null,
                short: unknown.short_qty,
              }}
            />
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
