import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { followsQuery } from './alerts-api.ts';

const FollowDialog = lazy(() => import('./follow-dialog.tsx').then((module) => ({ default: module.FollowDialog })));

/** On a shipment's screen: follow it (which events, how), or change or stop following it. */
export function FollowShipmentButton({ shipmentNumber }: { shipmentNumber: string }) {
  const follows = useQuery(followsQuery());
  const [isOpen, setIsOpen] = useState(false);
  const existing = follows.data?.find((entry) => entry.shipment === shipmentNumber);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={existing ? <NotificationsActiveIcon /> : <NotificationsNoneIcon />}
        aria-haspopup="dialog"
        disabled={follows.isPending}
        onClick={() => setIsOpen(true)}
      >
        {existing ? 'Following' : 'Follow'}
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <FollowDialog
            target={{ shipment: shipmentNumber }}
            {...(existing ? { existing } : {})}
            onClose={() => setIsOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
