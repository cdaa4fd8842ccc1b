import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { CarrierEventReviewItem } from '@quayside/domain/carrier-events';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { useToast } from '../../components/toast.tsx';
import { failureMessage } from '../../lib/api.ts';
import { formatAsSent } from '../../lib/date-time.ts';
import { carrierEventReviewQuery, useAttachCarrierEvent, useDismissCarrierEvent } from './carrier-events-api.ts';

/** The shipment an event belongs to, typed, or chosen among those it matched. Mounted only while open. */
function AttachDialog({ item, onClose }: { item: CarrierEventReviewItem; onClose: () => void }) {
  const [shipment, setShipment] = useState('');
  const attach = useAttachCarrierEvent();
  const { notify } = useToast();
  const isValid = shipment.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || attach.isPending) return;
    attach.mutate(
      { id: item.id, shipment: shipment.trim() },
      {
        onSuccess: (answer) => {
          notify({ type: 'success', message: answer.message });
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onClose={attach.isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle>Attach carrier event</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {item.title}, {formatAsSent(item.at)}: it is applied to the shipment as if it had matched, and may move
              its dates.
            </DialogContentText>
            {item.candidates.length > 0 ? (
              <FormControl>
                <FormLabel id="attach-candidates">It matched these shipments</FormLabel>
                <RadioGroup
                  aria-labelledby="attach-candidates"
                  value={item.candidates.includes(shipment) ? shipment : ''}
                  onChange={(event) => setShipment(event.target.value)}
                >
                  {item.candidates.map((candidate) => (
                    <FormControlLabel
                      key={candidate}
                      value={candidate}
                      control={<Radio disabled={attach.isPending} />}
                      label={candidate}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            ) : null}
            <TextField
              label="Shipment number"
              required
              autoFocus={item.candidates.length === 0}
              autoComplete="off"
              value={shipment}
              onChange={(event) => setShipment(event.target.value)}
              disabled={attach.isPending}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            {attach.isError ? (
              <Alert severity="error">
                {failureMessage(attach.error, 'Failed to attach the event. Please try again.')}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={attach.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!isValid || attach.isPending}>
            {attach.isPending ? 'Attaching...' : 'Attach'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** 'Containers: MSKU1234565', a line each kind the event carries. */
function Identifiers({ item }: { item: CarrierEventReviewItem }) {
  const kinds = [
    ['Containers', item.containers],
    ['Documents', item.documents],
    ['Bookings', item.bookings],
  ] as const;
  const present = kinds.filter(([, values]) => values.length > 0);
  if (present.length === 0) return '—';
  return (
    <Stack component="span" spacing={0.25}>
      {present.map(([label, values]) => (
        <span key={label}>
          {label}: {values.join(', ')}
        </span>
      ))}
    </Stack>
  );
}

function ReviewTable({ items }: { items: readonly CarrierEventReviewItem[] }) {
  const [attaching, setAttaching] = useState<CarrierEventReviewItem | null>(null);
  const dismiss = useDismissCarrierEvent();
  const { notify } = useToast();
  return (
    <Stack spacing={1}>
      {dismiss.isError ? (
        <Alert severity="error">
          {failureMessage(dismiss.error, 'Failed to dismiss the event. Please try again.')}
        </Alert>
      ) : null}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Carrier events waiting for review">
          <TableHead>
            <TableRow>
              <TableCell>Event</TableCell>
              <TableCell>At</TableCell>
              <TableCell>Location</TableCell>
              <TableCell>Sender</TableCell>
              <TableCell>Reason</TableCell>
              <TableCell>Identifiers</TableCell>
              <TableCell>Candidates</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id} sx={{ verticalAlign: 'top' }}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {item.title}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAsSent(item.at)}</TableCell>
                <TableCell>{item.location || '—'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.sender}</TableCell>
                <TableCell>{item.reason}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Identifiers item={item} />
                </TableCell>
                <TableCell>{item.candidates.length > 0 ? item.candidates.join(', ') : '—'}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      variant="outlined"
                      aria-label={`Attach ${item.title}, ${formatAsSent(item.at)}`}
                      aria-haspopup="dialog"
                      onClick={() => setAttaching(item)}
                    >
                      Attach
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      aria-label={`Dismiss ${item.title}, ${formatAsSent(item.at)}`}
                      disabled={dismiss.isPending}
                      onClick={() =>
                        dismiss.mutate(item.id, {
                          onSuccess: (answer) => notify({ type: 'success', message: answer.message }),
                        })
                      }
                    >
                      Dismiss
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {attaching ? <AttachDialog item={attaching} onClose={() => setAttaching(null)} /> : null}
    </Stack>
  );
}

/** Events that matched no shipment, or several: an Admin attaches each to its shipment or dismisses it. */
export function ReviewSection() {
  const review = useQuery(carrierEventReviewQuery());
  return (
    <Paper component="section" aria-label="Waiting for review" variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Waiting for review
        </Typography>
        {review.isPending ? <CircularProgress size={24} aria-label="Loading the events waiting for review" /> : null}
        {review.isError ? (
          <RetryAlert onRetry={() => void review.refetch()}>
            Failed to load the events waiting for review. Please try again.
          </RetryAlert>
        ) : null}
        {review.isSuccess && review.data.items.length === 0 ? (
          <Typography color="text.secondary">No carrier events are waiting for review.</Typography>
        ) : null}
        {review.isSuccess && review.data.items.length > 0 ? (
          <>
            {review.data.total > review.data.items.length ? (
              <Typography variant="body2" color="text.secondary">
                The oldest {review.data.items.length} of {review.data.total}: the rest show as these are resolved.
              </Typography>
            ) : null}
            <ReviewTable items={review.data.items} />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
