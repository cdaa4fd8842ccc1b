import { Typography } from '@mui/material';
import { useEffect } from 'react';
import { useToast } from '../../components/toast.tsx';
import { useDataChanged } from '../../lib/data-changed.ts';

export const DATA_CHANGED_NOTICE = 'You have made changes. Refresh to pull updated data.';

/** SPEC.md §2 'Toast': after a change elsewhere, the dashboard offers to reload. */
function useDataChangedNotice() {
  const isDataChanged = useDataChanged();
  const { notify } = useToast();
  useEffect(() => {
    if (!isDataChanged) return;
    notify({
      type: 'info',
      message: DATA_CHANGED_NOTICE,
      action: { label: 'Refresh', onClick: () => window.location.reload() },
      autoHideMs: null,
    });
  }, [isDataChanged, notify]);
}

// The line-item table (search, filters, sorting, paging, export) arrives with the dashboard issue.
export function DashboardPage() {
  useDataChangedNotice();
  return (
    <>
      <Typography variant="h4" component="h1">
        Line Items Dashboard
      </Typography>
      <Typography color="text.secondary">Track and manage your line items</Typography>
    </>
  );
}
