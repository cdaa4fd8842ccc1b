import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { notificationsQuery } from './alerts-api.ts';

/** How many alerts are unread, asked again every minute; nothing while that is unknown. */
export function useUnreadAlerts(): number {
  return useQuery(notificationsQuery()).data?.unread ?? 0;
}

/** The sidebar's bell: its badge is the unread count. */
export function AlertBell({ unread }: { unread: number }) {
  return (
    <Badge badgeContent={unread} max={99} color="error">
      <NotificationsIcon />
    </Badge>
  );
}
