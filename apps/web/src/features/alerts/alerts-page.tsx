import {
  Alert,
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  ALERT_CHANNEL_LABELS,
  ALERT_CHANNELS,
  type AlertChannel,
  type AlertPreferences,
  type Follow,
} from '@quayside/domain/alerts';
import { EVENT_KINDS, EVENT_LABELS } from '@quayside/domain/events';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  followsQuery,
  preferencesQuery,
  useMarkRead,
  useSavePreferences,
  useUnfollow,
} from '../../components/alerts/alerts-api.ts';
import { describeFollow } from '../../components/alerts/follow-words.ts';
import { notificationsQuery } from '../../components/alerts/notifications-query.ts';
import { failureMessage } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { paths } from '../../lib/navigation.ts';

// When an alert was recorded, in the reader's time zone.
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The bell's list: the newest 50, unread ones in bold; opening one marks it read. */
function AlertList() {
  const notifications = useQuery(notificationsQuery());
  const markRead = useMarkRead();
  if (notifications.isPending) return <CircularProgress size={24} aria-label="Loading alerts" />;
  if (notifications.isError) return <Alert severity="error">Failed to load your alerts. Please try again.</Alert>;
  const { notifications: list, unread } = notifications.data;
  if (list.length === 0) {
    return (
      <Typography color="text.secondary">
        No alerts yet. Follow a shipment or a view of the dashboard to hear of its changes here.
      </Typography>
    );
  }
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary">{unread === 0 ? 'All read' : `${unread} unread`}</Typography>
        {unread > 0 ? (
          <Button size="small" onClick={() => markRead.mutate(undefined)} disabled={markRead.isPending}>
            Mark all read
          </Button>
        ) : null}
      </Stack>
      <List dense disablePadding>
        {list.map(({ id, event, read }) => (
          <ListItem key={id} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={paths.shipment(event.shipment)}
              onClick={() => (read ? undefined : markRead.mutate([id]))}
            >
              <ListItemText
                primary={`${event.shipment}: ${event.text}`}
                secondary={formatDateTime(event.at)}
                slotProps={{ primary: { sx: { fontWeight: read ? 400 : 700 } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

/** One choice per event kind: e-mail at once, the daily digest, or the bell only. */
function PreferencesForm({ saved }: { saved: AlertPreferences }) {
  const [preferences, setPreferences] = useState(saved.preferences);
  const save = useSavePreferences();
  const isChanged = EVENT_KINDS.some((kind) => preferences[kind] !== saved.preferences[kind]);
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      {EVENT_KINDS.map((kind) => (
        <TextField
          key={kind}
          select
          size="small"
          label={EVENT_LABELS[kind]}
          value={preferences[kind]}
          onChange={(event) => setPreferences({ ...preferences, [kind]: event.target.value as AlertChannel })}
        >
          {ALERT_CHANNELS.map((channel) => (
            <MenuItem key={channel} value={channel}>
              {ALERT_CHANNEL_LABELS[channel]}
            </MenuItem>
          ))}
        </TextField>
      ))}
      {save.isError ? (
        <Alert severity="error">{failureMessage(save.error, 'Failed to save. Please try again.')}</Alert>
      ) : null}
      {save.isSuccess && !isChanged ? <Alert severity="success">Saved.</Alert> : null}
      <Box>
        <Button
          variant="contained"
          disabled={!isChanged || save.isPending}
          onClick={() => save.mutate({ preferences })}
        >
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </Box>
    </Stack>
  );
}

function Preferences() {
  const preferences = useQuery(preferencesQuery());
  if (preferences.isPending) return <CircularProgress size={24} aria-label="Loading preferences" />;
  if (preferences.isError) return <Alert severity="error">Failed to load your preferences. Please try again.</Alert>;
  return <PreferencesForm saved={preferences.data} />;
}

const followedViewAddress = (query: Record<string, string>) => `${paths.dashboard}?${new URLSearchParams(query)}`;

function FollowEntry({ follow }: { follow: Follow }) {
  const unfollow = useUnfollow();
  const label = follow.shipment ? `Shipment ${follow.shipment}` : `View: ${follow.name}`;
  const to = follow.shipment ? paths.shipment(follow.shipment) : followedViewAddress(follow.query ?? {});
  return (
    <ListItem
      disablePadding
      secondaryAction={
        <Button size="small" onClick={() => unfollow.mutate(follow.id)} disabled={unfollow.isPending}>
          Unfollow
        </Button>
      }
    >
      <ListItemButton component={RouterLink} to={to}>
        <ListItemText primary={label} secondary={describeFollow(follow)} />
      </ListItemButton>
    </ListItem>
  );
}

function Follows() {
  const follows = useQuery(followsQuery());
  if (follows.isPending) return <CircularProgress size={24} aria-label="Loading what you follow" />;
  if (follows.isError) return <Alert severity="error">Failed to load what you follow. Please try again.</Alert>;
  if (follows.data.length === 0) {
    return (
      <Typography color="text.secondary">
        Nothing yet: use Follow on a shipment, or Follow this view on the dashboard.
      </Typography>
    );
  }
  return (
    <List dense disablePadding>
      {follows.data.map((follow) => (
        <FollowEntry key={follow.id} follow={follow} />
      ))}
    </List>
  );
}

/** `/alerts`: the bell's list, what the user follows, and how each event kind reaches them. */
export function AlertsPage() {
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Alerts
      </Typography>
      <Section title="Latest alerts">
        <AlertList />
      </Section>
      <Section title="What you follow">
        <Follows />
      </Section>
      <Section title="How you hear of each event">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Your usual setting, for what you follow 'as your usual setting'; a follow's own choice comes first.
        </Typography>
        <Preferences />
      </Section>
    </Stack>
  );
}
