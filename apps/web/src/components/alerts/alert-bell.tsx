import NotificationsIcon from '@mui/icons-material/Notifications';
import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { notificationsQuery } from './notifications-query.ts';

/** How many alerts are unread, asked again every minute; nothing while that is unknown. */
export function useUnreadAlerts(): number {
  return useQuery(notificationsQuery()).data?.unread ?? 0;
}

/**
 * The sidebar's bell with the unread count on its corner (a plain Box rather than MUI's Badge,
 * which would be the first screen's only use of it).
 */
export function AlertBell({ unread }: { unread: number }) {
  return (
    <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
      <NotificationsIcon />
      {unread > 0 ? (
        <Box
          component="span"
          aria-hidden
          sx={{
            position: 'absolute',
            top: -6,
            right: -8,
            minWidth: 18,
            height: 18,
            px: 0.5,
            borderRadius: 9,
            bgcolor: 'error.main',
            color: 'error.contrastText',
            fontSize: 11,
            fontWeight: 700,
            lineHeight: '18px',
            textAlign: 'center',
          }}
        >
          {unread > 99 ? '99+' : unread}
        </Box>
      ) : null}
    </Box>
  );
}
