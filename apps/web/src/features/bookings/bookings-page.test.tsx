import {
  BOOKING_CONFIRMED,
  BOOKING_DECLINED,
  type Booking,
  bookingRouted,
  shipmentNumberTaken,
} from '@quayside/domain/bookings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { booking, bookingList, confirmedBooking, routedBooking } from '../../testing/booking-fixture.ts';
import { Answer, type ApiCall } from '../../testing/fake-api.ts';
import { thread } from '../../testing/message-fixture.ts';
import { atPhoneWidth } from '../../testing/phone-width.ts';
import { ADMIN, FORWARDER, type RenderOptions, renderScreen, SUPPLIER } from '../../testing/render-screen.tsx';
import { BookingsPage } from './bookings-page.tsx';

const LIST = 'GET /api/Bookings';
const ROUTE = 'POST /api/Bookings/route';
const CONFIRM = 'POST /api/Bookings/confirm';
const DECLINE = 'POST /api/Bookings/decline';
const LANE_RULES = 'GET /api/Bookings/lane-rules';
const SAVE_LANE_RULES = 'PUT /api/Bookings/lane-rules';
const THREAD = 'GET /api/Messages';

/** The server's bookings: the list answers those of the status asked for. */
const renderBookings = (options: RenderOptions & { bookings?: Booking[] } = {}) => {
  const bookings = options.bookings ?? [booking(), routedBooking(), confirmedBooking()];
  return renderScreen(<BookingsPage />, {
    at: '/bookings',
    route: '/bookings',
    ...options,
    api: {
      [LIST]: (call) => {
        const status = call.query.get('status');
        return bookingList(bookings.filter((each) => status === null || each.status === status));
      },
      [LANE_RULES]: () => ({ rules: [{ origin: 'CNSHA', mode: 'SEA', forwarder_name: 'Blue Freight' }] }),
      ...options.api,
    },
  });
};

const table = () => screen.findByRole('table', { name: 'Bookings' });
const rowOf = (reference: string) =>
  within(screen.getByRole('table', { name: 'Bookings' }))
    .getByRole('rowheader', { name: reference })
    .closest('tr') as HTMLElement;
const cellsOf = (reference: string) =>
  within(rowOf(reference))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the Bookings screen', () => {
  it('lists each request with its PO, lines, cargo and where it stands, and filters by status', async () => {
    const api = renderBookings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument();
    await table();
    expect(
      within(screen.getByRole('table', { name: 'Bookings' }))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Reference',
      'PO #',
      'Supplier',
      'Lines',
      'Cargo-ready',
      'Mode',
      'Origin',
      'Status',
      'Forwarder',
      'Shipment',
      'Actions',
    ]);
    expect(cellsOf('BK-000001').slice(0, 9)).toEqual([
      'PO-1',
      'Acme Fasteners',
      'BOLT-10 × 20, NUT-10 × 30',
      '2026-10-01',
      'SEA',
      'CNSHA',
      'Requested',
      '—',
      '—',
    ]);
    expect(within(rowOf('BK-000001')).getByRole('link', { name: 'PO-1' })).toHaveAttribute(
      'href',
      '/purchase-orders/PO-1',
    );
    expect(within(rowOf('BK-000003')).getByRole('link', { name: 'QS-7' })).toHaveAttribute(
      'href',
      '/shipment-details/QS-7',
    );
    expect(Object.fromEntries((api.callsTo(LIST)[0] as ApiCall).query)).toEqual({ page: '1', pageSize: '25' });

    const status = screen.getByRole('group', { name: 'Status' });
    expect(within(status).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(status).getByRole('button', { name: 'Routed to forwarder' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'BK-000001' })).toBeNull());
    expect(Object.fromEntries((api.callsTo(LIST).at(-1) as ApiCall).query)).toEqual({
      status: 'routed',
      page: '1',
      pageSize: '25',
    });
    expect(screen.getByRole('rowheader', { name: 'BK-000002' })).toBeInTheDocument();
    expect(within(status).getByRole('button', { name: 'Routed to forwarder' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lets an Admin route a request to a forwarder', async () => {
    const api = renderBookings({
      api: {
        [ROUTE]: (call) => {
          const { forwarder_name } = call.body as { forwarder_name: string };
          return { message: bookingRouted(forwarder_name), booking: booking({ status: 'routed', forwarder_name }) };
        },
      },
    });
    await table();
    // A confirmed booking is done with, but for its conversation; a routed one may go to another forwarder.
    expect(
      within(rowOf('BK-000003'))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Conversation on BK-000003']);
    expect(within(rowOf('BK-000002')).getByRole('button', { name: 'Route BK-000002' })).toBeInTheDocument();
    expect(within(rowOf('BK-000001')).queryByRole('button', { name: 'Confirm BK-000001' })).toBeNull();

    await userEvent.click(within(rowOf('BK-000001')).getByRole('button', { name: 'Route BK-000001' }));
    const dialog = screen.getByRole('dialog', { name: 'Route BK-000001' });
    const route = within(dialog).getByRole('button', { name: 'Route' });
    expect(route).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Forwarder name' }), ' Blue Freight ');
    await userEvent.click(route);

    expect(await screen.findByText('Booking routed to Blue Freight.')).toBeInTheDocument();
    const [sent] = api.callsTo(ROUTE) as [ApiCall];
    expect(sent.query.get('reference')).toBe('BK-000001');
    expect(sent.body).toEqual({ forwarder_name: 'Blue Freight' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is read again.
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
  });

  it('lets a Forwarder confirm a routed request with a shipment number, showing a refusal in the dialog', async () => {
    let refuse = true;
    const api = renderBookings({
      user: FORWARDER,
      bookings: [routedBooking(), confirmedBooking()],
      api: {
        [CONFIRM]: (call) => {
          const { shipment } = call.body as { shipment: string };
          if (refuse) {
            refuse = false;
            return new Answer(409, { message: shipmentNumberTaken(shipment) });
          }
          return { message: BOOKING_CONFIRMED, booking: routedBooking({ status: 'confirmed', shipment }) };
        },
      },
    });
    expect(await screen.findByText(/Booking requests routed to your company/)).toBeInTheDocument();
    await table();
    expect(screen.queryByRole('button', { name: 'Route BK-000002' })).toBeNull();
    // Nor the lane rules, an Admin's.
    expect(screen.queryByRole('heading', { name: 'Lane rules' })).toBeNull();

    await userEvent.click(within(rowOf('BK-000002')).getByRole('button', { name: 'Confirm BK-000002' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm BK-000002' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Shipment number' }), 'QS-7');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Carrier booking reference' }), 'MAEU456');
    await userEvent.type(within(dialog).getByLabelText('ETD'), '2026-10-05');
    await userEvent.click(confirm);
    expect(await within(dialog).findByText(shipmentNumberTaken('QS-7'))).toBeInTheDocument();

    const shipment = within(dialog).getByRole('textbox', { name: 'Shipment number' });
    await userEvent.clear(shipment);
    await userEvent.type(shipment, 'QS-9');
    await userEvent.click(confirm);
    expect(await screen.findByText(BOOKING_CONFIRMED)).toBeInTheDocument();
    const [, sent] = api.callsTo(CONFIRM) as [ApiCall, ApiCall];
    expect(sent.query.get('reference')).toBe('BK-000002');
    expect(sent.body).toEqual({
      shipment: 'QS-9',
      carrier_booking_reference: 'MAEU456',
      etd: '2026-10-05',
      dest_eta: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets a Forwarder decline a routed request only with a reason', async () => {
    const api = renderBookings({
      user: FORWARDER,
      bookings: [routedBooking()],
      api: {
        [DECLINE]: (call) => ({
          message: BOOKING_DECLINED,
          booking: routedBooking({ status: 'declined', decline_reason: (call.body as { reason: string }).reason }),
        }),
      },
    });
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Decline BK-000002' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline BK-000002' });
    const decline = within(dialog).getByRole('button', { name: 'Decline' });
    expect(decline).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    expect(decline).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'No space on the vessel.');
    await userEvent.click(decline);

    expect(await screen.findByText(BOOKING_DECLINED)).toBeInTheDocument();
    const [sent] = api.callsTo(DECLINE) as [ApiCall];
    expect(sent.query.get('reference')).toBe('BK-000002');
    expect(sent.body).toEqual({ reason: 'No space on the vessel.' });
  });

  it("shows a supplier's contact its requests with their conversations alone, the shipment named but not linked", async () => {
    renderBookings({ user: SUPPLIER });
    await table();
    expect(screen.getAllByRole('button', { name: /BK-/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Conversation on BK-000001',
      'Conversation on BK-000002',
      'Conversation on BK-000003',
    ]);
    expect(within(rowOf('BK-000003')).getByText('QS-7')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'QS-7' })).toBeNull();
    expect(within(rowOf('BK-000003')).getByRole('link', { name: 'PO-1' })).toBeInTheDocument();
  });

  it("opens a booking's conversation in a dialog, for everyone who sees the booking", async () => {
    const api = renderBookings({
      user: SUPPLIER,
      api: { [THREAD]: () => thread({ record: 'booking', key: 'BK-000002', canWriteInternal: false }) },
    });
    await table();
    await userEvent.click(within(rowOf('BK-000002')).getByRole('button', { name: 'Conversation on BK-000002' }));
    const dialog = screen.getByRole('dialog', { name: 'Conversation on BK-000002' });
    expect(await within(dialog).findByText('Sam Supplier')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Conversation' })).toBeInTheDocument();
    expect(Object.fromEntries((api.callsTo(THREAD)[0] as ApiCall).query)).toEqual({
      record: 'booking',
      key: 'BK-000002',
    });
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a card per request on a phone, with its actions', async () => {
    atPhoneWidth();
    renderBookings({ bookings: [booking()] });
    const cards = await screen.findByRole('list', { name: 'Bookings' });
    const [card] = within(cards).getAllByRole('listitem') as [HTMLElement];
    expect(within(card).getByText('BK-000001')).toBeInTheDocument();
    expect(within(card).getByText('BOLT-10 × 20, NUT-10 × 30')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Route BK-000001' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Conversation on BK-000001' })).toBeInTheDocument();
  });

  it('lets an Admin add, remove and save the lane rules, sending the whole list', async () => {
    const api = renderBookings({ api: { [SAVE_LANE_RULES]: (call) => call.body } });
    const section = await screen.findByRole('region', { name: 'Lane rules' });
    const first = await within(section).findByRole('group', { name: 'Lane rule 1' });
    expect(within(first).getByRole('textbox', { name: 'Origin' })).toHaveValue('CNSHA');
    expect(within(first).getByRole('combobox', { name: 'Mode' })).toHaveValue('SEA');

    await userEvent.click(within(section).getByRole('button', { name: 'Add lane rule' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save lane rules' }));
    expect(await within(section).findByText('Rule 2: Origin is required.')).toBeInTheDocument();
    expect(api.callsTo(SAVE_LANE_RULES)).toHaveLength(0);

    const second = within(section).getByRole('group', { name: 'Lane rule 2' });
    await userEvent.type(within(second).getByRole('textbox', { name: 'Origin' }), 'VNSGN');
    await userEvent.type(within(second).getByRole('textbox', { name: 'Forwarder' }), 'Red Cargo');
    expect(within(second).getByRole('combobox', { name: 'Mode' })).toHaveValue('');
    await userEvent.selectOptions(within(first).getByRole('combobox', { name: 'Mode' }), 'Any');
    await userEvent.click(within(section).getByRole('button', { name: 'Save lane rules' }));
    expect(await within(section).findByText('Saved: new requests are routed by these rules.')).toBeInTheDocument();
    expect(api.callsTo(SAVE_LANE_RULES)[0]?.body).toEqual({
      rules: [
        { origin: 'CNSHA', mode: '', forwarder_name: 'Blue Freight' },
        { origin: 'VNSGN', mode: '', forwarder_name: 'Red Cargo' },
      ],
    });

    await userEvent.click(within(section).getByRole('button', { name: 'Remove lane rule 1' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save lane rules' }));
    await waitFor(() =>
      expect(api.callsTo(SAVE_LANE_RULES)[1]?.body).toEqual({
        rules: [{ origin: 'VNSGN', mode: '', forwarder_name: 'Red Cargo' }],
      }),
    );
  });
});

describe('an Admin', () => {
  it('may also answer a routed request, and decline one not routed yet', async () => {
    renderBookings({ user: ADMIN, bookings: [booking(), routedBooking()] });
    await table();
    const buttonsOf = (reference: string) =>
      within(rowOf(reference))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label'));
    expect(buttonsOf('BK-000001')).toEqual(['Route BK-000001', 'Decline BK-000001', 'Conversation on BK-000001']);
    expect(buttonsOf('BK-000002')).toEqual([
      'Route BK-000002',
      'Confirm BK-000002',
      'Decline BK-000002',
      'Conversation on BK-000002',
    ]);
  });
});
