import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { followsQuery, useFollow, useUnfollow } from './alerts-api.ts';

/** On a shipment's screen: follow it to hear of its events, or stop. */
export function FollowShipmentButton({ shipmentNumber }: { shipmentNumber: string }) {
  const follows = useQuery(followsQuery());
  const follow = useFollow();
  const unfollow = useUnfollow();
  const existing = follows.data?.find((entry) => entry.shipment === shipmentNumber);
  const isBusy = follows.isPending || follow.isPending || unfollow.isPending;
  return existing ? (
    <Button
      variant="outlined"
      startIcon={<NotificationsActiveIcon />}
      aria-pressed
      disabled={isBusy}
      onClick={() => unfollow.mutate(existing.id)}
    >
      Following
    </Button>
  ) : (
    <Button
      variant="outlined"
      startIcon={<NotificationsNoneIcon />}
      aria-pressed={false}
      disabled={isBusy}
      onClick={() => follow.mutate({ shipment: shipmentNumber })}
    >
      Follow
    </Button>
  );
}
