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
import {
  CONVERSATION_EVENT_KINDS,
  EVENT_KINDS,
  EVENT_LABELS,
  type EventKind,
  ORDER_EVENT_KINDS,
  recordPath,
  SHIPMENT_EVENT_KINDS,
} from '@quayside/domain/events';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
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
import { useIsSupplier } from '../../lib/use-is-supplier.ts';

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

/**
 * The bell's list: the newest 50, unread ones in bold, each a link to its shipment, purchase order
 * or the bookings; opening one marks it read. `canFollow`: not a supplier's contact, who follows nothing.
 */
function AlertList({ canFollow }: { canFollow: boolean }) {
  const notifications = useQuery(notificationsQuery());
  const markRead = useMarkRead();
  if (notifications.isPending) return <CircularProgress size={24} aria-label="Loading alerts" />;
  if (notifications.isError) return <Alert severity="error">Failed to load your alerts. Please try again.</Alert>;
  const { notifications: list, unread } = notifications.data;
  if (list.length === 0) {
    return (
      <Typography color="text.secondary">
        {canFollow
          ? 'No alerts yet. Follow a shipment or a view of the dashboard to hear of its changes here.'
          : 'No alerts yet. You hear here when your purchase orders and bookings need you, or someone mentions you.'}
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
              to={recordPath(event.record)}
              onClick={() => (read ? undefined : markRead.mutate([id]))}
            >
              <ListItemText
                primary={`${event.record.reference}: ${event.text}`}
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

/** The event kinds under their subheadings, as the preferences form groups them. */
const PREFERENCE_GROUPS: { title: string; kinds: readonly EventKind[]; forFollowers?: true }[] = [
  { title: 'Shipments you follow', kinds: SHIPMENT_EVENT_KINDS, forFollowers: true },
  { title: 'Purchase orders and bookings', kinds: ORDER_EVENT_KINDS },
  { title: 'Conversations', kinds: CONVERSATION_EVENT_KINDS },
];

function PreferenceGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack spacing={2} role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * One choice per event kind: e-mail at once, the daily digest, or the bell only. A supplier's
 * contact follows no shipments and is not offered theirs, but the save sends every kind's channel
 * (the request needs the shipment kinds), each as it was.
 */
function PreferencesForm({ saved, canFollow }: { saved: AlertPreferences; canFollow: boolean }) {
  const [preferences, setPreferences] = useState(saved.preferences);
  const save = useSavePreferences();
  const isChanged = EVENT_KINDS.some((kind) => preferences[kind] !== saved.preferences[kind]);
  return (
    <Stack spacing={3} sx={{ maxWidth: 480 }}>
      {PREFERENCE_GROUPS.filter((group) => canFollow || !group.forFollowers).map((group) => (
        <PreferenceGroup key={group.title} title={group.title}>
          {group.kinds.map((kind) => (
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
        </PreferenceGroup>
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

function Preferences({ canFollow }: { canFollow: boolean }) {
  const preferences = useQuery(preferencesQuery());
  if (preferences.isPending) return <CircularProgress size={24} aria-label="Loading preferences" />;
  if (preferences.isError) return <Alert severity="error">Failed to load your preferences. Please try again.</Alert>;
  return <PreferencesForm saved={preferences.data} canFollow={canFollow} />;
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

/**
 * `/alerts`: the bell's list, what the user follows, and how each event kind reaches them. A
 * supplier's contact follows nothing (the server refuses it the follows): its list and preferences only.
 */
export function AlertsPage() {
  const isSupplierContact = useIsSupplier();
  // Until the role is known, the follows wait: a supplier's contact would be refused them.
  const canFollow = isSupplierContact === false;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Alerts
      </Typography>
      <Section title="Latest alerts">
        <AlertList canFollow={isSupplierContact !== true} />
      </Section>
      {canFollow ? (
        <Section title="What you follow">
          <Follows />
        </Section>
      ) : null}
      <Section title="How you hear of each event">
        {isSupplierContact ? null : (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Your usual setting, for what you follow 'as your usual setting'; a follow's own choice comes first.
          </Typography>
        )}
        <Preferences canFollow={isSupplierContact !== true} />
      </Section>
    </Stack>
  );
}
