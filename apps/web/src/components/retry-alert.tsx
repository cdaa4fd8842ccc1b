import { Alert, Button } from '@mui/material';
import type { ReactNode } from 'react';

/** A load that failed: its message and a Retry that asks again. */
export function RetryAlert({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
