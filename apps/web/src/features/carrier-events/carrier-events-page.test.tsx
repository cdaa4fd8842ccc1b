import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Sidebar } from '../../app/shell/sidebar.tsx';
import { Answer, type ApiCall } from '../../testing/fake-api.ts';
import { ADMIN, EMPLOYEE, type RenderOptions, renderScreen } from '../../testing/render-screen.tsx';
import { CarrierEventsPage } from './carrier-events-page.tsx';

const MAERSK = {
  id: 4,
  name: 'Maersk',
  forwarderName: null,
  signed: true,
  createdAt: '2026-11-20T09:00:00.000Z',
  lastEventAt: '2026-11-24T10:00:00.000Z',
  events: 12,
};

const UNMATCHED = {
  id: 31,
  eventID: 'ev-31',
  title: 'Arrival (actual)',
  at: '2026-11-24T08:30:00+08:00',
  location: 'CNSHA',
  sender: 'Maersk',
  receivedAt: '2026-11-24T00:31:00.000Z',
  outcome: 'unmatched',
  reason: 'No shipment has container MSKU1234565.',
  containers: ['MSKU1234565'],
  documents: [],
  bookings: [],
  candidates: [],
};

const AMBIGUOUS = {
  ...UNMATCHED,
  id: 32,
  eventID: 'ev-32',
  title: 'Departure (estimated)',
  at: '2026-11-25T18:00:00Z',
  location: 'AUMEL',
  outcome: 'ambiguous',
  reason: 'Several shipments have transport document MBL-9.',
  containers: [],
  documents: ['MBL-9'],
  bookings: ['BK-7'],
  candidates: ['QS-1', 'QS-2'],
};

const renderPage = (api: RenderOptions['api']) =>
  renderScreen(<CarrierEventsPage />, { user: ADMIN, at: '/carrier-events', route: '/carrier-events', api });

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the carrier events page: integrations', () => {
  it('lists each integration: whose shipments, signed, its events and when it last sent', async () => {
    renderPage({
      'GET /api/CarrierIntegrations': () => ({
        integrations: [
          MAERSK,
          {
            ...MAERSK,
            id: 5,
            name: 'Blue tracker',
            forwarderName: 'Blue Freight',
            signed: false,
            lastEventAt: null,
            events: 0,
          },
        ],
      }),
      'GET /api/CarrierEvents/review': () => ({ items: [], total: 0 }),
    });
    const table = await screen.findByRole('table', { name: 'Integrations' });
    const [, maersk, blue] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(maersk as HTMLElement).getByRole('rowheader')).toHaveTextContent('Maersk');
    expect(cellsOf(maersk as HTMLElement)).toEqual([
      'Any shipment',
      'Yes',
      '12',
      expect.stringMatching(/^2026-11-2\d \d\d:\d\d$/),
      expect.any(String),
      'Revoke',
    ]);
    expect(cellsOf(blue as HTMLElement)).toEqual(['Blue Freight', 'No', '0', '—', expect.any(String), 'Revoke']);
    expect(await screen.findByText('No carrier events are waiting for review.')).toBeInTheDocument();
  });

  it('creates an integration and shows its token and signing secret once, with how to send', async () => {
    let integrations: object[] = [];
    const api = renderPage({
      'GET /api/CarrierIntegrations': () => ({ integrations }),
      'GET /api/CarrierEvents/review': () => ({ items: [], total: 0 }),
      'POST /api/CarrierIntegrations': (call: ApiCall) => {
        const { name } = call.body as { name: string };
        if (name === 'Maersk' && integrations.length > 0)
          return new Answer(409, { message: 'An integration of that name exists.' });
        integrations = [{ ...MAERSK, forwarderName: 'Blue Freight', events: 0, lastEventAt: null }];
        return { integration: integrations[0], token: 'cit_secret_token', signingSecret: 'cis_signing_key' };
      },
    });
    const section = await screen.findByRole('region', { name: 'Integrations' });
    expect(await within(section).findByText('No integrations yet.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'New integration' }));
    let dialog = await screen.findByRole('dialog', { name: 'New integration' });
    // Nothing is sent without a name: the server's own words say what is missing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Name the integration (the carrier or provider).')).toBeInTheDocument();
    expect(api.callsTo('POST /api/CarrierIntegrations')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Maersk');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Forwarder name' }), 'Blue Freight');
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Sign notifications (Notification-Signature)' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(/Shown this once: copy it now\./)).toBeInTheDocument();
    expect(within(dialog).getByText('cit_secret_token')).toBeInTheDocument();
    expect(within(dialog).getByText('cis_signing_key')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('POST /api/CarrierEvents');
    expect(dialog).toHaveTextContent('Authorization: Bearer <token>');
    expect(dialog).toHaveTextContent('Notification-Signature: sha256=');
    expect(api.callsTo('POST /api/CarrierIntegrations')[0]?.body).toEqual({
      name: 'Maersk',
      forwarderName: 'Blue Freight',
      signed: true,
    });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Copy the token' }));
    expect(await within(dialog).findByText('Copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('cit_secret_token');

    // Once closed, the token is gone: the list shows the integration, not its token.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(section).findByRole('rowheader', { name: 'Maersk' })).toBeInTheDocument();
    expect(screen.queryByText('cit_secret_token')).toBeNull();

    // A second of the same name: the server's refusal, in the dialog.
    await user.click(within(section).getByRole('button', { name: 'New integration' }));
    dialog = await screen.findByRole('dialog', { name: 'New integration' });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Maersk');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('An integration of that name exists.')).toBeInTheDocument();
  });

  it('revokes an integration once asked and confirmed', async () => {
    let integrations: object[] = [MAERSK];
    const api = renderPage({
      'GET /api/CarrierIntegrations': () => ({ integrations }),
      'GET /api/CarrierEvents/review': () => ({ items: [], total: 0 }),
      'POST /api/CarrierIntegrations/revoke': () => {
        integrations = [];
        return { message: 'Integration Maersk revoked.' };
      },
    });
    const section = await screen.findByRole('region', { name: 'Integrations' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Revoke Maersk' }));
    let confirm = await screen.findByRole('dialog', { name: 'Revoke integration' });
    expect(confirm).toHaveTextContent('Are you sure you want to revoke the integration Maersk?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/CarrierIntegrations/revoke')).toHaveLength(0);

    await userEvent.click(within(section).getByRole('button', { name: 'Revoke Maersk' }));
    confirm = await screen.findByRole('dialog', { name: 'Revoke integration' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Integration Maersk revoked.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/CarrierIntegrations/revoke')[0]?.query.get('id')).toBe('4');
    expect(await within(section).findByText('No integrations yet.')).toBeInTheDocument();
  });
});

describe('the carrier events page: waiting for review', () => {
  it("shows each event's identifiers and candidates, at the time the carrier wrote", async () => {
    renderPage({
      'GET /api/CarrierIntegrations': () => ({ integrations: [] }),
      'GET /api/CarrierEvents/review': () => ({ items: [UNMATCHED, AMBIGUOUS], total: 2 }),
    });
    const table = await screen.findByRole('table', { name: 'Carrier events waiting for review' });
    const [, unmatched, ambiguous] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(unmatched as HTMLElement).getByRole('rowheader')).toHaveTextContent('Arrival (actual)');
    expect(cellsOf(unmatched as HTMLElement)).toEqual([
      '2026-11-24 08:30 (UTC+08:00)',
      'CNSHA',
      'Maersk',
      'No shipment has container MSKU1234565.',
      'Containers: MSKU1234565',
      '—',
      'AttachDismiss',
    ]);
    expect(cellsOf(ambiguous as HTMLElement)).toEqual([
      '2026-11-25 18:00 (UTC)',
      'AUMEL',
      'Maersk',
      'Several shipments have transport document MBL-9.',
      'Documents: MBL-9Bookings: BK-7',
      'QS-1, QS-2',
      'AttachDismiss',
    ]);
  });

  it('attaches an event to a shipment it matched, or one typed, and shows a refusal', async () => {
    let items = [UNMATCHED, AMBIGUOUS];
    const api = renderPage({
      'GET /api/CarrierIntegrations': () => ({ integrations: [] }),
      'GET /api/CarrierEvents/review': () => ({ items, total: items.length }),
      'POST /api/CarrierEvents/attach': (call: ApiCall) => {
        const { id, shipment } = call.body as { id: number; shipment: string };
        if (shipment === 'QS-404') return new Answer(404, { message: 'No shipment QS-404.' });
        items = items.filter((item) => item.id !== id);
        return { message: `Attached to ${shipment}: it set its ETD.` };
      },
    });
    const section = await screen.findByRole('region', { name: 'Waiting for review' });
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Attach Departure (estimated), 2026-11-25 18:00 (UTC)' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Attach carrier event' });
    const matched = within(dialog).getByRole('radiogroup', { name: 'It matched these shipments' });
    expect(
      within(matched)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['QS-1', 'QS-2']);
    await userEvent.click(within(matched).getByRole('radio', { name: 'QS-2' }));
    expect(within(dialog).getByRole('textbox', { name: /^Shipment number/ })).toHaveValue('QS-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Attach' }));
    expect(await screen.findByText('Attached to QS-2: it set its ETD.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/CarrierEvents/attach')[0]?.body).toEqual({ id: 32, shipment: 'QS-2' });
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(2));

    // Matched nothing: no choices, a number typed; the server's refusal stays in the dialog.
    await userEvent.click(within(section).getByRole('button', { name: /^Attach Arrival \(actual\)/ }));
    dialog = await screen.findByRole('dialog', { name: 'Attach carrier event' });
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    const shipment = within(dialog).getByRole('textbox', { name: /^Shipment number/ });
    expect(within(dialog).getByRole('button', { name: 'Attach' })).toBeDisabled();
    await userEvent.type(shipment, 'QS-404');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Attach' }));
    expect(await within(dialog).findByText('No shipment QS-404.')).toBeInTheDocument();
    await userEvent.clear(shipment);
    await userEvent.type(shipment, ' QS-7 ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Attach' }));
    expect(await within(section).findByText('No carrier events are waiting for review.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/CarrierEvents/attach')[2]?.body).toEqual({ id: 31, shipment: 'QS-7' });
  });

  it("dismisses an event, and shows the server's refusal", async () => {
    let items = [UNMATCHED, AMBIGUOUS];
    const api = renderPage({
      'GET /api/CarrierIntegrations': () => ({ integrations: [] }),
      'GET /api/CarrierEvents/review': () => ({ items, total: items.length }),
      'POST /api/CarrierEvents/dismiss': (call: ApiCall) => {
        if (call.query.get('id') === '32') return new Answer(409, { message: 'That event is not waiting for review.' });
        items = items.filter((item) => String(item.id) !== call.query.get('id'));
        return { message: 'Dismissed.' };
      },
    });
    const section = await screen.findByRole('region', { name: 'Waiting for review' });
    await userEvent.click(await within(section).findByRole('button', { name: /^Dismiss Departure \(estimated\)/ }));
    expect(await within(section).findByText('That event is not waiting for review.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: /^Dismiss Arrival \(actual\)/ }));
    expect(await screen.findByText('Dismissed.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).queryByRole('rowheader', { name: 'Arrival (actual)' })).toBeNull());
    expect(api.callsTo('POST /api/CarrierEvents/dismiss').map((call) => call.query.get('id'))).toEqual(['32', '31']);
  });
});

describe('the carrier events page in the sidebar', () => {
  it('is linked beside Webhooks for an Admin', async () => {
    renderScreen(<Sidebar isExpanded />, { user: ADMIN });
    expect(await screen.findByRole('link', { name: 'Carrier events' })).toHaveAttribute('href', '/carrier-events');
  });

  it('is not linked for an Employee', async () => {
    renderScreen(<Sidebar isExpanded />, { user: EMPLOYEE });
    expect(await screen.findByTitle('Employee')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Carrier events' })).toBeNull();
  });
});
