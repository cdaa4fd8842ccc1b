import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { MAX_FOLLOW_NAME } from '@quayside/domain/alerts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { failureMessage } from '../../lib/api.ts';
import { paths } from '../../lib/navigation.ts';
import { useFollow } from './alerts-api.ts';

/** The dashboard's query as a saved filter has it: the wire strings that are set. */
export type FollowedView = { q?: string; filters?: string; logic?: string; report?: string; exception?: string };

/**
 * 'Follow this view' on the dashboard: saves the current search, filters and exceptions under a
 * name; their line items' events then reach the user as their alert preferences say.
 */
export function FollowViewButton({ view }: { view: FollowedView }) {
  const [isOpen, setIsOpen] = useState(false);
  const [name, setName] = useState('');
  const follow = useFollow();
  const close = () => {
    setIsOpen(false);
    setName('');
    follow.reset();
  };
  const submit = () => follow.mutate({ name: name.trim(), query: view });
  return (
    <>
      <Button variant="outlined" startIcon={<NotificationsNoneIcon />} onClick={() => setIsOpen(true)}>
        Follow this view
      </Button>
      <Dialog open={isOpen} onClose={close} fullWidth maxWidth="xs">
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
          <Button onClick={close}>{follow.isSuccess ? 'Close' : 'Cancel'}</Button>
          {follow.isSuccess ? null : (
            <Button variant="contained" disabled={name.trim() === '' || follow.isPending} onClick={submit}>
              Follow
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
