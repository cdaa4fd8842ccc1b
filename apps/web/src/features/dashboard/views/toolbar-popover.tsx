import { Button, Popover, Stack, Typography } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';

type ToolbarPopoverProps = {
  /** The button's label, and the panel's heading. */
  label: string;
  icon: ReactNode;
  width: number;
  /** The panel's content, mounted while it is open; `close` shuts it. */
  children: (close: () => void) => ReactNode;
};

/** A toolbar button opening a panel under it, named by its heading (the dashboard's Views and Columns). */
export function ToolbarPopover({ label, icon, width, children }: ToolbarPopoverProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const headingId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={icon}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-labelledby': headingId, sx: { width, maxWidth: 'calc(100vw - 32px)', p: 2 } },
        }}
      >
        <Stack spacing={1.5}>
          <Typography id={headingId} variant="h6" component="h2">
            {label}
          </Typography>
          {children(close)}
        </Stack>
      </Popover>
    </>
  );
}
