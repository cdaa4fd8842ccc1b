import { SHIPMENT_DATE_FIELDS, type Shipment } from '@quayside/domain/shipments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../testing/fake-api.ts';
import { thread } from '../../testing/message-fixture.ts';
import { ADMIN, EMPLOYEE, FORWARDER } from '../../testing/render-screen.tsx';
import { shipmentFixture } from '../../testing/shipment-fixture.ts';
import { renderCreateShipmentPage, renderShipmentPage } from './render-shipment-page.tsx';

/** A stored shipment as GET /api/Shipments answers it. */
const STORED = shipmentFixture({
  Shipment: 'QS-1',
  'Forwarder Name': 'Blue Freight',
  House: 'H-1',
  'Order Ref': ['PO-1'],
});

const shipmentsApi = {
  'GET /api/Shipments': () => ({ shipments: [STORED] }),
  'POST /api/Shipments': (call: ApiCall) => ({ shipments: [{ ...STORED, ...(call.body as object[])[0] }] }),
};

const field = (name: string | RegExp) => screen.findByRole('textbox', { name });

describe('the shipment form', () => {
  it('creates a shipment with its PO numbers once it has a number, and says so', async () => {
    const api = renderCreateShipmentPage({ api: shipmentsApi });
    const create = await screen.findByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await userEvent.type(await field(/^Shipment/), 'QS-9');
    await userEvent.type(await field('Line Items'), 'PO-1, PO-2');
    await userEvent.click(create);
    expect(await screen.findByText('Shipment created successfully!')).toBeInTheDocument();
    const [sent] = api.callsTo('POST /api/Shipments');
    expect(sent?.query.get('id')).toBeNull();
    expect(sent?.body).toEqual([expect.objectContaining({ Shipment: 'QS-9', 'Order Ref': ['PO-1', 'PO-2'] })]);
  });

  it('shows a mistyped container number and air waybill under their fields, with the check digit, and waits to save', async () => {
    const api = renderCreateShipmentPage({ api: shipmentsApi });
    const create = await screen.findByRole('button', { name: 'Create' });
    await userEvent.type(await field(/^Shipment/), 'QS-9');
    await userEvent.type(await field('Master'), '020-81140744');
    await userEvent.click(screen.getByRole('tab', { name: 'Container' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'AIR');
    expect(await field('Master')).toHaveAccessibleDescription(
      'Master: 020-81140744: the check digit does not match; it would be 3 (020-81140743).',
    );
    const container = await field('Container #');
    await userEvent.type(container, 'CSQU3054384');
    expect(container).toHaveAccessibleDescription(
      'Container #: CSQU3054384: the check digit does not match; it would be 3 (CSQU3054383).',
    );
    expect(container).toBeInvalid();
    expect(create).toBeDisabled();

    await userEvent.clear(container);
    await userEvent.type(container, 'CSQU3054383');
    await userEvent.clear(await field('Master'));
    await userEvent.type(await field('Master'), '020-81140743');
    expect(container).toBeValid();
    await userEvent.click(create);
    expect(await screen.findByText('Shipment created successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST /api/Shipments')[0]?.body).toEqual([
      expect.objectContaining({ 'Container #': 'CSQU3054383', Master: '020-81140743', Mode: 'AIR' }),
    ]);
  });

  it("fixes a forwarder's Forwarder Name to its company", async () => {
    renderCreateShipmentPage({ user: FORWARDER });
    const forwarderName = await field('Forwarder Name');
    expect(forwarderName).toHaveValue('Blue Freight');
    expect(forwarderName).toHaveAttribute('readonly');
  });

  it('edits: Cancel restores the stored values; Save sends only what changed', async () => {
    const api = renderShipmentPage('QS-1', { user: ADMIN, api: shipmentsApi });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const house = await field('House');
    await userEvent.clear(house);
    await userEvent.type(house, 'H-2');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await field('House')).toHaveValue('H-1');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.clear(await field('House'));
    await userEvent.type(await field('House'), 'H-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Shipment updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /api/Shipments')).toHaveLength(1));
    const [sent] = api.callsTo('POST /api/Shipments');
    expect(sent?.query.get('id')).toBe('QS-1');
    expect(sent?.body).toEqual([{ House: 'H-2' }]);
  });

  it('shows an Employee the shipment with no control that changes it', async () => {
    renderShipmentPage('QS-1', { user: EMPLOYEE, api: shipmentsApi });
    expect(await screen.findByRole('heading', { name: 'Shipment: QS-1' })).toBeInTheDocument();
    expect(await field('House')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('reads as text: an empty field shows —, a date as YYYY-MM-DD; Edit brings the inputs back', async () => {
    const [dateLabel] = Object.keys(SHIPMENT_DATE_FIELDS) as (keyof Shipment)[];
    renderShipmentPage('QS-1', {
      user: ADMIN,
      api: {
        ...shipmentsApi,
        'GET /api/Shipments': () => ({ shipments: [{ ...STORED, [dateLabel as string]: '2026-03-12T00:00:00.000Z' }] }),
      },
    });
    expect(await field('Master')).toHaveValue('—');
    expect(await field(dateLabel as string)).toHaveValue('2026-03-12');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await field('Master')).toHaveValue('');
    expect(screen.getByLabelText(dateLabel as string)).toHaveAttribute('type', 'date');
  });
});

describe("the shipment's History tab", () => {
  it("shows each estimate's movement from its first promise and the timeline, newest first", async () => {
    const api = renderShipmentPage('QS-1', {
      user: EMPLOYEE,
      api: {
        ...shipmentsApi,
        'GET /api/Shipments/history': () => ({
          shipment: 'QS-1',
          createdAt: '2026-03-01T09:00:00.000Z',
          changes: [
            {
              field: 'dest_eta',
              label: 'Dest. ETA',
              oldValue: '2026-03-12T00:00:00.000Z',
              newValue: '2026-03-22T00:00:00.000Z',
              at: '2026-03-04T10:00:00.000Z',
              by: 'ana@example.com',
              source: 'import:12',
            },
          ],
          estimates: [
            {
              field: 'dest_eta',
              label: 'Dest. ETA',
              firstPromise: '2026-03-12T00:00:00.000Z',
              current: '2026-03-22T00:00:00.000Z',
              daysMoved: 10,
              changes: 1,
            },
          ],
          documents: [],
        }),
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'History' }));
    const estimates = await screen.findByRole('region', { name: 'Estimates' });
    expect(estimates).toHaveTextContent('Dest. ETA: 2026-03-12 → 2026-03-22, +10 days, 1 change');
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('.MuiListItemText-primary')?.textContent)).toEqual([
      'Dest. ETA: 2026-03-12 → 2026-03-22',
      'Shipment created',
    ]);
    expect(entries[0]).toHaveTextContent('ana@example.com, import #12');
    expect(api.callsTo('GET /api/Shipments/history')[0]?.query.get('shipment')).toBe('QS-1');
  });
});

describe('following a shipment', () => {
  const followsApi = () => {
    let follows: object[] = [];
    return {
      'GET /api/Follows': () => ({ follows }),
      'POST /api/Follows': (call: ApiCall) => {
        const { events, channel } = call.body as { events: string[]; channel: string };
        follows = [
          { id: 4, shipment: 'QS-1', name: null, query: null, events, channel, createdAt: '2026-11-24T09:00:00.000Z' },
        ];
        return follows[0];
      },
      'POST /api/Follows/delete': () => {
        follows = [];
        return { message: 'No longer followed.' };
      },
    };
  };

  it("asks to be told when it arrives, at once, in one click of Follow's dialog", async () => {
    const api = renderShipmentPage('QS-1', { user: EMPLOYEE, api: { ...shipmentsApi, ...followsApi() } });
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Follow shipment QS-1' });
    expect(within(dialog).getByRole('radio', { name: 'Now, by e-mail' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tell me when it arrives' }));
    expect(await within(dialog).findByText(/Following shipment QS-1: Arrival · Now, by e-mail/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/Follows')[0]?.body).toEqual({
      shipment: 'QS-1',
      events: ['arrived'],
      channel: 'email',
    });
  });

  it('chooses the events and how, changes them, and stops following', async () => {
    const api = renderShipmentPage('QS-1', { user: EMPLOYEE, api: { ...shipmentsApi, ...followsApi() } });
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    let dialog = await screen.findByRole('dialog', { name: 'Follow shipment QS-1' });
    for (const kind of ['New exception', 'ETA slip', 'Document uploaded'])
      await userEvent.click(within(dialog).getByRole('checkbox', { name: kind }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'In the daily digest' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Follow' }));
    expect(await within(dialog).findByText(/Departure, Arrival · In the daily digest/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/Follows')[0]?.body).toEqual({
      shipment: 'QS-1',
      events: ['departed', 'arrived'],
      channel: 'digest',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    // Following: the dialog opens with the follow's own choices, to change or stop.
    await userEvent.click(await screen.findByRole('button', { name: 'Following' }));
    dialog = await screen.findByRole('dialog', { name: 'Follow shipment QS-1' });
    expect(within(dialog).getByRole('checkbox', { name: 'Departure' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'ETA slip' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'In the daily digest' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unfollow' }));
    await waitFor(() => expect(api.callsTo('POST /api/Follows/delete')[0]?.query.get('id')).toBe('4'));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });
});

describe("the shipment's conversation", () => {
  it('is under the tabs of a stored shipment, for a forwarder too', async () => {
    const api = renderShipmentPage('QS-1', {
      user: FORWARDER,
      api: {
        ...shipmentsApi,
        'GET /api/Messages': () => thread({ record: 'shipment', key: 'QS-1', canWriteInternal: false }),
      },
    });
    const conversation = await screen.findByRole('region', { name: 'Conversation' });
    expect(await within(conversation).findByText('Sam Supplier')).toBeInTheDocument();
    expect(Object.fromEntries((api.callsTo('GET /api/Messages')[0] as ApiCall).query)).toEqual({
      record: 'shipment',
      key: 'QS-1',
    });
    const tabs = screen.getByRole('tablist', { name: 'Shipment details' });
    expect(tabs.compareDocumentPosition(conversation) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is not on the page that creates one', async () => {
    const api = renderCreateShipmentPage();
    await screen.findByRole('button', { name: 'Create' });
    expect(screen.queryByRole('region', { name: 'Conversation' })).toBeNull();
    expect(api.callsTo('GET /api/Messages')).toHaveLength(0);
  });
});
