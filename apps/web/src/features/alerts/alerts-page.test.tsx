import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Sidebar } from '../../app/shell/sidebar.tsx';
import type { ApiCall } from '../../testing/fake-api.ts';
import { FORWARDER, renderScreen } from '../../testing/render-screen.tsx';
import { AlertsPage } from './alerts-page.tsx';

// The bell and /alerts: what the user is told, what they follow, and how they hear of each kind.

const event = (id: number, kind: string, text: string) => ({
  id,
  kind,
  shipment: `QS-${id}`,
  at: '2026-11-24T09:00:00.000Z',
  text,
  detail: {},
});

const alerts = () => ({
  notifications: [
    { id: 2, event: event(2, 'eta_slipped', 'ETA slipped: Dest. ETA 2027-06-10 → 2027-06-20 (+10 days)'), read: false },
    { id: 1, event: event(1, 'departed', 'Departed: ATD 2026-11-20'), read: true },
  ],
  unread: 1,
});

const preferences = () => ({
  preferences: {
    new_exception: 'digest',
    eta_slipped: 'digest',
    departed: 'digest',
    arrived: 'digest',
    document_uploaded: 'digest',
  },
});

const follows = () => ({
  follows: [
    {
      id: 7,
      shipment: 'QS-9',
      name: null,
      query: null,
      events: ['arrived'],
      channel: 'email',
      createdAt: '2026-11-20T09:00:00.000Z',
    },
    {
      id: 8,
      shipment: null,
      name: 'Late arrivals',
      query: { report: 'default', exception: 'late_arrival' },
      events: ['new_exception', 'eta_slipped', 'departed', 'arrived', 'document_uploaded'],
      channel: null,
      createdAt: '2026-11-21T09:00:00.000Z',
    },
  ],
});

const alertsApi = {
  'GET /api/Alerts': alerts,
  'GET /api/Alerts/preferences': preferences,
  'GET /api/Follows': follows,
  'POST /api/Alerts/read': () => ({ message: 'Marked read.' }),
  'POST /api/Alerts/preferences': (call: ApiCall) => call.body,
  'POST /api/Follows/delete': () => ({ message: 'No longer followed.' }),
};

describe('the alerts page', () => {
  it('lists the alerts newest first, unread in bold, each a link to its shipment; marks them read', async () => {
    const api = renderScreen(<AlertsPage />, { user: FORWARDER, at: '/alerts', route: '/alerts', api: alertsApi });
    const latest = await screen.findByRole('region', { name: 'Latest alerts' });
    const slip = await within(latest).findByRole('link', { name: /QS-2: ETA slipped/ });
    expect(slip).toHaveAttribute('href', '/shipment-details/QS-2');
    expect(slip.querySelector('.MuiListItemText-primary')).toHaveStyle({ fontWeight: 700 });
    expect(within(latest).getByRole('link', { name: /QS-1: Departed: ATD 2026-11-20/ })).toBeInTheDocument();
    expect(within(latest).getByText('1 unread')).toBeInTheDocument();

    await userEvent.click(within(latest).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(api.callsTo('POST /api/Alerts/read')[0]?.body).toEqual({}));
    await userEvent.click(slip);
    await waitFor(() => expect(api.callsTo('POST /api/Alerts/read')[1]?.body).toEqual({ ids: [2] }));
  });

  it('saves how each event kind reaches the user', async () => {
    const api = renderScreen(<AlertsPage />, { user: FORWARDER, at: '/alerts', route: '/alerts', api: alertsApi });
    const section = await screen.findByRole('region', { name: 'How you hear of each event' });
    const save = await within(section).findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(within(section).getByRole('combobox', { name: 'An ETA slip' }));
    await userEvent.click(await screen.findByRole('option', { name: 'E-mail at once' }));
    await userEvent.click(save);
    await waitFor(() =>
      expect(api.callsTo('POST /api/Alerts/preferences')[0]?.body).toEqual({
        preferences: { ...preferences().preferences, eta_slipped: 'email' },
      }),
    );
    expect(await within(section).findByText('Saved.')).toBeInTheDocument();
  });

  it('lists what the user follows, with links and what each tells of and how, and stops following', async () => {
    const api = renderScreen(<AlertsPage />, { user: FORWARDER, at: '/alerts', route: '/alerts', api: alertsApi });
    const section = await screen.findByRole('region', { name: 'What you follow' });
    expect(await within(section).findByRole('link', { name: /^Shipment QS-9/ })).toHaveAttribute(
      'href',
      '/shipment-details/QS-9',
    );
    expect(within(section).getByRole('link', { name: /^View: Late arrivals/ })).toHaveAttribute(
      'href',
      '/?report=default&exception=late_arrival',
    );
    expect(within(section).getByText('Arrival · Now, by e-mail')).toBeInTheDocument();
    expect(within(section).getByText('Every event · As your usual setting for each event')).toBeInTheDocument();
    await userEvent.click(within(section).getAllByRole('button', { name: 'Unfollow' })[0] as HTMLElement);
    await waitFor(() => expect(api.callsTo('POST /api/Follows/delete')[0]?.query.get('id')).toBe('7'));
  });
});

describe('the bell', () => {
  it('shows the unread count in the sidebar and links to the alerts page', async () => {
    renderScreen(<Sidebar isExpanded />, { user: FORWARDER, api: alertsApi });
    const bell = await screen.findByRole('link', { name: 'Alerts, 1 unread' });
    expect(bell).toHaveAttribute('href', '/alerts');
    expect(screen.queryByRole('link', { name: 'Webhooks' })).toBeNull();
  });
});
