import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import {
  isClosedStatus,
  PO_NOT_FOUND,
  PO_STATUS_LABELS,
  type PurchaseOrderDetail,
} from '@quayside/domain/purchase-orders';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Conversation } from '../../components/conversation/conversation.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { formatDate } from '../../lib/date-time.ts';
import { paths } from '../../lib/navigation.ts';
import { canAnswerPurchaseOrders, canDecideProposals, canWritePurchaseOrders } from '../../lib/permissions.ts';
import { useProfile } from '../../lib/profile.tsx';
import { purchaseOrderQuery } from '../../lib/purchase-order-query.ts';
import { PendingProposal } from './pending-proposal.tsx';
import { ConfirmationChip, PoExceptionBadges, PoStatusChip } from './po-badges.tsx';
import { PoBookings } from './po-bookings.tsx';
import { SupplierAnswers } from './po-confirmation.tsx';
import { PoLines, UnknownSkus } from './po-lines.tsx';
import { PoProposals } from './po-proposals.tsx';
import { PoHistory, PoShipments } from './po-shipments.tsx';
import { ShortCloseDialog } from './short-close-dialog.tsx';

const LOAD_FAILED = 'Failed to load the purchase order. Please try again.';

function PoNotFound() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        {PO_NOT_FOUND}
      </Typography>
      <Button variant="contained" component={RouterLink} to={paths.purchaseOrders}>
        Back to Purchase Orders
      </Button>
    </Stack>
  );
}

/** The header's facts; an empty one shows —. */
function Facts({ po }: { po: PurchaseOrderDetail }) {
  const facts: { label: string; value: ReactNode }[] = [
    { label: 'Supplier', value: po.supplier },
    { label: 'Order date', value: formatDate(po.order_date) },
    { label: 'Cargo-ready', value: formatDate(po.cargo_ready_date) },
    { label: 'Requested delivery', value: formatDate(po.requested_delivery_date) },
    { label: 'Incoterm', value: po.incoterm },
    { label: 'Currency', value: po.currency },
    { label: 'Status', value: PO_STATUS_LABELS[po.status] },
  ];
  if (po.short_closed_reason) facts.push({ label: 'Short-closed because', value: po.short_closed_reason });
  if (po.notes) facts.push({ label: 'Notes', value: <Box sx={{ whiteSpace: 'pre-wrap' }}>{po.notes}</Box> });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box
        component="dl"
        aria-label="Purchase order facts"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', md: 'repeat(2, auto minmax(0, 1fr))' },
          columnGap: 2,
          rowGap: 0.75,
          m: 0,
        }}
      >
        {facts.map((fact) => (
          <Box key={fact.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {fact.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {fact.value || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

function PurchaseOrderView({ po }: { po: PurchaseOrderDetail }) {
  const { profile } = useProfile();
  const [isClosing, setIsClosing] = useState(false);
  const role = profile?.role;
  const mayShortClose = canWritePurchaseOrders(role) && !isClosedStatus(po.status);
  const pending = isClosedStatus(po.status)
    ? undefined
    : po.proposals.find((proposal) => proposal.status === 'pending');
  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h1">
            Purchase order:{' '}
            {/* The number wraps onto the next line whole, breaking inside only when longer than a line. */}
            <Box component="span" sx={{ display: 'inline-block', overflowWrap: 'anywhere' }}>
              {po.po_number}
            </Box>
          </Typography>
          <PoStatusChip status={po.status} />
          <ConfirmationChip confirmation={po.confirmation} />
          <PoExceptionBadges exceptions={po.exceptions} />
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
          {canAnswerPurchaseOrders(role) ? <SupplierAnswers po={po} /> : null}
          {mayShortClose ? (
            <Button variant="outlined" color="error" onClick={() => setIsClosing(true)}>
              Short-close
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {pending && canDecideProposals(role) ? <PendingProposal poNumber={po.po_number} proposal={pending} /> : null}
      <Facts po={po} />
      <PoLines po={po} />
      <UnknownSkus po={po} />
      <PoBookings po={po} />
      <PoShipments po={po} />
      <PoProposals po={po} />
      <PoHistory po={po} />
      <Conversation record="purchase_order" recordKey={po.po_number} />
      {isClosing ? <ShortCloseDialog poNumber={po.po_number} onClose={() => setIsClosing(false)} /> : null}
    </Stack>
  );
}

/** `/purchase-orders/:id`: one PO by its number, as far as the user may see it. */
export function PurchaseOrderPage() {
  const { id = '' } = useParams();
  const po = useQuery(purchaseOrderQuery(id));
  if (po.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
        <CircularProgress aria-label="Loading purchase order" />
      </Box>
    );
  }
  if (po.data === undefined) return <RetryAlert onRetry={() => void po.refetch()}>{LOAD_FAILED}</RetryAlert>;
  if (po.data === null) return <PoNotFound />;
  return <PurchaseOrderView po={po.data} />;
}
