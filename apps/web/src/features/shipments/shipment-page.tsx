import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { paths } from '../../lib/navigation.ts';
import { useProfile } from '../../lib/profile.tsx';
import { shipmentQuery } from '../../lib/shipment-query.ts';
import { ShipmentEditor } from './shipment-editor.tsx';

function PageLoading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

function ShipmentNotFound() {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened directly (no history in this app), Go Back has nowhere to go but the dashboard.
  const goBack = () => (location.key === 'default' ? navigate(paths.dashboard) : navigate(-1));
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        Shipment not found
      </Typography>
      <Button variant="contained" onClick={goBack}>
        Go Back
      </Button>
    </Stack>
  );
}

function ShipmentDetail({ shipmentNumber }: { shipmentNumber: string }) {
  const shipment = useQuery(shipmentQuery(shipmentNumber));
  const { error } = shipment;
  useEffect(() => {
    if (error) console.error('Shipment fetch failed', error);
  }, [error]);
  if (shipment.isPending) return <PageLoading label="Loading shipment" />;
  if (shipment.data === undefined) {
    return (
      <RetryAlert onRetry={() => void shipment.refetch()}>Failed to load the shipment. Please try again.</RetryAlert>
    );
  }
  if (!shipment.data) return <ShipmentNotFound />;
  return <ShipmentEditor mode="edit" shipment={shipment.data} />;
}

/** `/shipment-details/:id` (edit mode) and `/create-shipment` (create mode), SPEC.md §2. */
export function ShipmentPage({ mode }: { mode: 'edit' | 'create' }) {
  const { id = '' } = useParams();
  const { profile, status } = useProfile();
  // Editing rights come from the role: wait for it rather than flash read-only controls.
  if (!profile && status === 'loading') return <PageLoading label="Loading" />;
  // Who may create is app/screens.ts's rule, checked by the route.
  if (mode === 'create') return <ShipmentEditor mode="create" shipment={null} />;
  return <ShipmentDetail key={id} shipmentNumber={id} />;
}
