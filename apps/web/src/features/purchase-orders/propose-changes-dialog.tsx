import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { MAX_DELIVERIES, MAX_PROPOSAL_NOTE } from '@quayside/domain/confirmations';
import type { PurchaseOrderDetail } from '@quayside/domain/purchase-orders';
import { type FormEvent, useState } from 'react';
import { useToast } from '../../components/toast.tsx';
import { failureMessage } from '../../lib/api.ts';
import { useProposeChanges } from './confirmations-api.ts';
import { type DeliveryDraft, deliveryDraft, draftOf, type LineDraft, proposalOf, splitOf } from './proposal-form.ts';

const PROPOSE_FAILED = 'Failed to send the proposal. Please try again.';

const DATE_FIELD = { inputLabel: { shrink: true } } as const;

type LineFieldsProps = { line: LineDraft; disabled: boolean; onChange: (line: LineDraft) => void };

/** One delivery of a split line: its quantity and the day it is ready. */
function DeliveryFields({
  delivery,
  index,
  mayRemove,
  disabled,
  onChange,
  onRemove,
}: {
  delivery: DeliveryDraft;
  index: number;
  mayRemove: boolean;
  disabled: boolean;
  onChange: (delivery: DeliveryDraft) => void;
  onRemove: () => void;
}) {
  const name = `Delivery ${index + 1}`;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        type="number"
        label={`${name} quantity`}
        value={delivery.qty}
        onChange={(event) => onChange({ ...delivery, qty: event.target.value })}
        disabled={disabled}
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
        sx={{ width: 180 }}
      />
      <TextField
        size="small"
        type="date"
        label={`${name} cargo-ready date`}
        value={delivery.date}
        onChange={(event) => onChange({ ...delivery, date: event.target.value })}
        disabled={disabled}
        slotProps={DATE_FIELD}
        sx={{ width: 220 }}
      />
      {mayRemove ? (
        <IconButton aria-label={`Remove delivery ${index + 1}`} onClick={onRemove} disabled={disabled}>
          <DeleteIcon />
        </IconButton>
      ) : null}
    </Stack>
  );
}

/** A line's quantity and cargo-ready date, or its deliveries once split. */
function LineFields({ line, disabled, onChange }: LineFieldsProps) {
  const deliveries = line.deliveries;
  const setDelivery = (index: number, delivery: DeliveryDraft) =>
    deliveries && onChange({ ...line, deliveries: deliveries.map((each, at) => (at === index ? delivery : each)) });
  const total = deliveries?.reduce((sum, delivery) => sum + (Number(delivery.qty) || 0), 0);
  return (
    <Paper component="fieldset" variant="outlined" sx={{ m: 0, p: 1.5, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5, overflowWrap: 'anywhere' }}>
        {`Line ${line.line_number}: ${line.sku}`}
      </Typography>
      {deliveries ? (
        <Stack spacing={1.5}>
          {deliveries.map((delivery, index) => (
            <DeliveryFields
              key={delivery.key}
              delivery={delivery}
              index={index}
              // A split has two deliveries at least: joining it again is 'Do not split'.
              mayRemove={deliveries.length > 2}
              disabled={disabled}
              onChange={(next) => setDelivery(index, next)}
              onRemove={() => onChange({ ...line, deliveries: deliveries.filter((_, at) => at !== index) })}
            />
          ))}
          <Typography variant="body2" color="text.secondary">{`Total: ${total}`}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              size="small"
              startIcon={<AddIcon />}
              disabled={disabled || deliveries.length >= MAX_DELIVERIES}
              onClick={() => onChange({ ...line, deliveries: [...deliveries, deliveryDraft()] })}
            >
              Add delivery
            </Button>
            <Button size="small" disabled={disabled} onClick={() => onChange({ ...line, deliveries: null })}>
              Do not split
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            type="number"
            label="Quantity"
            value={line.qty}
            onChange={(event) => onChange({ ...line, qty: event.target.value })}
            disabled={disabled}
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
            sx={{ width: 140 }}
          />
          <TextField
            size="small"
            type="date"
            label="Cargo-ready date"
            value={line.date}
            onChange={(event) => onChange({ ...line, date: event.target.value })}
            disabled={disabled}
            slotProps={DATE_FIELD}
            sx={{ width: 200 }}
          />
          <Button size="small" disabled={disabled} onClick={() => onChange(splitOf(line))}>
            Split into deliveries
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The supplier proposes changes: the PO's cargo-ready date, and per line a quantity and a
 * cargo-ready date or a split into deliveries. Only what changed is sent. Mounted only while open.
 */
export function ProposeChangesDialog({ po, onClose }: { po: PurchaseOrderDetail; onClose: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(po));
  const [problem, setProblem] = useState<string | null>(null);
  const propose = useProposeChanges(po.po_number);
  const { notify } = useToast();
  const setLine = (next: LineDraft) =>
    setDraft((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.line_number === next.line_number ? next : line)),
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (propose.isPending) return;
    const outcome = proposalOf(po, draft);
    if ('problem' in outcome) {
      setProblem(outcome.problem);
      return;
    }
    setProblem(null);
    propose.mutate(outcome.value, {
      onSuccess: (answer) => {
        notify({ type: 'success', message: answer.message });
        onClose();
      },
    });
  };

  const failure = problem ?? (propose.isError ? failureMessage(propose.error, PROPOSE_FAILED) : null);
  return (
    <Dialog open onClose={propose.isPending ? undefined : onClose} fullWidth maxWidth="md">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle>{`Propose changes to ${po.po_number}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              Change what differs from what you can supply. The buyer approves or rejects the proposal as a whole; until
              then the purchase order stays as it is.
            </DialogContentText>
            <TextField
              size="small"
              type="date"
              label="Purchase order cargo-ready date"
              value={draft.cargoReadyDate}
              onChange={(event) => setDraft({ ...draft, cargoReadyDate: event.target.value })}
              disabled={propose.isPending}
              helperText="Lines without a date of their own are ready on this day."
              slotProps={DATE_FIELD}
              sx={{ maxWidth: 320 }}
            />
            {draft.lines.map((line) => (
              <LineFields key={line.line_number} line={line} disabled={propose.isPending} onChange={setLine} />
            ))}
            <TextField
              label="Note"
              multiline
              minRows={2}
              value={draft.note}
              onChange={(event) => setDraft({ ...draft, note: event.target.value })}
              disabled={propose.isPending}
              helperText="Why these changes, for the buyer (optional)"
              slotProps={{ htmlInput: { maxLength: MAX_PROPOSAL_NOTE } }}
            />
            {failure ? <Alert severity="error">{failure}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={propose.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={propose.isPending}>
            {propose.isPending ? 'Sending...' : 'Send proposal'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
