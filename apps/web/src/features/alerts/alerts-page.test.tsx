import { EVENT_KINDS } from '@quayside/domain/events';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Sidebar } from '../../app/shell/sidebar.tsx';
import type { ApiCall } from '../../testing/fake-api.ts';
import { FORWARDER, renderScreen, SUPPLIER } from '../../testing/render-screen.tsx';
import { AlertsPage } from './alerts-page.tsx';

// The bell and /alerts: what the user is told, what they follow, and how they hear of each kind.

// A shipment's event, as the API sends it (RecordEvent).
const event = (id: number, kind: string, text: string) => ({
  id,
  kind,
  record: { type: 'shipment', reference: `QS-${id}` },
  shipment: `QS-${id}`,
  at: '2026-11-24T09:00:00.000Z',
  text,
  detail: {},
});

// A purchase order's event: no shipment.
const orderEvent = (id: number, kind: string, poNumber: string, text: string) => ({
  id,
  kind,
  record: { type: 'purchase_order', reference: poNumber },
  shipment: null,
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

// Every one of the 15 kinds, as the server answers.
const preferences = () => ({
  preferences: Object.fromEntries(EVENT_KINDS.map((kind) => [kind, 'digest'])),
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

  it('groups the choices: shipments followed, purchase orders and bookings, conversations', async () => {
    renderScreen(<AlertsPage />, { user: FORWARDER, at: '/alerts', route: '/alerts', api: alertsApi });
    const section = await screen.findByRole('region', { name: 'How you hear of each event' });
    await within(section).findByRole('button', { name: 'Save' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Shipments you follow', 'Purchase orders and bookings', 'Conversations']);
    // Each group offers exactly these choices, by their accessible names.
    const expectChoices = (name: string, labels: string[]) => {
      const group = within(within(section).getByRole('group', { name }));
      expect(group.getAllByRole('combobox')).toHaveLength(labels.length);
      for (const label of labels) expect(group.getByRole('combobox', { name: label })).toBeVisible();
    };
    expectChoices('Shipments you follow', [
      'A new exception',
      'An ETA slip',
      'A departure recorded',
      'An arrival recorded',
      'A document uploaded',
    ]);
    expectChoices('Purchase orders and bookings', [
      'A PO confirmed by its supplier',
      'Changes proposed to a PO',
      'Proposed changes approved',
      'Proposed changes rejected',
      'A booking requested',
      'A booking routed to a forwarder',
      'A booking confirmed',
      'A booking declined',
    ]);
    expectChoices('Conversations', ['A message mentioning you', 'A reply to your message']);
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

describe("a supplier contact's alerts page", () => {
  const supplierApi = {
    'GET /api/Alerts': () => ({
      notifications: [
        {
          id: 5,
          event: orderEvent(5, 'po_change_approved', 'PO-4471', 'Proposed changes approved by admin@napco.example'),
          read: false,
        },
      ],
      unread: 1,
    }),
    'GET /api/Alerts/preferences': preferences,
    'POST /api/Alerts/read': () => ({ message: 'Marked read.' }),
    'POST /api/Alerts/preferences': (call: ApiCall) => call.body,
  };

  it("links a PO's event to the PO, shows no follows, and never asks for them", async () => {
    const api = renderScreen(<AlertsPage />, { user: SUPPLIER, at: '/alerts', route: '/alerts', api: supplierApi });
    const latest = await screen.findByRole('region', { name: 'Latest alerts' });
    const approved = await within(latest).findByRole('link', {
      name: /PO-4471: Proposed changes approved by admin@napco\.example/,
    });
    expect(approved).toHaveAttribute('href', '/purchase-orders/PO-4471');
    const section = await screen.findByRole('region', { name: 'How you hear of each event' });
    await within(section).findByRole('button', { name: 'Save' });
    // The role is known: the shipments' choices are gone.
    await waitFor(() => expect(within(section).queryByRole('group', { name: 'Shipments you follow' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'What you follow' })).toBeNull();
    expect(api.callsTo('GET /api/Follows')).toHaveLength(0);
  });

  it('offers no choice for followed shipments, yet saves every kind', async () => {
    const api = renderScreen(<AlertsPage />, { user: SUPPLIER, at: '/alerts', route: '/alerts', api: supplierApi });
    const section = await screen.findByRole('region', { name: 'How you hear of each event' });
    const save = await within(section).findByRole('button', { name: 'Save' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Purchase orders and bookings', 'Conversations']);
    expect(within(section).queryByRole('combobox', { name: 'An ETA slip' })).toBeNull();
    await userEvent.click(within(section).getByRole('combobox', { name: 'A message mentioning you' }));
    await userEvent.click(await screen.findByRole('option', { name: 'E-mail at once' }));
    await userEvent.click(save);
    await waitFor(() =>
      expect(api.callsTo('POST /api/Alerts/preferences')[0]?.body).toEqual({
        preferences: { ...preferences().preferences, mentioned: 'email' },
      }),
    );
    expect(api.callsTo('GET /api/Follows')).toHaveLength(0);
  });

  it('says what a supplier hears of when there is nothing yet', async () => {
    renderScreen(<AlertsPage />, {
      user: SUPPLIER,
      at: '/alerts',
      route: '/alerts',
      api: { ...supplierApi, 'GET /api/Alerts': () => ({ notifications: [], unread: 0 }) },
    });
    expect(
      await screen.findByText(
        'No alerts yet. You hear here when your purchase orders and bookings need you, or someone mentions you.',
      ),
    ).toBeInTheDocument();
  });
});

describe('the bell', () => {
  it('shows the unread count in the sidebar and links to the alerts page', async () => {
    renderScreen(<Sidebar isExpanded />, { user: FORWARDER, api: alertsApi });
    const bell = await screen.findByRole('link', { name: 'Alerts, 1 unread' });
    expect(bell).toHaveAttribute('href', '/alerts');
    expect(screen.queryByRole('link', { name: 'Webhooks' })).toBeNull();
  });

  it("shows a supplier contact's unread count too", async () => {
    renderScreen(<Sidebar isExpanded />, { user: SUPPLIER, api: alertsApi });
    expect(await screen.findByRole('link', { name: 'Alerts, 1 unread' })).toHaveAttribute('href', '/alerts');
  });
});
