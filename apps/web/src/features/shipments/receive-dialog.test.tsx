import { RECEIPT_RECORDED } from '@quayside/domain/purchase-orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Answer, type ApiCall } from '../../testing/fake-api.ts';
import { atPhoneWidth } from '../../testing/phone-width.ts';
import { ADMIN, EMPLOYEE, FORWARDER } from '../../testing/render-screen.tsx';
import { shipmentFixture } from '../../testing/shipment-fixture.ts';
import { renderShipmentPage } from './render-shipment-page.tsx';

const RECEIPT = 'GET /api/Receipts';
const RECEIVE = 'POST /api/Receipts';

const receivable = (po: string, sku: string, shipped: number, onPo = true) => ({
  po_number: po,
  sku,
  shipped_qty: shipped,
  received_qty: null,
  reason: null,
  note: '',
  on_po: onPo,
});

const LINES = [
  receivable('PO-1', 'BOLT-10', 80),
  receivable('PO-1', 'WASHER-10', 5, false),
  receivable('PO-2', 'NUT-10', 40),
];

const api = {
  'GET /api/Shipments': () => ({ shipments: [shipmentFixture({ Shipment: 'QS-1', 'Order Ref': ['PO-1', 'PO-2'] })] }),
  [RECEIPT]: () => ({ shipment: 'QS-1', lines: LINES }),
  [RECEIVE]: (call: ApiCall) => ({
    shipment: 'QS-1',
    lines: LINES.map((line, index) => ({ ...line, ...(call.body as { lines: object[] }).lines[index] })),
  }),
};

async function openReceive(options: Parameters<typeof renderShipmentPage>[1] = {}) {
  const calls = renderShipmentPage('QS-1', { user: ADMIN, api, ...options });
  await userEvent.click(await screen.findByRole('button', { name: 'Receive' }));
  const dialog = await screen.findByRole('dialog', { name: 'Receive QS-1' });
  await within(dialog).findByRole('spinbutton', { name: 'Received BOLT-10' });
  return { calls, dialog };
}

describe('Receive on the shipment page', () => {
  it('is offered to an Admin only', async () => {
    renderShipmentPage('QS-1', { user: EMPLOYEE, api });
    await screen.findByRole('heading', { name: 'Shipment: QS-1' });
    expect(screen.queryByRole('button', { name: 'Receive' })).toBeNull();
  });

  it('is not offered to a Forwarder', async () => {
    renderShipmentPage('QS-1', { user: FORWARDER, api });
    await screen.findByRole('button', { name: 'Edit' });
    expect(screen.queryByRole('button', { name: 'Receive' })).toBeNull();
  });

  it('lists what the shipment carries per PO and SKU, each received quantity starting at what was shipped', async () => {
    const { calls, dialog } = await openReceive();
    expect(calls.callsTo(RECEIPT)[0]?.query.get('shipment')).toBe('QS-1');
    const po1 = within(dialog).getByRole('region', { name: 'PO PO-1' });
    expect(within(po1).getByRole('spinbutton', { name: 'Received BOLT-10' })).toHaveValue(80);
    expect(within(po1).getByText('Shipped 80')).toBeInTheDocument();
    expect(within(po1).getByRole('spinbutton', { name: 'Received WASHER-10' })).toHaveValue(5);
    expect(within(po1).getByText('Not ordered on this PO')).toBeInTheDocument();
    const po2 = within(dialog).getByRole('region', { name: 'PO PO-2' });
    expect(within(po2).getByRole('spinbutton', { name: 'Received NUT-10' })).toHaveValue(40);
    expect(within(dialog).getByRole('combobox', { name: 'Reason for NUT-10' })).toHaveDisplayValue('No difference');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save receipt' }));
    expect(await screen.findByText(RECEIPT_RECORDED)).toBeInTheDocument();
    const [sent] = calls.callsTo(RECEIVE) as [ApiCall];
    expect(sent.query.get('shipment')).toBe('QS-1');
    expect(sent.body).toEqual({
      lines: [
        { po_number: 'PO-1', sku: 'BOLT-10', received_qty: 80, reason: null, note: '' },
        { po_number: 'PO-1', sku: 'WASHER-10', received_qty: 5, reason: null, note: '' },
        { po_number: 'PO-2', sku: 'NUT-10', received_qty: 40, reason: null, note: '' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('starts from an earlier receipt when there is one', async () => {
    const { dialog } = await openReceive({
      api: {
        ...api,
        [RECEIPT]: () => ({
          shipment: 'QS-1',
          lines: [
            { ...receivable('PO-1', 'BOLT-10', 80), received_qty: 72, reason: 'damaged', note: 'Crushed pallet' },
          ],
        }),
      },
    });
    expect(within(dialog).getByRole('spinbutton', { name: 'Received BOLT-10' })).toHaveValue(72);
    expect(within(dialog).getByRole('combobox', { name: 'Reason for BOLT-10' })).toHaveDisplayValue('Damaged');
    expect(within(dialog).getByRole('textbox', { name: 'Note for BOLT-10' })).toHaveValue('Crushed pallet');
  });

  it('requires a reason when the quantity received differs from what was shipped', async () => {
    const { calls, dialog } = await openReceive();
    const bolts = within(dialog).getByRole('spinbutton', { name: 'Received BOLT-10' });
    await userEvent.clear(bolts);
    await userEvent.type(bolts, '70');
    expect(within(dialog).getByText('Give a reason: 70 differs from the 80 shipped.')).toBeInTheDocument();
    const reason = within(dialog).getByRole('combobox', { name: 'Reason for BOLT-10' });
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    const save = within(dialog).getByRole('button', { name: 'Save receipt' });
    expect(save).toBeDisabled();

    await userEvent.selectOptions(reason, 'Short');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note for BOLT-10' }), 'One carton missing');
    expect(within(dialog).queryByText(/Give a reason/)).toBeNull();
    await userEvent.click(save);
    await waitFor(() => expect(calls.callsTo(RECEIVE)).toHaveLength(1));
    const [sent] = calls.callsTo(RECEIVE) as [ApiCall];
    expect((sent.body as { lines: object[] }).lines[0]).toEqual({
      po_number: 'PO-1',
      sku: 'BOLT-10',
      received_qty: 70,
      reason: 'short',
      note: 'One carton missing',
    });
  });

  it('refuses a quantity that is not a whole number', async () => {
    const { dialog } = await openReceive();
    const bolts = within(dialog).getByRole('spinbutton', { name: 'Received BOLT-10' });
    await userEvent.clear(bolts);
    await userEvent.type(bolts, '7.5');
    expect(within(dialog).getByText('Received quantity must be a whole number, 0 or more.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save receipt' })).toBeDisabled();
  });

  it("shows the server's refusal as it is sent, and keeps what was typed", async () => {
    const refusal = 'The shipment carries no BOLT-10 under PO PO-1: only what it carries can be received.';
    const { dialog } = await openReceive({ api: { ...api, [RECEIVE]: () => new Answer(400, { message: refusal }) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save receipt' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Received BOLT-10' })).toHaveValue(80);
  });

  it('says so when the shipment carries nothing of a purchase order', async () => {
    renderShipmentPage('QS-1', { user: ADMIN, api: { ...api, [RECEIPT]: () => ({ shipment: 'QS-1', lines: [] }) } });
    await userEvent.click(await screen.findByRole('button', { name: 'Receive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive QS-1' });
    expect(
      await within(dialog).findByText('This shipment carries no parts of a purchase order to receive.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save receipt' })).toBeNull();
  });
});

describe('Receive on a phone', () => {
  it('fills the screen, each SKU’s fields one under another', async () => {
    atPhoneWidth();
    const { dialog } = await openReceive();
    expect(within(dialog).getByRole('spinbutton', { name: 'Received NUT-10' })).toHaveValue(40);
    expect(dialog).toHaveClass('MuiDialog-paperFullScreen');
    expect(within(dialog).getByRole('button', { name: 'Save receipt' })).toBeEnabled();
  });
});
