import { Button } from '@mui/material';
import { isClosedStatus, type PurchaseOrderDetail } from '@quayside/domain/purchase-orders';
import { useState } from 'react';
import { ConfirmPoDialog } from './confirm-po-dialog.tsx';
import { ProposeChangesDialog } from './propose-changes-dialog.tsx';

/**
 * A supplier's answers to an open PO: confirm it while it awaits confirmation, or propose changes
 * unless a proposal already waits for a decision (one waits at a time).
 */
export function SupplierAnswers({ po }: { po: PurchaseOrderDetail }) {
  const [open, setOpen] = useState<'confirm' | 'propose' | null>(null);
  if (isClosedStatus(po.status)) return null;
  const close = () => setOpen(null);
  return (
    <>
      {po.confirmation === 'awaiting' ? (
        <Button variant="contained" onClick={() => setOpen('confirm')}>
          Confirm purchase order
        </Button>
      ) : null}
      {po.confirmation === 'proposed' ? null : (
        <Button variant="outlined" onClick={() => setOpen('propose')}>
          Propose changes
        </Button>
      )}
      {open === 'confirm' ? <ConfirmPoDialog poNumber={po.po_number} onClose={close} /> : null}
      {open === 'propose' ? <ProposeChangesDialog po={po} onClose={close} /> : null}
    </>
  );
}
