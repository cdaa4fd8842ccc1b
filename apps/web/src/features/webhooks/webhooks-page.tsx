import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
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
import { EVENT_LABELS, EVENT_RECORD_LABELS, WEBHOOK_EVENT_KINDS, type WebhookEventKind } from '@quayside/domain/events';
import type { OrganisationSettings } from '@quayside/domain/organisation-settings';
import {
  SIGNATURE_HEADER,
  WEBHOOK_SIGNING_LABELS,
  WEBHOOK_SIGNINGS,
  type Webhook,
  type WebhookDelivery,
  type WebhookSigning,
} from '@quayside/domain/webhooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.tsx';
import { CopyText } from '../../components/copy-text.tsx';
import { failureMessage } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import {
  organisationSettingsQuery,
  useDeleteWebhook,
  useRegisterWebhook,
  useResumeWebhook,
  useSaveOrganisationSettings,
  webhooksQuery,
} from './webhooks-api.ts';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

function RegisterForm() {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventKind[]>([...WEBHOOK_EVENT_KINDS]);
  const [signing, setSigning] = useState<WebhookSigning>('quayside');
  const register = useRegisterWebhook();
  const toggle = (kind: WebhookEventKind) =>
    setEvents(events.includes(kind) ? events.filter((each) => each !== kind) : [...events, kind]);
  const submit = () =>
    register.mutate(
      { url: url.trim(), events: WEBHOOK_EVENT_KINDS.filter((kind) => events.includes(kind)), signing },
      { onSuccess: () => setUrl('') },
    );
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <TextField
        label="HTTPS URL"
        placeholder="https://example.com/quayside-events"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        size="small"
      />
      <TextField
        select
        label="Signature"
        value={signing}
        onChange={(event) => setSigning(event.target.value as WebhookSigning)}
        size="small"
        helperText={
          signing === 'standard'
            ? 'webhook-id, webhook-timestamp and webhook-signature: verify with a Standard Webhooks library.'
            : `One ${SIGNATURE_HEADER} header.`
        }
      >
        {WEBHOOK_SIGNINGS.map((each) => (
          <MenuItem key={each} value={each}>
            {WEBHOOK_SIGNING_LABELS[each]}
          </MenuItem>
        ))}
      </TextField>
      <FormGroup>
        <FormLabel component="legend">Events</FormLabel>
        {WEBHOOK_EVENT_KINDS.map((kind) => (
          <FormControlLabel
            key={kind}
            control={<Checkbox checked={events.includes(kind)} onChange={() => toggle(kind)} />}
            label={EVENT_LABELS[kind]}
          />
        ))}
      </FormGroup>
      {register.isError ? (
        <Alert severity="error">{failureMessage(register.error, 'Failed to register. Please try again.')}</Alert>
      ) : null}
      {register.isSuccess ? (
        <Alert severity="success">
          Registered. Its signing secret, shown this once:{' '}
          <CopyText text={register.data.secret} label="Copy the signing secret" noun="the secret" />{' '}
          {register.data.webhook.signing === 'standard'
            ? 'Each delivery is signed the Standard Webhooks way: webhook-id, webhook-timestamp and webhook-signature (v1, then the base64 HMAC-SHA256 of id, timestamp and body, keyed with the secret).'
            : `Each delivery carries a ${SIGNATURE_HEADER} header: t=(unix seconds),v1=(HMAC-SHA256 of the secret over t, a dot and the body, in hex).`}
        </Alert>
      ) : null}
      <Box>
        <Button
          variant="contained"
          disabled={url.trim() === '' || events.length === 0 || register.isPending}
          onClick={submit}
        >
          Register
        </Button>
      </Box>
    </Stack>
  );
}

function DeliveryLog({ deliveries }: { deliveries: WebhookDelivery[] }) {
  if (deliveries.length === 0) return <Typography color="text.secondary">No deliveries yet.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Deliveries">
        <TableHead>
          <TableRow>
            <TableCell>Event</TableCell>
            <TableCell>Record</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Tries</TableCell>
            <TableCell>Last answer</TableCell>
            <TableCell>Last try</TableCell>
            <TableCell>Next try</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.map((delivery) => (
            <TableRow key={delivery.id}>
              <TableCell>{EVENT_LABELS[delivery.eventKind]}</TableCell>
              <TableCell>{`${EVENT_RECORD_LABELS[delivery.record.type]} ${delivery.record.reference}`}</TableCell>
              <TableCell>{delivery.status}</TableCell>
              <TableCell>{delivery.attempts}</TableCell>
              <TableCell>{delivery.lastError ?? delivery.lastStatus ?? '—'}</TableCell>
              <TableCell>{when(delivery.lastTryAt)}</TableCell>
              <TableCell>{when(delivery.nextTryAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function WebhookEntry({ webhook }: { webhook: Webhook }) {
  const remove = useDeleteWebhook();
  const resume = useResumeWebhook();
  const [isConfirming, setConfirming] = useState(false);
  return (
    <Paper component="article" aria-label={webhook.url} variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{webhook.url}</Typography>
          <Button color="error" onClick={() => setConfirming(true)} disabled={remove.isPending}>
            Delete
          </Button>
        </Stack>
        {isConfirming ? (
          <ConfirmDeleteDialog
            title="Delete webhook"
            question={`Are you sure you want to delete the webhook ${webhook.url}? Quayside stops posting events to it, and its delivery log goes with it.`}
            failure={remove.isError ? failureMessage(remove.error, 'Failed to delete. Please try again.') : null}
            isDeleting={remove.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => remove.mutate(webhook.id, { onSuccess: () => setConfirming(false) })}
          />
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {webhook.events.map((kind) => EVENT_LABELS[kind]).join(', ')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Signed with {WEBHOOK_SIGNING_LABELS[webhook.signing]}
        </Typography>
        {webhook.pausedAt ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" onClick={() => resume.mutate(webhook.id)} disabled={resume.isPending}>
                Resume
              </Button>
            }
          >
            Paused {when(webhook.pausedAt)}: {webhook.pausedReason}. Nothing is sent to it until it is resumed.
          </Alert>
        ) : null}
        {resume.isError ? (
          <Alert severity="error">{failureMessage(resume.error, 'Failed to resume. Please try again.')}</Alert>
        ) : null}
        <DeliveryLog deliveries={webhook.deliveries} />
      </Stack>
    </Paper>
  );
}

function WebhookList() {
  const webhooks = useQuery(webhooksQuery());
  if (webhooks.isPending) return <CircularProgress size={24} aria-label="Loading webhooks" />;
  if (webhooks.isError) return <Alert severity="error">Failed to load the webhooks. Please try again.</Alert>;
  if (webhooks.data.length === 0) return <Typography color="text.secondary">No webhooks yet.</Typography>;
  return (
    <Stack spacing={2}>
      {webhooks.data.map((webhook) => (
        <WebhookEntry key={webhook.id} webhook={webhook} />
      ))}
    </Stack>
  );
}

/** The allow-list, one entry a line, as an Admin edits it. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

function SettingsForm({ settings }: { settings: OrganisationSettings }) {
  const [allowList, setAllowList] = useState(settings.webhookPrivateAllowList.join('\n'));
  const [followsPerPerson, setFollowsPerPerson] = useState(String(settings.followsPerPerson));
  const save = useSaveOrganisationSettings();
  const submit = () =>
    save.mutate({ webhookPrivateAllowList: linesOf(allowList), followsPerPerson: Number(followsPerPerson) });
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <TextField
        label="Private networks webhooks may reach"
        helperText="One a line: a host name, an address or a range such as 10.20.0.0/16. Any other private, loopback or link-local address is refused."
        value={allowList}
        onChange={(event) => setAllowList(event.target.value)}
        multiline
        minRows={2}
        size="small"
      />
      <TextField
        label="Follows per person"
        type="number"
        value={followsPerPerson}
        onChange={(event) => setFollowsPerPerson(event.target.value)}
        size="small"
        sx={{ maxWidth: 200 }}
      />
      {save.isError ? (
        <Alert severity="error">{failureMessage(save.error, 'Failed to save. Please try again.')}</Alert>
      ) : null}
      {save.isSuccess ? <Alert severity="success">Saved.</Alert> : null}
      <Box>
        <Button variant="outlined" onClick={submit} disabled={save.isPending}>
          Save settings
        </Button>
      </Box>
    </Stack>
  );
}

function OrganisationSettingsSection() {
  const settings = useQuery(organisationSettingsQuery());
  return (
    <Paper component="section" aria-label="Organisation settings" variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Organisation settings
      </Typography>
      {settings.isPending ? <CircularProgress size={24} aria-label="Loading settings" /> : null}
      {settings.isError ? <Alert severity="error">Failed to load the settings. Please try again.</Alert> : null}
      {settings.isSuccess ? <SettingsForm settings={settings.data} /> : null}
    </Paper>
  );
}

/** `/webhooks` (Admin): register an HTTPS receiver for event kinds and watch its deliveries. */
export function WebhooksPage() {
  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h4" component="h1">
          Webhooks
        </Typography>
        <Typography color="text.secondary">
          Quayside posts each event of every company's shipments, purchase orders and bookings to these addresses,
          signed, and tries a failed delivery again, waiting a minute and then twice as long each time, for about two
          hours. A receiver that fails ten times in a row is paused until you resume it. A delivery may arrive twice:
          receivers should ignore a Quayside-Delivery id they have seen.
        </Typography>
      </Stack>
      <Paper component="section" aria-label="Register a webhook" variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Register a webhook
        </Typography>
        <RegisterForm />
      </Paper>
      <WebhookList />
      <OrganisationSettingsSection />
    </Stack>
  );
}
