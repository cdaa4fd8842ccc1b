import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import type { FollowedView } from './alerts-api.ts';

// The dialog is its own chunk, fetched when first opened: the dashboard loads first.
const FollowViewDialog = lazy(() =>
  import('./follow-view-dialog.tsx').then((module) => ({ default: module.FollowViewDialog })),
);

/**
 * 'Follow this view' on the dashboard: saves the current search, filters and exceptions under a
 * name; their line items' events then reach the user as their alert preferences say.
 */
export function FollowViewButton({ view }: { view: FollowedView }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<NotificationsNoneIcon />} onClick={() => setIsOpen(true)}>
        Follow this view
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <FollowViewDialog view={view} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
