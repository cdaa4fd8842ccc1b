import { Stack, Typography } from '@mui/material';
import { IntegrationsSection } from './integrations-section.tsx';
import { ReviewSection } from './review-section.tsx';

/** `/carrier-events` (Admin): who may post carrier events, and the events no shipment claimed. */
export function CarrierEventsPage() {
  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h4" component="h1">
          Carrier events
        </Typography>
        <Typography color="text.secondary">
          Carriers and visibility providers post DCSA Track &amp; Trace 2.2 events here, each with its integration's
          token. An event is matched to a shipment by its container, transport document or carrier booking reference and
          shown on the shipment's page; an actual or estimated departure from its origin port or arrival at its
          destination port sets the shipment's date. An event that matches no shipment, or several, waits for review
          below.
        </Typography>
      </Stack>
      <IntegrationsSection />
      <ReviewSection />
    </Stack>
  );
}
