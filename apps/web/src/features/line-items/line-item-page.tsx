import { Typography } from '@mui/material';
import { useParams } from 'react-router';

// The line-item detail screen arrives with the detail-screens issue.
export function LineItemPage() {
  const { id = '' } = useParams();
  return (
    <Typography variant="h4" component="h1">
      Line Item: {id}
    </Typography>
  );
}
