import { Link, Paper, Stack, Typography } from '@mui/material';
import { milestonesOf } from '@quayside/domain/milestones';
import { type PurchaseOrderDetail, RECEIPT_REASON_LABELS } from '@quayside/domain/purchase-orders';
import { Link as RouterLink } from 'react-router';
import { MilestoneStrip } from '../../components/milestone-strip.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { paths } from '../../lib/navigation.ts';
import { canOpenShipments } from '../../lib/permissions.ts';
import { useProfile } from '../../lib/profile.tsx';
import { formatQuantity } from './po-columns.ts';

type Shipment = PurchaseOrderDetail['shipments'][number];
type Part = Shipment['parts'][number];

function receivedText(part: Part) {
  if (part.received_qty === null) return 'not received yet';
  const reason = part.reason ? ` (${RECEIPT_REASON_LABELS[part.reason]})` : '';
  return `${formatQuantity(part.received_qty)} received${reason}`;
}

function ShipmentCard({ shipment }: { shipment: Shipment }) {
  const mayOpen = canOpenShipments(useProfile().profile?.role);
  // The PO's answer carries the shipment's dates, not when it was entered: Booked shows no day.
  const milestones = milestonesOf(
    {
      createdAt: null,
      ETD: shipment.etd,
      'Origin ETD': null,
      ATD: shipment.atd,
      'Dest. ETA': shipment.dest_eta,
      ATA: shipment.ata,
      'Est Delivery': shipment.est_delivery,
      'Act Delivery': shipment.act_delivery,
    },
    new Date(),
  );
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {mayOpen ? (
              <Link component={RouterLink} to={paths.shipment(shipment.shipment)}>
                {`Shipment ${shipment.shipment}`}
              </Link>
            ) : (
              `Shipment ${shipment.shipment}`
            )}
          </Typography>
          {shipment.forwarder_name ? (
            <Typography variant="body2" color="text.secondary">
              {shipment.forwarder_name}
            </Typography>
          ) : null}
        </Stack>
        <MilestoneStrip milestones={milestones} mode={shipment.mode} headingComponent="h4" />
        <Stack component="ul" aria-label={`Carried on ${shipment.shipment}`} sx={{ m: 0, pl: 2.5 }}>
          {shipment.parts.map((part) => (
            <Typography component="li" variant="body2" key={part.sku}>
              {`${part.sku}: ${part.qty === null ? 'quantity not given' : `${formatQuantity(part.qty)} carried`}, ${receivedText(part)}`}
            </Typography>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The shipments carrying the PO, each with its milestones and what it carries of the PO. */
export function PoShipments({ po }: { po: PurchaseOrderDetail }) {
  return (
    <Stack component="section" aria-labelledby="po-shipments" spacing={1.5}>
      <Typography id="po-shipments" variant="h6" component="h2">
        Shipments
      </Typography>
      {po.shipments.length === 0 ? (
        <Typography color="text.secondary">No shipment carries this purchase order yet.</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {po.shipments.map((shipment) => (
            <ShipmentCard key={shipment.shipment} shipment={shipment} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const SOURCE_LABELS: Record<string, string> = { screen: 'on screen', import: 'by import', api: 'by API', system: '' };

/** Amendments, receipts and closing, newest first. */
export function PoHistory({ po }: { po: PurchaseOrderDetail }) {
  return (
    <Stack component="section" aria-labelledby="po-history" spacing={1.5}>
      <Typography id="po-history" variant="h6" component="h2">
        History
      </Typography>
      {po.history.length === 0 ? (
        <Typography color="text.secondary">Nothing recorded yet.</Typography>
      ) : (
        <Paper variant="outlined" component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {po.history.map((entry, index) => (
            <Stack
              component="li"
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and the list is read whole
              key={index}
              spacing={0.25}
              sx={{ px: 1.5, py: 1, borderTop: index === 0 ? 0 : 1, borderColor: 'divider' }}
            >
              <Typography variant="body2">{entry.summary}</Typography>
              <Typography variant="caption" color="text.secondary">
                {[formatDateTime(entry.at), entry.actor ?? 'System', SOURCE_LABELS[entry.source] ?? entry.source]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Stack>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
