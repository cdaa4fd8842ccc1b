import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Sidebar } from '../../app/shell/sidebar.tsx';
import { Answer, type ApiCall } from '../../testing/fake-api.ts';
import { ADMIN, renderScreen } from '../../testing/render-screen.tsx';
import { WebhooksPage } from './webhooks-page.tsx';

const hook = {
  id: 3,
  url: 'https://erp.example/hooks',
  events: ['eta_slipped', 'arrived'],
  signing: 'quayside',
  createdAt: '2026-11-24T09:00:00.000Z',
  consecutiveFailures: 1,
  backoffUntil: '2026-11-24T09:02:00.000Z',
  pausedAt: null,
  pausedReason: null,
  deliveries: [
    {
      id: 11,
      eventId: 5,
      eventKind: 'eta_slipped',
      record: { type: 'shipment', reference: 'QS-5' },
      shipment: 'QS-5',
      status: 'pending',
      attempts: 1,
      lastStatus: 500,
      lastOutcome: 'http',
      lastError: 'HTTP 500',
      lastTryAt: '2026-11-24T09:01:00.000Z',
      nextTryAt: '2026-11-24T09:02:00.000Z',
    },
    {
      id: 10,
      eventId: 4,
      eventKind: 'po_confirmed',
      record: { type: 'purchase_order', reference: 'PO-4471' },
      shipment: null,
      status: 'delivered',
      attempts: 1,
      lastStatus: 200,
      lastOutcome: 'delivered',
      lastError: null,
      lastTryAt: '2026-11-24T08:00:00.000Z',
      nextTryAt: null,
    },
  ],
};

describe('the webhooks page', () => {
  it('registers an HTTPS receiver for the chosen events and shows its secret once', async () => {
    const api = renderScreen(<WebhooksPage />, {
      user: ADMIN,
      at: '/webhooks',
      route: '/webhooks',
      api: {
        'GET /api/Webhooks': () => ({ webhooks: [] }),
        'POST /api/Webhooks': (call: ApiCall) =>
          (call.body as { url: string }).url.startsWith('https://')
            ? {
                webhook: { ...hook, signing: (call.body as { signing: string }).signing, deliveries: [] },
                secret: 'whsec_abc',
              }
            : new Answer(400, { message: 'The webhook URL must be an https:// address. (url)' }),
      },
    });
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Register a webhook' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'HTTPS URL' }), 'http://erp.example/hooks');
    // A purchase order's and a booking's events too, but not a conversation's (one person's news).
    expect(within(form).getByRole('checkbox', { name: 'A booking declined' })).toBeChecked();
    expect(within(form).queryByRole('checkbox', { name: 'A message mentioning you' })).toBeNull();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'A new exception' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await within(form).findByText('The webhook URL must be an https:// address. (url)')).toBeInTheDocument();

    const url = within(form).getByRole('textbox', { name: 'HTTPS URL' });
    await userEvent.clear(url);
    await userEvent.type(url, 'https://erp.example/hooks');
    // Signed as Standard Webhooks, which the receiver's library verifies.
    await userEvent.click(within(form).getByRole('combobox', { name: 'Signature' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Standard Webhooks' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await within(form).findByText('whsec_abc')).toBeInTheDocument();
    expect(within(form).getByText(/signed the Standard Webhooks way/)).toBeInTheDocument();
    // userEvent.setup() gives the page a clipboard, as a browser does.
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Copy the signing secret' }));
    expect(await within(form).findByText('Copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('whsec_abc');
    await waitFor(() =>
      expect(api.callsTo('POST /api/Webhooks')[1]?.body).toEqual({
        url: 'https://erp.example/hooks',
        events: [
          'eta_slipped',
          'departed',
          'arrived',
          'document_uploaded',
          'po_confirmed',
          'po_change_proposed',
          'po_change_approved',
          'po_change_rejected',
          'booking_requested',
          'booking_routed',
          'booking_confirmed',
          'booking_declined',
        ],
        signing: 'standard',
      }),
    );
  });

  it('shows each delivery: last answer and next try; deletes a hook once asked and confirmed', async () => {
    const api = renderScreen(<WebhooksPage />, {
      user: ADMIN,
      at: '/webhooks',
      route: '/webhooks',
      api: {
        'GET /api/Webhooks': () => ({ webhooks: [hook] }),
        'POST /api/Webhooks/delete': () => ({ message: 'Deleted.' }),
      },
    });
    const entry = await screen.findByRole('article', { name: 'https://erp.example/hooks' });
    expect(entry).toHaveTextContent('An ETA slip, An arrival recorded');
    const row = within(within(entry).getByRole('table', { name: 'Deliveries' })).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['An ETA slip', 'Shipment QS-5', 'pending', '1', 'HTTP 500', expect.any(String), expect.any(String)]);
    const poRow = within(within(entry).getByRole('table', { name: 'Deliveries' })).getAllByRole(
      'row',
    )[2] as HTMLElement;
    expect(
      within(poRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'A PO confirmed by its supplier',
      'Purchase order PO-4471',
      'delivered',
      '1',
      '200',
      expect.any(String),
      '—',
    ]);
    await userEvent.click(within(entry).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete webhook' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete the webhook https://erp.example/hooks?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/Webhooks/delete')).toHaveLength(0);
    await userEvent.click(within(entry).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete webhook' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(api.callsTo('POST /api/Webhooks/delete')[0]?.query.get('id')).toBe('3'));
  });

  it('shows a paused receiver with its reason, and resumes it', async () => {
    let isPaused = true;
    const api = renderScreen(<WebhooksPage />, {
      user: ADMIN,
      at: '/webhooks',
      route: '/webhooks',
      api: {
        'GET /api/Webhooks': () => ({
          webhooks: [
            {
              ...hook,
              consecutiveFailures: isPaused ? 10 : 0,
              pausedAt: isPaused ? '2026-11-24T13:00:00.000Z' : null,
              pausedReason: isPaused ? '10 tries in a row failed; the last: No answer within 10 s' : null,
              deliveries: [
                { ...hook.deliveries[0], lastStatus: null, lastOutcome: 'timeout', lastError: 'No answer within 10 s' },
              ],
            },
          ],
        }),
        'POST /api/Webhooks/resume': () => {
          isPaused = false;
          return { message: 'Webhook resumed.' };
        },
      },
    });
    const entry = await screen.findByRole('article', { name: 'https://erp.example/hooks' });
    expect(within(entry).getByRole('alert')).toHaveTextContent(
      /Paused .*: 10 tries in a row failed; the last: No answer within 10 s\. Nothing is sent to it until it is resumed\./,
    );
    const row = within(within(entry).getByRole('table', { name: 'Deliveries' })).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getAllByRole('cell')[4]).toHaveTextContent('No answer within 10 s');
    await userEvent.click(within(entry).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(api.callsTo('POST /api/Webhooks/resume')[0]?.query.get('id')).toBe('3'));
    await waitFor(() => expect(within(entry).queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument());
  });

  it('lets an Admin allow private networks and set the follow limit', async () => {
    const api = renderScreen(<WebhooksPage />, {
      user: ADMIN,
      at: '/webhooks',
      route: '/webhooks',
      api: {
        'GET /api/Webhooks': () => ({ webhooks: [] }),
        'GET /api/OrganisationSettings': () => ({ webhookPrivateAllowList: ['10.20.0.0/16'], followsPerPerson: 500 }),
        'POST /api/OrganisationSettings': (call: ApiCall) =>
          (call.body as { webhookPrivateAllowList: string[] }).webhookPrivateAllowList.includes('10.1')
            ? new Answer(400, {
                message:
                  'Each allowed private network is a host name, an IP address or a CIDR range such as 10.20.0.0/16. (10.1)',
              })
            : call.body,
      },
    });
    const section = await screen.findByRole('region', { name: 'Organisation settings' });
    const allowList = await within(section).findByRole('textbox', { name: 'Private networks webhooks may reach' });
    expect(allowList).toHaveValue('10.20.0.0/16');
    await userEvent.type(allowList, '{enter}10.1');
    await userEvent.click(within(section).getByRole('button', { name: 'Save settings' }));
    expect(await within(section).findByText(/CIDR range such as 10\.20\.0\.0\/16\. \(10\.1\)/)).toBeInTheDocument();

    await userEvent.clear(allowList);
    await userEvent.type(allowList, 'hooks.internal{enter}  {enter}fd00::7');
    const follows = within(section).getByRole('spinbutton', { name: 'Follows per person' });
    await userEvent.clear(follows);
    await userEvent.type(follows, '800');
    await userEvent.click(within(section).getByRole('button', { name: 'Save settings' }));
    expect(await within(section).findByText('Saved.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/OrganisationSettings')[1]?.body).toEqual({
      webhookPrivateAllowList: ['hooks.internal', 'fd00::7'],
      followsPerPerson: 800,
    });
  });

  it('is linked from the sidebar for an Admin', async () => {
    renderScreen(<Sidebar isExpanded />, { user: ADMIN });
    expect(await screen.findByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/webhooks');
  });
});
