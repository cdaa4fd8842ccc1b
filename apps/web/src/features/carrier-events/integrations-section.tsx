import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  type CarrierIntegration,
  CarrierIntegrationRequest,
  type CreatedCarrierIntegration,
  NOTIFICATION_SIGNATURE_HEADER,
} from '@quayside/domain/carrier-events';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.tsx';
import { CopyText } from '../../components/copy-text.tsx';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { useToast } from '../../components/toast.tsx';
import { failureMessage } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import {
  carrierIntegrationsQuery,
  useCreateCarrierIntegration,
  useRevokeCarrierIntegration,
} from './carrier-events-api.ts';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** The token and secret, this once, and how a sender uses them. */
function CreatedIntegration({ created }: { created: CreatedCarrierIntegration }) {
  return (
    <Stack spacing={2}>
      <Alert severity="success">
        <Stack spacing={1}>
          <span>Integration {created.integration.name} created. Shown this once: copy it now.</span>
          <span>
            Token: <CopyText text={created.token} label="Copy the token" noun="the token" />
          </span>
          {created.signingSecret ? (
            <span>
              Signing secret:{' '}
              <CopyText text={created.signingSecret} label="Copy the signing secret" noun="the secret" />
            </span>
          ) : null}
        </Stack>
      </Alert>
      <DialogContentText>
        The sender posts its DCSA Track &amp; Trace 2.2 events (one event, or an array of them) to{' '}
        <code>POST /api/CarrierEvents</code> on this site, with the header{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>
        {created.signingSecret ? (
          <>
            {' '}
            and <code>{NOTIFICATION_SIGNATURE_HEADER}: sha256=&lt;hex HMAC-SHA256 of the body&gt;</code>, keyed with the
            signing secret
          </>
        ) : null}
        .
      </DialogContentText>
    </Stack>
  );
}

type Field = 'name' | 'forwarderName';

/** A new integration: its name, whose shipments it may match, whether it signs. Then its token, once. Mounted only while open. */
function NewIntegrationDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState({ name: '', forwarderName: '', signed: false });
  const [isSubmitted, setIsSubmitted] = useState(false);
  const create = useCreateCarrierIntegration();
  const parsed = CarrierIntegrationRequest.safeParse({
    name: values.name,
    // Empty: any shipment, as the server takes a forwarderName left out.
    forwarderName: values.forwarderName.trim() === '' ? undefined : values.forwarderName,
    signed: values.signed,
  });
  const problems: Partial<Record<Field, string>> = {};
  if (!parsed.success && isSubmitted)
    for (const issue of parsed.error.issues) problems[issue.path[0] as Field] ??= issue.message;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setIsSubmitted(true);
    if (parsed.success) create.mutate(parsed.data);
  };

  if (create.isSuccess) {
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="sm">
        <DialogTitle>New integration</DialogTitle>
        <DialogContent>
          <CreatedIntegration created={create.data} />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle>New integration</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              A carrier or visibility provider posts its events with the integration's token, shown once when it is
              created.
            </DialogContentText>
            {create.isError ? (
              <Alert severity="error">
                {failureMessage(create.error, 'Failed to create the integration. Please try again.')}
              </Alert>
            ) : null}
            <TextField
              label="Name"
              required
              autoFocus
              autoComplete="off"
              value={values.name}
              onChange={(event) => setValues({ ...values, name: event.target.value })}
              error={problems.name !== undefined}
              helperText={problems.name ?? 'The carrier or provider'}
              disabled={create.isPending}
            />
            <TextField
              label="Forwarder name"
              autoComplete="off"
              value={values.forwarderName}
              onChange={(event) => setValues({ ...values, forwarderName: event.target.value })}
              error={problems.forwarderName !== undefined}
              helperText={
                problems.forwarderName ??
                "Optional: its events then match only that forwarder's shipments. Empty: any shipment."
              }
              disabled={create.isPending}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={values.signed}
                  onChange={(event) => setValues({ ...values, signed: event.target.checked })}
                  disabled={create.isPending}
                />
              }
              label={`Sign notifications (${NOTIFICATION_SIGNATURE_HEADER})`}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function RevokeDialog({ integration, onClose }: { integration: CarrierIntegration; onClose: () => void }) {
  const revoke = useRevokeCarrierIntegration();
  const { notify } = useToast();
  return (
    <ConfirmDeleteDialog
      title="Revoke integration"
      question={`Are you sure you want to revoke the integration ${integration.name}? Its token is refused from now on; the events it sent are kept.`}
      failure={revoke.isError ? failureMessage(revoke.error, 'Failed to revoke. Please try again.') : null}
      isDeleting={revoke.isPending}
      confirmLabel="Revoke"
      busyLabel="Revoking..."
      onCancel={onClose}
      onConfirm={() =>
        revoke.mutate(integration.id, {
          onSuccess: (answer) => {
            notify({ type: 'success', message: answer.message });
            onClose();
          },
        })
      }
    />
  );
}

function IntegrationTable({ integrations }: { integrations: readonly CarrierIntegration[] }) {
  const [revoking, setRevoking] = useState<CarrierIntegration | null>(null);
  if (integrations.length === 0) return <Typography color="text.secondary">No integrations yet.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Integrations">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Forwarder</TableCell>
            <TableCell>Signed</TableCell>
            <TableCell align="right">Events</TableCell>
            <TableCell>Last event</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {integrations.map((integration) => (
            <TableRow key={integration.id}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {integration.name}
              </TableCell>
              <TableCell>{integration.forwarderName ?? 'Any shipment'}</TableCell>
              <TableCell>{integration.signed ? 'Yes' : 'No'}</TableCell>
              <TableCell align="right">{integration.events}</TableCell>
              <TableCell>{when(integration.lastEventAt)}</TableCell>
              <TableCell>{when(integration.createdAt)}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  color="error"
                  aria-label={`Revoke ${integration.name}`}
                  onClick={() => setRevoking(integration)}
                >
                  Revoke
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {revoking ? <RevokeDialog integration={revoking} onClose={() => setRevoking(null)} /> : null}
    </Box>
  );
}

/** Who may post carrier events: each integration, its traffic, a new one and revoking one. */
export function IntegrationsSection() {
  const integrations = useQuery(carrierIntegrationsQuery());
  const [isCreating, setIsCreating] = useState(false);
  return (
    <Paper component="section" aria-label="Integrations" variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6" component="h2">
            Integrations
          </Typography>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            aria-haspopup="dialog"
            onClick={() => setIsCreating(true)}
          >
            New integration
          </Button>
        </Stack>
        {integrations.isPending ? <CircularProgress size={24} aria-label="Loading integrations" /> : null}
        {integrations.isError ? (
          <RetryAlert onRetry={() => void integrations.refetch()}>
            Failed to load the integrations. Please try again.
          </RetryAlert>
        ) : null}
        {integrations.isSuccess ? <IntegrationTable integrations={integrations.data} /> : null}
      </Stack>
      {isCreating ? <NewIntegrationDialog onClose={() => setIsCreating(false)} /> : null}
    </Paper>
  );
}
