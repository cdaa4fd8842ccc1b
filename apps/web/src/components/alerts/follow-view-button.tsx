import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import type { FollowedView } from './alerts-api.ts';

// The dialog is its own chunk, fetched when first opened: the dashboard loads first.
const FollowDialog = lazy(() => import('./follow-dialog.tsx').then((module) => ({ default: module.FollowDialog })));

/**
 * 'Follow this view' on the dashboard: saves the current search, filters and exceptions under a
 * name (the open named view's, to start with); their line items' events then reach the user as
 * the follow says. Following the same view again changes that follow.
 */
export function FollowViewButton({ view, name }: { view: FollowedView; name?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<NotificationsNoneIcon />} onClick={() => setIsOpen(true)}>
        Follow this view
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <FollowDialog target={{ view, ...(name ? { name } : {}) }} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
