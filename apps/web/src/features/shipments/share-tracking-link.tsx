import ShareIcon from '@mui/icons-material/Share';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CopyText } from '../../components/copy-text.tsx';
import { failureMessage } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { trackingLinksQuery, useCreateTrackingLink, useRevokeTrackingLink } from './tracking-links-api.ts';

/** What the page behind a link shows, and what it keeps back (domain's PublicTracking). */
const WHAT_IT_SHOWS =
  "Anyone with this link can see the shipment's milestones, dates, ports, mode and carrier events — not its parties, orders, parts or documents.";

function TrackingLinkRows({ shipmentNumber }: { shipmentNumber: string }) {
  const links = useQuery(trackingLinksQuery(shipmentNumber));
  const revoke = useRevokeTrackingLink(shipmentNumber);
  if (links.isPending) return <CircularProgress size={24} aria-label="Loading tracking links" />;
  if (links.isError) {
    return <Alert severity="error">{failureMessage(links.error, 'Failed to load the links. Please try again.')}</Alert>;
  }
  if (links.data.length === 0) return <Typography color="text.secondary">No links yet.</Typography>;
  return (
    <Stack spacing={1}>
      {revoke.isError ? (
        <Alert severity="error">{failureMessage(revoke.error, 'Failed to withdraw the link. Please try again.')}</Alert>
      ) : null}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Tracking links">
          <TableHead>
            <TableRow>
              <TableCell>Made</TableCell>
              <TableCell>By</TableCell>
              <TableCell>State</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {links.data.map((link) => (
              <TableRow key={link.id}>
                <TableCell>{formatDateTime(link.createdAt)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{link.createdBy}</TableCell>
                <TableCell>
                  {link.revokedAt ? (
                    `Withdrawn ${formatDateTime(link.revokedAt)}`
                  ) : (
                    <Button
                      size="small"
                      color="error"
                      aria-label={`Withdraw the link made ${formatDateTime(link.createdAt)}`}
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(link.id)}
                    >
                      Withdraw
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}

/** The links made for a shipment, withdrawing one, and making one whose address is shown this once. Mounted only while open. */
function ShareTrackingLinkDialog({ shipmentNumber, onClose }: { shipmentNumber: string; onClose: () => void }) {
  const create = useCreateTrackingLink(shipmentNumber);
  // The server answers the path only (trackingPath): the address is this site's.
  const made = create.data ? `${window.location.origin}${create.data.path}` : null;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Share tracking link</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            A tracking link opens a page of shipment {shipmentNumber}'s progress without signing in, until it is
            withdrawn.
          </DialogContentText>
          {made ? (
            <Alert severity="success">
              <Stack spacing={1}>
                <span>Shown this once: copy it now.</span>
                <span>
                  <CopyText text={made} label="Copy the link" noun="the link" />
                </span>
                <span>{WHAT_IT_SHOWS}</span>
              </Stack>
            </Alert>
          ) : null}
          {create.isError ? (
            <Alert severity="error">{failureMessage(create.error, 'Failed to make the link. Please try again.')}</Alert>
          ) : null}
          <TrackingLinkRows shipmentNumber={shipmentNumber} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={() => create.mutate()} disabled={create.isPending}>
          {create.isPending ? 'Making...' : 'Make a link'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** On a shipment's screen, for staff: share its progress with someone outside the portal. */
export function ShareTrackingLinkButton({ shipmentNumber }: { shipmentNumber: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<ShareIcon />} aria-haspopup="dialog" onClick={() => setIsOpen(true)}>
        Share tracking link
      </Button>
      {isOpen ? <ShareTrackingLinkDialog shipmentNumber={shipmentNumber} onClose={() => setIsOpen(false)} /> : null}
    </>
  );
}
