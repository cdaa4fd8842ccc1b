import { BOOKING_REQUESTED, type BookingRequestInput, moreThanOpen } from '@quayside/domain/bookings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/navigation.ts';
import { booking, bookingList, routedBooking } from '../../testing/booking-fixture.ts';
import { Answer, type ApiCall } from '../../testing/fake-api.ts';
import { poDetail } from '../../testing/purchase-order-fixture.ts';
import { EMPLOYEE, type RenderOptions, renderScreen, SUPPLIER } from '../../testing/render-screen.tsx';
import { PurchaseOrderPage } from './purchase-order-page.tsx';

const DETAIL = 'GET /api/PurchaseOrders/detail';
const LIST = 'GET /api/Bookings';
const REQUEST = 'POST /api/Bookings';

const renderPo = (options: RenderOptions = {}) =>
  renderScreen(<PurchaseOrderPage />, {
    route: paths.purchaseOrderPattern,
    at: paths.purchaseOrder('PO-1'),
    ...options,
    api: {
      [DETAIL]: () => poDetail(),
      [LIST]: () => bookingList([routedBooking()]),
      ...options.api,
    },
  });

const heading = () => screen.findByRole('heading', { level: 1, name: 'Purchase order: PO-1' });
const lineGroup = (name: string) => within(screen.getByRole('dialog')).getByRole('group', { name });
const quantityOf = (line: string) => within(lineGroup(line)).getByRole('spinbutton', { name: 'Quantity to book' });

describe("the purchase order page's bookings", () => {
  it('lists the PO’s booking requests, without a request button for staff who may not make one', async () => {
    const api = renderPo({ user: EMPLOYEE });
    await heading();
    const section = screen.getByRole('region', { name: 'Bookings' });
    const table = await within(section).findByRole('table', { name: 'Bookings of PO-1' });
    expect(within(table).getByRole('rowheader', { name: 'BK-000002' })).toBeInTheDocument();
    expect(within(table).getByText('NUT-10 × 20')).toBeInTheDocument();
    expect(within(table).getByText('Routed to forwarder')).toBeInTheDocument();
    expect(Object.fromEntries((api.callsTo(LIST)[0] as ApiCall).query)).toEqual({
      po: 'PO-1',
      page: '1',
      pageSize: '100',
    });
    expect(within(section).queryByRole('button', { name: 'Request booking' })).toBeNull();
  });

  it("lets the PO's supplier request a booking of what is left, leaving out the lines at 0", async () => {
    const api = renderPo({
      user: SUPPLIER,
      api: {
        [REQUEST]: (call) =>
          new Answer(201, {
            message: BOOKING_REQUESTED,
            booking: booking({
              lines: (call.body as BookingRequestInput).lines.map((line) => ({
                ...line,
                sku: 'NUT-10',
                description: '',
              })),
            }),
          }),
      },
    });
    await heading();
    await userEvent.click(await screen.findByRole('button', { name: 'Request booking' }));
    const dialog = screen.getByRole('dialog', { name: 'Request booking for PO-1' });
    expect(within(dialog).getByLabelText(/^Cargo-ready date/)).toHaveValue('2026-10-01');
    // Ordered, less what is booked or shipped: line 1 100 − 0 − 80, line 2 50 − 20 − 0.
    expect(quantityOf('Line 1: BOLT-10')).toHaveValue(20);
    expect(quantityOf('Line 2: NUT-10')).toHaveValue(30);

    await userEvent.clear(quantityOf('Line 1: BOLT-10'));
    await userEvent.type(quantityOf('Line 1: BOLT-10'), '0');
    await userEvent.clear(quantityOf('Line 2: NUT-10'));
    await userEvent.type(quantityOf('Line 2: NUT-10'), '25');
    const cargoReady = within(dialog).getByLabelText(/^Cargo-ready date/);
    await userEvent.clear(cargoReady);
    await userEvent.type(cargoReady, '2026-10-08');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Packages' }), '5');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Weight (kg)' }), '120.5');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Volume (m³)' }), '1.2');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Origin' }), 'CNSHA');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Choose a mode.')).toBeInTheDocument();
    expect(api.callsTo(REQUEST)).toHaveLength(0);

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Mode' }), 'SEA');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Cartons on pallets.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText(BOOKING_REQUESTED)).toBeInTheDocument();
    const [sent] = api.callsTo(REQUEST) as [ApiCall];
    expect(sent.body).toEqual({
      po_number: 'PO-1',
      cargo_ready_date: '2026-10-08',
      lines: [{ line_number: 2, qty: 25 }],
      packages: 5,
      weight_kg: 120.5,
      volume_cbm: 1.2,
      origin: 'CNSHA',
      mode: 'SEA',
      note: 'Cartons on pallets.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The PO's bookings and the PO itself (its booked quantities) are read again.
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    await waitFor(() => expect(api.callsTo(DETAIL)).toHaveLength(2));
  });

  it('shows the server’s refusal inside the dialog', async () => {
    renderPo({ user: SUPPLIER, api: { [REQUEST]: () => new Answer(400, { message: moreThanOpen(2, 10) }) } });
    await heading();
    await userEvent.click(await screen.findByRole('button', { name: 'Request booking' }));
    const dialog = screen.getByRole('dialog', { name: 'Request booking for PO-1' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Mode' }), 'AIR');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(moreThanOpen(2, 10))).toBeInTheDocument();
  });
});
