import CloseIcon from '@mui/icons-material/Close';
import { Alert, Button, IconButton, Snackbar } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** SPEC.md §3 'Notification': a type, a message and an optional action. */
export type Notification = {
  type: 'success' | 'error' | 'info';
  message: string;
  action?: { label: string; onClick: () => void };
  /** Milliseconds before it hides by itself; null keeps it until dismissed. */
  autoHideMs?: number | null;
};

type ToastContextValue = { notify: (notification: Notification) => void; dismiss: () => void };

const ToastContext = createContext<ToastContextValue | null>(null);

/** One notice at a time, at the bottom right, with a dismiss control. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Notification & { key: number }) | null>(null);
  const notify = useCallback((notification: Notification) => setCurrent({ ...notification, key: Date.now() }), []);
  const dismiss = useCallback(() => setCurrent(null), []);
  const value = useMemo(() => ({ notify, dismiss }), [notify, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <Snackbar
        key={current?.key}
        open={current !== null}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        autoHideDuration={current?.autoHideMs === undefined ? 6000 : current.autoHideMs}
        onClose={(_event, reason) => reason !== 'clickaway' && dismiss()}
      >
        {current ? (
          <Alert
            severity={current.type}
            variant="filled"
            sx={{ alignItems: 'center' }}
            action={
              <>
                {current.action ? (
                  <Button color="inherit" size="small" onClick={current.action.onClick}>
                    {current.action.label}
                  </Button>
                ) : null}
                <IconButton aria-label="Dismiss" color="inherit" size="small" onClick={dismiss}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              </>
            }
          >
            {current.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast needs a ToastProvider');
  return context;
}
