import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import {
  NOTHING_TO_RECEIVE,
  RECEIPT_REASON_LABELS,
  RECEIPT_REASONS,
  RECEIPT_RECORDED,
} from '@quayside/domain/purchase-orders';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast.tsx';
import { failureMessage } from '../../lib/api.ts';
import { PHONE_QUERY } from '../../lib/screen-width.ts';
import {
  initialValues,
  type ReceiptRowValues,
  type ReceivableLine,
  receiptLines,
  rowErrors,
  rowKey,
} from './receipt-form.ts';
import { receiptQuery, useReceiveShipment } from './receipts-api.ts';

const LOAD_FAILED = 'Failed to load what this shipment carries. Please try again.';
const SAVE_FAILED = 'Failed to record the receipt. Please try again.';

function ReceiptRow({
  line,
  values,
  onChange,
}: {
  line: ReceivableLine;
  values: ReceiptRowValues;
  onChange: (values: ReceiptRowValues) => void;
}) {
  const errors = rowErrors(line, values);
  return (
    <Box
      component="li"
      aria-label={`${line.po_number} ${line.sku}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) 120px 180px minmax(0, 1fr)' },
        gap: 1.5,
        alignItems: 'start',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="h4" sx={{ overflowWrap: 'anywhere' }}>
          {line.sku}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {`Shipped ${line.shipped_qty}`}
        </Typography>
        {line.on_po ? null : (
          <Typography variant="body2" color="warning.dark">
            Not ordered on this PO
          </Typography>
        )}
      </Box>
      <TextField
        size="small"
        // Seen beside its SKU; heard with it.
        label="Received"
        type="number"
        value={values.quantity}
        onChange={(event) => onChange({ ...values, quantity: event.target.value })}
        error={errors.quantity !== undefined}
        helperText={errors.quantity}
        slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric', 'aria-label': `Received ${line.sku}` } }}
      />
      <TextField
        select
        size="small"
        label="Reason"
        value={values.reason}
        onChange={(event) => onChange({ ...values, reason: event.target.value as ReceiptRowValues['reason'] })}
        error={errors.reason !== undefined}
        helperText={errors.reason}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'aria-label': `Reason for ${line.sku}` },
        }}
      >
        <option value="">No difference</option>
        {RECEIPT_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {RECEIPT_REASON_LABELS[reason]}
          </option>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Note"
        value={values.note}
        onChange={(event) => onChange({ ...values, note: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 1000, 'aria-label': `Note for ${line.sku}` } }}
      />
    </Box>
  );
}

function ReceiptForm({
  shipmentNumber,
  lines,
  onClose,
}: {
  shipmentNumber: string;
  lines: readonly ReceivableLine[];
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => initialValues(lines));
  const receive = useReceiveShipment(shipmentNumber);
  const { notify } = useToast();
  const isValid = lines.every(
    (line) => Object.keys(rowErrors(line, values[rowKey(line)] as ReceiptRowValues)).length === 0,
  );
  const poNumbers = [...new Set(lines.map((line) => line.po_number))];
  const submit = () => {
    if (!isValid || receive.isPending) return;
    receive.mutate(receiptLines(lines, values), {
      onSuccess: () => {
        notify({ type: 'success', message: RECEIPT_RECORDED });
        onClose();
      },
    });
  };
  return (
    <>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          The quantity received of each SKU starts at what the shipment carried; a different quantity needs a reason.
        </Typography>
        {poNumbers.map((po) => (
          <Box component="section" key={po} aria-label={`PO ${po}`} sx={{ mt: 2 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {`PO ${po}`}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {lines
                .filter((line) => line.po_number === po)
                .map((line) => (
                  <ReceiptRow
                    key={rowKey(line)}
                    line={line}
                    values={values[rowKey(line)] as ReceiptRowValues}
                    onChange={(next) => setValues((current) => ({ ...current, [rowKey(line)]: next }))}
                  />
                ))}
            </Box>
          </Box>
        ))}
        {receive.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failureMessage(receive.error, SAVE_FAILED)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={receive.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={!isValid || receive.isPending}>
          {receive.isPending ? 'Saving...' : 'Save receipt'}
        </Button>
      </DialogActions>
    </>
  );
}

/** 'Receive' (Admin): what arrived of the shipment, per PO and SKU. */
export function ReceiveDialog({ shipmentNumber, onClose }: { shipmentNumber: string; onClose: () => void }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const receipt = useQuery(receiptQuery(shipmentNumber));
  const lines = receipt.data?.lines;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={isPhone}>
      <DialogTitle>{`Receive ${shipmentNumber}`}</DialogTitle>
      {lines !== undefined && lines.length > 0 ? (
        // Starts from the first answer: a refetch while the dialog is open does not undo what was typed.
        <ReceiptForm shipmentNumber={shipmentNumber} lines={lines} onClose={onClose} />
      ) : (
        <>
          <DialogContent>
            {receipt.isPending ? (
              <Stack sx={{ alignItems: 'center', py: 4 }}>
                <CircularProgress aria-label="Loading what the shipment carries" />
              </Stack>
            ) : receipt.isError ? (
              <Alert severity="error">{failureMessage(receipt.error, LOAD_FAILED)}</Alert>
            ) : (
              <Typography>{NOTHING_TO_RECEIVE}</Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
