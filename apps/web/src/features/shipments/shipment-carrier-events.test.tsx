import type { TrackingLink } from '@quayside/domain/carrier-events';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../testing/fake-api.ts';
import { ADMIN, EMPLOYEE, FORWARDER, type ScreenUser } from '../../testing/render-screen.tsx';
import { shipmentFixture } from '../../testing/shipment-fixture.ts';
import { renderShipmentPage } from './render-shipment-page.tsx';

const STORED = shipmentFixture({ Shipment: 'QS-1', 'Forwarder Name': 'Blue Freight' });

/** A carrier event as GET /api/Shipments/carrier-events answers it. */
const event = (fields: object) => ({
  id: 1,
  eventID: 'ev-1',
  eventType: 'TRANSPORT',
  code: 'DEPA',
  classifier: 'ACT',
  title: 'Departure (actual)',
  at: '2026-11-20T08:30:00+08:00',
  location: 'CNSHA',
  vessel: 'MAERSK ESSEX',
  equipment: '',
  sender: 'Maersk',
  receivedAt: '2026-11-20T00:31:00.000Z',
  outcome: 'applied',
  applied: 'ATD',
  ...fields,
});

const EVENTS = [
  event({
    id: 3,
    eventType: 'TRANSPORT',
    code: 'ARRI',
    classifier: 'EST',
    title: 'Arrival (estimated)',
    at: '2026-12-02T06:00:00+11:00',
    location: 'AUMEL',
    applied: 'Dest. ETA',
  }),
  event({
    id: 2,
    eventType: 'EQUIPMENT',
    code: 'LOAD',
    title: 'Loaded (actual)',
    at: '2026-11-20T05:10:00+08:00',
    vessel: '',
    equipment: 'MSKU1234565',
    outcome: 'recorded',
    applied: null,
  }),
  event({ id: 1 }),
];

const pageApi = (events: object[], more: Record<string, (call: ApiCall) => unknown> = {}) => ({
  'GET /api/Shipments': () => ({ shipments: [STORED] }),
  'GET /api/Shipments/carrier-events': () => ({ events }),
  ...more,
});

describe("the shipment page's carrier events", () => {
  it('lists them newest first: what, when as the carrier wrote it, where, vessel, container, sender, the date set', async () => {
    const api = renderShipmentPage('QS-1', { user: EMPLOYEE, api: pageApi(EVENTS) });
    const section = await screen.findByRole('region', { name: 'Carrier events' });
    const entries = await within(section).findAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('.MuiListItemText-primary')?.textContent)).toEqual([
      'Arrival (estimated)Set Dest. ETA',
      'Loaded (actual)',
      'Departure (actual)Set ATD',
    ]);
    const [arrival, loaded, departure] = entries as [HTMLElement, HTMLElement, HTMLElement];
    // The place's own time, not the reader's: 06:00 in Melbourne stays 06:00.
    expect(arrival).toHaveTextContent('2026-12-02 06:00 (UTC+11:00) · AUMEL · Vessel MAERSK ESSEX · From Maersk');
    expect(loaded).toHaveTextContent('2026-11-20 05:10 (UTC+08:00) · CNSHA · Container MSKU1234565 · From Maersk');
    expect(within(departure).getByText('Set ATD')).toBeInTheDocument();
    expect(within(loaded).queryByText(/^Set /)).toBeNull();
    expect(api.callsTo('GET /api/Shipments/carrier-events')[0]?.query.get('shipment')).toBe('QS-1');
    // Under the milestone strip.
    const strip = screen.getByRole('region', { name: 'Milestones' });
    expect(strip.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says when there are none yet', async () => {
    renderShipmentPage('QS-1', { user: FORWARDER, api: pageApi([]) });
    const section = await screen.findByRole('region', { name: 'Carrier events' });
    expect(await within(section).findByText('No carrier events yet.')).toBeInTheDocument();
  });

  it('shows the newest five of a long voyage, and all on asking', async () => {
    const many = Array.from({ length: 7 }, (_, index) => event({ id: 10 - index, eventID: `ev-${10 - index}` }));
    renderShipmentPage('QS-1', { user: EMPLOYEE, api: pageApi(many) });
    const section = await screen.findByRole('region', { name: 'Carrier events' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(5));
    await userEvent.click(within(section).getByRole('button', { name: 'Show all 7' }));
    expect(within(section).getAllByRole('listitem')).toHaveLength(7);
  });
});

describe('sharing a tracking link', () => {
  const linksApi = () => {
    let links: TrackingLink[] = [
      {
        id: 1,
        createdAt: '2026-11-01T09:00:00.000Z',
        createdBy: 'ana@napco.example',
        revokedAt: '2026-11-03T09:00:00.000Z',
      },
    ];
    return {
      'GET /api/TrackingLinks': () => ({ links }),
      'POST /api/TrackingLinks': () => {
        const link = { id: 2, createdAt: '2026-11-24T09:00:00.000Z', createdBy: ADMIN.email, revokedAt: null };
        links = [link, ...links];
        return { link, token: 'tok-abc', path: '/track/tok-abc' };
      },
      'POST /api/TrackingLinks/revoke': () => {
        links = links.map((link) => (link.id === 2 ? { ...link, revokedAt: '2026-11-24T10:00:00.000Z' } : link));
        return { message: 'The link is withdrawn.' };
      },
    };
  };

  it.each([ADMIN, EMPLOYEE, { ...EMPLOYEE, role: 'Manager' } as ScreenUser])(
    'is offered to staff ($role)',
    async (user) => {
      renderShipmentPage('QS-1', { user, api: pageApi([]) });
      expect(await screen.findByRole('button', { name: 'Share tracking link' })).toBeInTheDocument();
    },
  );

  it('is not offered to a Forwarder', async () => {
    const api = renderShipmentPage('QS-1', { user: FORWARDER, api: { ...pageApi([]), ...linksApi() } });
    expect(await screen.findByRole('heading', { name: 'Shipment: QS-1' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share tracking link' })).toBeNull();
    expect(api.callsTo('GET /api/TrackingLinks')).toHaveLength(0);
  });

  it('lists the links, makes one whose address shows once with what it shows, and withdraws it', async () => {
    const api = renderShipmentPage('QS-1', { user: EMPLOYEE, api: { ...pageApi([]), ...linksApi() } });
    await userEvent.click(await screen.findByRole('button', { name: 'Share tracking link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share tracking link' });
    const table = await within(dialog).findByRole('table', { name: 'Tracking links' });
    const [, withdrawn] = within(table).getAllByRole('row') as HTMLElement[];
    expect(withdrawn).toHaveTextContent('ana@napco.example');
    expect(withdrawn).toHaveTextContent(/Withdrawn 2026-11-0\d \d\d:\d\d/);
    expect(within(withdrawn as HTMLElement).queryByRole('button')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Make a link' }));
    const address = `${window.location.origin}/track/tok-abc`;
    expect(await within(dialog).findByText(address)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Shown this once: copy it now.');
    expect(dialog).toHaveTextContent(
      "Anyone with this link can see the shipment's milestones, dates, ports, mode and carrier events — not its parties, orders, parts or documents.",
    );
    expect(api.callsTo('POST /api/TrackingLinks')[0]?.body).toEqual({ shipment: 'QS-1' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Copy the link' }));
    expect(await within(dialog).findByText('Copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(address);

    await user.click(await within(dialog).findByRole('button', { name: /^Withdraw the link made / }));
    await waitFor(() => expect(api.callsTo('POST /api/TrackingLinks/revoke')[0]?.query.get('id')).toBe('2'));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /^Withdraw/ })).toBeNull());
    expect(within(dialog).getAllByText(/^Withdrawn /)).toHaveLength(2);
  });
});
