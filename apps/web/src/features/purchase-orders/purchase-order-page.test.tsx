import { PO_SHORT_CLOSED } from '@quayside/domain/purchase-orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/navigation.ts';
import { Answer, type ApiCall } from '../../testing/fake-api.ts';
import { thread } from '../../testing/message-fixture.ts';
import { atPhoneWidth } from '../../testing/phone-width.ts';
import { poDetail } from '../../testing/purchase-order-fixture.ts';
import {
  ADMIN,
  EMPLOYEE,
  FORWARDER,
  type RenderOptions,
  renderScreen,
  SUPPLIER,
} from '../../testing/render-screen.tsx';
import { PurchaseOrderPage } from './purchase-order-page.tsx';

const DETAIL = 'GET /api/PurchaseOrders/detail';

const renderPo = (poNumber: string, options: RenderOptions = {}) =>
  renderScreen(<PurchaseOrderPage />, {
    route: paths.purchaseOrderPattern,
    at: paths.purchaseOrder(poNumber),
    ...options,
    api: { [DETAIL]: () => poDetail(), ...options.api },
  });

/** A line's figures as written beside its bar. */
const figuresOf = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const factsOf = () => {
  const facts = screen.getByLabelText('Purchase order facts');
  const terms = within(facts)
    .getAllByRole('term')
    .map((term) => term.textContent);
  const values = within(facts)
    .getAllByRole('definition')
    .map((value) => value.textContent);
  return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
};

describe('the purchase order page', () => {
  it('shows the header facts, each line with its quantities in words, the shipments and the history', async () => {
    const api = renderPo('PO-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase order: PO-1' })).toBeInTheDocument();
    expect(api.callsTo(DETAIL)[0]?.query.get('po')).toBe('PO-1');
    expect(factsOf()).toEqual({
      Supplier: 'Acme Fasteners',
      'Order date': '2026-09-01',
      'Cargo-ready': '2026-10-01',
      'Requested delivery': '2026-11-15',
      Incoterm: 'FOB',
      Currency: 'USD',
      Status: 'Partly shipped',
      Notes: 'Pack in cartons of 10.',
    });
    expect(screen.getByText('Received short')).toBeInTheDocument();
    expect(screen.getByText('Unknown SKU shipped')).toBeInTheDocument();

    expect(figuresOf('Quantities of line 1')).toEqual([
      'Ordered 100',
      'Booked 0',
      'Shipped 80',
      'Arrived 80',
      'Received 70',
      'Open 20',
      'Short 10',
    ]);
    expect(figuresOf('Quantities of line 2')).toEqual([
      'Ordered 50',
      'Booked 20',
      'Shipped 0',
      'Arrived 0',
      'Received 0',
      'Open 50',
    ]);
    const line2 = screen.getByRole('listitem', { name: 'Line 2: NUT-10' });
    expect(within(line2).getByText('Hex nut M10')).toBeInTheDocument();
    expect(within(line2).getByText('Unit: pcs · Unit price: 0.1 USD · Requested: 2026-12-01')).toBeInTheDocument();

    const unknown = screen.getByRole('region', { name: 'Shipped but not ordered' });
    expect(within(unknown).getByText('WASHER-10')).toBeInTheDocument();
    expect(figuresOf('Quantities of WASHER-10')).toEqual(['Booked 0', 'Shipped 5', 'Arrived 5', 'Received 0']);

    const shipments = screen.getByRole('region', { name: 'Shipments' });
    expect(within(shipments).getByRole('link', { name: 'Shipment QS-1' })).toHaveAttribute(
      'href',
      '/shipment-details/QS-1',
    );
    expect(within(shipments).getByText('Blue Freight')).toBeInTheDocument();
    const milestones = within(shipments).getByRole('region', { name: 'Milestones' });
    expect(within(milestones).getByText('Mode:')).toBeInTheDocument();
    expect(within(milestones).queryByText('Trans:')).toBeNull();
    expect(within(milestones).getByText('2026-11-02')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Carried on QS-1' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['BOLT-10: 80 carried, 70 received (Short)', 'WASHER-10: 5 carried, not received yet']);

    const history = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(history.map((entry) => within(entry).getAllByText(/./)[0]?.textContent)).toEqual([
      'QS-1 received: BOLT-10 70 of 80 (Short)',
      'Created with 2 lines',
    ]);
    expect(within(history[0] as HTMLElement).getByText(/admin@napco\.example · on screen$/)).toBeInTheDocument();
    expect(within(history[1] as HTMLElement).getByText(/System · by import$/)).toBeInTheDocument();
  });

  it('reads a PO number with characters an address must encode', async () => {
    const api = renderPo('PO/7 #A');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(api.callsTo(DETAIL)[0]?.query.get('po')).toBe('PO/7 #A');
  });

  it('shows a forwarder what its shipments carry, with nothing promised that the answer does not hold', async () => {
    const forwarderView = poDetail({
      ordered_qty: null,
      open_qty: null,
      purchaseOrderLines: poDetail()
        .purchaseOrderLines.slice(0, 1)
        .map((line) => ({
          ...line,
          ordered_qty: null,
          open_qty: null,
          over_shipped_qty: null,
          unit_price: null,
        })),
    });
    renderPo('PO-1', { user: FORWARDER, api: { [DETAIL]: () => forwarderView } });
    await screen.findByRole('heading', { level: 1, name: 'Purchase order: PO-1' });
    expect(figuresOf('Quantities of line 1')).toEqual([
      'Booked 0',
      'Shipped 80',
      'Arrived 80',
      'Received 70',
      'Short 10',
    ]);
    expect(screen.queryByText(/Ordered/)).toBeNull();
    expect(screen.queryByText(/Open \d/)).toBeNull();
    expect(screen.queryByText(/Unit price/)).toBeNull();
    expect(screen.queryByRole('listitem', { name: 'Line 2: NUT-10' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Short-close' })).toBeNull();
  });

  it("answers a PO that does not exist, or is not the user's to see, with 'Purchase order not found'", async () => {
    renderPo('PO-404', { api: { [DETAIL]: () => new Answer(404, { message: 'Purchase order not found' }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Purchase Orders' })).toHaveAttribute('href', '/purchase-orders');
  });

  it('offers Retry when the server fails', async () => {
    renderPo('PO-1', { api: { [DETAIL]: () => new Answer(500, { message: 'boom' }) } });
    expect(await screen.findByText('Failed to load the purchase order. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the short-closed reason of a closed PO, and offers no Short-close', async () => {
    renderPo('PO-1', {
      api: {
        [DETAIL]: () =>
          poDetail({ status: 'short_closed', short_closed_reason: 'Supplier discontinued', exceptions: [] }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Purchase order: PO-1' });
    expect(factsOf()).toMatchObject({ Status: 'Short-closed', 'Short-closed because': 'Supplier discontinued' });
    expect(screen.queryByRole('button', { name: 'Short-close' })).toBeNull();
  });
});

describe('Short-close', () => {
  it('is not offered to an Employee', async () => {
    renderPo('PO-1', { user: EMPLOYEE });
    await screen.findByRole('heading', { level: 1, name: 'Purchase order: PO-1' });
    expect(screen.queryByRole('button', { name: 'Short-close' })).toBeNull();
  });

  it('closes the PO for the reason an Admin gives, and reads it again', async () => {
    let closed = false;
    const api = renderPo('PO-1', {
      user: ADMIN,
      api: {
        [DETAIL]: () =>
          closed ? poDetail({ status: 'short_closed', short_closed_reason: 'Supplier discontinued' }) : poDetail(),
        'POST /api/PurchaseOrders/short-close': () => {
          closed = true;
          return { message: PO_SHORT_CLOSED };
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Short-close' }));
    const dialog = screen.getByRole('dialog', { name: 'Short-close PO-1' });
    const confirm = within(dialog).getByRole('button', { name: 'Short-close' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Supplier discontinued');
    await userEvent.click(confirm);
    expect(await screen.findByText(PO_SHORT_CLOSED)).toBeInTheDocument();
    const [sent] = api.callsTo('POST /api/PurchaseOrders/short-close') as [ApiCall];
    expect(sent.query.get('po')).toBe('PO-1');
    expect(sent.body).toEqual({ reason: 'Supplier discontinued' });
    await waitFor(() => expect(factsOf()).toMatchObject({ 'Short-closed because': 'Supplier discontinued' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's refusal as it says it", async () => {
    renderPo('PO-1', {
      api: {
        'POST /api/PurchaseOrders/short-close': () =>
          new Answer(409, { message: 'This purchase order is already closed.' }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Short-close' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'No longer needed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Short-close' }));
    expect(await within(dialog).findByText('This purchase order is already closed.')).toBeInTheDocument();
  });
});

describe("the purchase order's conversation", () => {
  it('is at the bottom of the page, for a supplier’s contact too', async () => {
    const api = renderPo('PO-1', {
      user: SUPPLIER,
      api: { 'GET /api/Messages': () => thread({ canWriteInternal: false }) },
    });
    const conversation = await screen.findByRole('region', { name: 'Conversation' });
    expect(await within(conversation).findByText('Sam Supplier')).toBeInTheDocument();
    expect(Object.fromEntries((api.callsTo('GET /api/Messages')[0] as ApiCall).query)).toEqual({
      record: 'purchase_order',
      key: 'PO-1',
    });
    const history = screen.getByRole('region', { name: 'History' });
    expect(history.compareDocumentPosition(conversation) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('the purchase order page on a phone', () => {
  it('shows the facts, lines with their figures, shipments and history in the screen’s width', async () => {
    atPhoneWidth();
    renderPo('PO-1');
    await screen.findByRole('heading', { level: 1, name: 'Purchase order: PO-1' });
    expect(factsOf()).toMatchObject({ Supplier: 'Acme Fasteners' });
    expect(figuresOf('Quantities of line 1')).toContain('Open 20');
    expect(screen.getByRole('link', { name: 'Shipment QS-1' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'History' })).toBeInTheDocument();
  });
});
