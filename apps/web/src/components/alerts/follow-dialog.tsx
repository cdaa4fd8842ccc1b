import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { ALERT_CHANNELS, type AlertChannel, type Follow, MAX_FOLLOW_NAME } from '@quayside/domain/alerts';
import { SHIPMENT_EVENT_KINDS, type ShipmentEventKind } from '@quayside/domain/events';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { failureMessage } from '../../lib/api.ts';
import { paths } from '../../lib/navigation.ts';
import { type FollowedView, useFollow, useUnfollow } from './alerts-api.ts';
import { describeFollow, FOLLOW_CHANNEL_LABELS, FOLLOW_EVENT_LABELS } from './follow-words.ts';

export type FollowTarget = { shipment: string } | { view: FollowedView; name?: string };

type FollowDialogProps = {
  target: FollowTarget;
  /** The follow there is already, to change or stop. */
  existing?: Follow;
  onClose: () => void;
};

/**
 * Follows a shipment or the dashboard's view: which events and how, for this follow alone. A
 * shipment is usually followed for one moment, so its dialog starts at 'Now, by e-mail' and offers
 * 'Tell me when it arrives' in one click; a view, with many shipments, starts at the daily digest.
 */
export function FollowDialog({ target, existing, onClose }: FollowDialogProps) {
  const isShipment = 'shipment' in target;
  const [name, setName] = useState(isShipment ? '' : (target.name ?? ''));
  const [events, setEvents] = useState<ShipmentEventKind[]>(existing?.events ?? [...SHIPMENT_EVENT_KINDS]);
  const [channel, setChannel] = useState<AlertChannel>(existing?.channel ?? (isShipment ? 'email' : 'digest'));
  const follow = useFollow();
  const unfollow = useUnfollow();
  const save = (chosen: ShipmentEventKind[]) =>
    follow.mutate(
      isShipment
        ? { shipment: target.shipment, events: chosen, channel }
        : { name: name.trim(), query: target.view, events: chosen, channel },
    );
  const canSave = events.length > 0 && (isShipment || name.trim() !== '') && !follow.isPending;
  const toggle = (kind: ShipmentEventKind, isChosen: boolean) =>
    setEvents(SHIPMENT_EVENT_KINDS.filter((known) => (known === kind ? isChosen : events.includes(known))));
  const title = isShipment ? `Follow shipment ${target.shipment}` : 'Follow this view';

  if (follow.isSuccess || unfollow.isSuccess) {
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="xs">
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          {unfollow.isSuccess ? (
            <Alert severity="success">No longer followed.</Alert>
          ) : follow.data ? (
            <Alert severity="success">
              Following {follow.data.shipment ? `shipment ${follow.data.shipment}` : `'${follow.data.name}'`}:{' '}
              {describeFollow(follow.data)}. See what you follow under <RouterLink to={paths.alerts}>Alerts</RouterLink>
              .
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {isShipment ? (
            <Button
              variant="contained"
              disabled={follow.isPending}
              onClick={() => {
                setEvents(['arrived']);
                save(['arrived']);
              }}
              sx={{ alignSelf: 'flex-start', mt: 1 }}
            >
              Tell me when it arrives
            </Button>
          ) : (
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label="Name"
              placeholder="Late arrivals of Kestrel Freight"
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: MAX_FOLLOW_NAME } }}
            />
          )}
          <FormControl component="fieldset">
            <FormLabel component="legend">Tell me of</FormLabel>
            <FormGroup row>
              {SHIPMENT_EVENT_KINDS.map((kind) => (
                <FormControlLabel
                  key={kind}
                  label={FOLLOW_EVENT_LABELS[kind]}
                  control={
                    <Checkbox
                      size="small"
                      checked={events.includes(kind)}
                      onChange={(event) => toggle(kind, event.target.checked)}
                    />
                  }
                />
              ))}
            </FormGroup>
          </FormControl>
          <FormControl component="fieldset">
            <FormLabel component="legend">How</FormLabel>
            <RadioGroup value={channel} onChange={(event) => setChannel(event.target.value as AlertChannel)}>
              {ALERT_CHANNELS.map((option) => (
                <FormControlLabel
                  key={option}
                  value={option}
                  control={<Radio size="small" />}
                  label={FOLLOW_CHANNEL_LABELS[option]}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {events.length === 0 ? <Alert severity="info">Choose at least one event to hear of.</Alert> : null}
          {follow.isError || unfollow.isError ? (
            <Alert severity="error">
              {failureMessage(follow.error ?? unfollow.error, 'Failed to follow. Please try again.')}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        {existing ? (
          <Button color="error" onClick={() => unfollow.mutate(existing.id)} disabled={unfollow.isPending}>
            Unfollow
          </Button>
        ) : null}
        <Button onClick={onClose}>Cancel</Button>
        <Button variant={isShipment ? 'outlined' : 'contained'} disabled={!canSave} onClick={() => save(events)}>
          {existing ? 'Save' : 'Follow'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
