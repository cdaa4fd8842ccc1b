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
  createdAt: '2026-11-24T09:00:00.000Z',
  deliveries: [
    {
      id: 11,
      eventId: 5,
      eventKind: 'eta_slipped',
      shipment: 'QS-5',
      status: 'pending',
      attempts: 1,
      lastStatus: 500,
      lastError: null,
      lastTryAt: '2026-11-24T09:01:00.000Z',
      nextTryAt: '2026-11-24T09:02:00.000Z',
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
            ? { webhook: { ...hook, deliveries: [] }, secret: 'whsec_abc' }
            : new Answer(400, { message: 'The webhook URL must be an https:// address. (url)' }),
      },
    });
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Register a webhook' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'HTTPS URL' }), 'http://erp.example/hooks');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'A new exception' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await within(form).findByText('The webhook URL must be an https:// address. (url)')).toBeInTheDocument();

    const url = within(form).getByRole('textbox', { name: 'HTTPS URL' });
    await userEvent.clear(url);
    await userEvent.type(url, 'https://erp.example/hooks');
    await userEvent.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await within(form).findByText('whsec_abc')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('POST /api/Webhooks')[1]?.body).toEqual({
        url: 'https://erp.example/hooks',
        events: ['eta_slipped', 'departed', 'arrived', 'document_uploaded'],
      }),
    );
  });

  it('shows each delivery: last answer and next try; deletes a hook', async () => {
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
    ).toEqual(['An ETA slip', 'QS-5', 'pending', '1', '500', expect.any(String), expect.any(String)]);
    await userEvent.click(within(entry).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('POST /api/Webhooks/delete')[0]?.query.get('id')).toBe('3'));
  });

  it('is linked from the sidebar for an Admin', async () => {
    renderScreen(<Sidebar isExpanded />, { user: ADMIN });
    expect(await screen.findByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/webhooks');
  });
});
