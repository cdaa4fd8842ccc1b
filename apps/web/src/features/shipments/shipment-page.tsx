import { Typography } from '@mui/material';
import { useParams } from 'react-router';

// The shipment detail and create screens arrive with the detail-screens issue.
export function ShipmentPage({ mode }: { mode: 'edit' | 'create' }) {
  const { id = '' } = useParams();
  return (
    <Typography variant="h4" component="h1">
      {mode === 'create' ? 'Create Shipment' : `Shipment: ${id}`}
    </Typography>
  );
}
