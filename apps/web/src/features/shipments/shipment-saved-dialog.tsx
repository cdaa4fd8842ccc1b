import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useId } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/navigation.ts';

/** SPEC.md §9: the dashboard follows a shipment save after this long. */
export const REDIRECT_AFTER_SAVE_MS = 3000;

/** SPEC.md §2: the success modal after a save, which moves on to the dashboard by itself after 3 seconds. */
export function ShipmentSavedDialog({ mode }: { mode: 'edit' | 'create' }) {
  const navigate = useNavigate();
  const titleId = useId();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(paths.dashboard), REDIRECT_AFTER_SAVE_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <Dialog open aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CheckCircleIcon color="success" aria-hidden />
        {mode === 'create' ? 'Shipment created successfully!' : 'Shipment updated successfully!'}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>You will be redirected to the dashboard shortly.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => navigate(paths.dashboard)}>
          Go to Dashboard Now
        </Button>
      </DialogActions>
    </Dialog>
  );
}
