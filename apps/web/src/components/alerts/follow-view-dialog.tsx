import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { MAX_FOLLOW_NAME } from '@quayside/domain/alerts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { failureMessage } from '../../lib/api.ts';
import { paths } from '../../lib/navigation.ts';
import { type FollowedView, useFollow } from './alerts-api.ts';

/** Names the view and follows it; says where to choose how its alerts arrive. */
export function FollowViewDialog({ view, onClose }: { view: FollowedView; onClose: () => void }) {
  const [name, setName] = useState('');
  const follow = useFollow();
  const submit = () => follow.mutate({ name: name.trim(), query: view });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Follow this view</DialogTitle>
      <DialogContent>
        {follow.isSuccess ? (
          <Alert severity="success">
            Following '{follow.data.name}'. Choose how you hear of it under{' '}
            <RouterLink to={paths.alerts}>Alerts</RouterLink>.
          </Alert>
        ) : (
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Name"
            placeholder="Late arrivals of Kestrel Freight"
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && name.trim() !== '') submit();
            }}
            slotProps={{ htmlInput: { maxLength: MAX_FOLLOW_NAME } }}
            helperText="You hear of new exceptions, ETA slips, departures, arrivals and documents of its line items."
          />
        )}
        {follow.isError ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failureMessage(follow.error, 'Failed to follow. Please try again.')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{follow.isSuccess ? 'Close' : 'Cancel'}</Button>
        {follow.isSuccess ? null : (
          <Button variant="contained" disabled={name.trim() === '' || follow.isPending} onClick={submit}>
            Follow
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
