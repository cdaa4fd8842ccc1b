import { Typography } from '@mui/material';

export function AnalyticsPage() {
  return (
    <Typography variant="h4" component="h1" sx={{ mt: 4, textAlign: 'center' }}>
      Analytics Coming Soon
    </Typography>
  );
}
