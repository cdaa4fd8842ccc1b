import type { LineItem } from '@quayside/domain/line-items';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Answer, type ApiCall } from '../../testing/fake-api.ts';
import { EMPLOYEE, FORWARDER, type RenderOptions, renderScreen } from '../../testing/render-screen.tsx';
import { PartsInfoDialog } from './parts-info-dialog.tsx';

const STORED: LineItem['parts'] = [
  { part_number: 'BOLT-10', qty: 4 },
  { part_number: 'NUT-10', qty: null },
];

/** POST /api/Parts/save answering the list as stored. */
const savedAsSent = (call: ApiCall) => {
  const { parts, related_po_number, related_shipment } = call.body as {
    parts: { part_number: string; qty: number }[];
    related_po_number: string;
    related_shipment: string;
  };
  return { parts: parts.map((part) => ({ ...part, related_po_number, related_shipment })) };
};

function openDialog(canEdit: boolean, api: RenderOptions['api'] = {}) {
  const onSaved = vi.fn();
  const calls = renderScreen(
    <PartsInfoDialog
      po="PO-1"
      shipment="QS-1"
      parts={STORED}
      canEdit={canEdit}
      onClose={() => {}}
      onSaved={onSaved}
      stopPropagation={() => {}}
    />,
    { user: canEdit ? FORWARDER : EMPLOYEE, api },
  );
  return { calls, onSaved };
}

const dialog = () => screen.findByRole('dialog', { name: 'Parts Info' });

describe('the parts dialog', () => {
  it('saves an edited quantity: the whole list goes to the server, the change is confirmed', async () => {
    const { calls, onSaved } = openDialog(true, { 'POST /api/Parts/save': savedAsSent });
    const parts = await dialog();
    expect(within(parts).getByText('Total Parts: 2')).toBeInTheDocument();
    expect(within(parts).queryByRole('button', { name: 'Save Changes' })).toBeNull();
    const quantity = within(parts).getByRole('spinbutton', { name: 'Quantity of NUT-10' });
    await userEvent.type(quantity, '6');
    expect(within(parts).getByText('Total Quantity: 10')).toBeInTheDocument();
    await userEvent.click(within(parts).getByRole('button', { name: 'Save Changes' }));
    expect(await within(parts).findByText('Part changes saved.')).toBeInTheDocument();
    expect(calls.callsTo('POST /api/Parts/save').map((call) => call.body)).toEqual([
      {
        related_po_number: 'PO-1',
        related_shipment: 'QS-1',
        parts: [
          { part_number: 'BOLT-10', qty: 4 },
          { part_number: 'NUT-10', qty: 6 },
        ],
        prev_part_numbers: ['BOLT-10', 'NUT-10'],
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith([
      { part_number: 'BOLT-10', qty: 4 },
      { part_number: 'NUT-10', qty: 6 },
    ]);
  });

  it('adds a part to the list, which is saved with the others', async () => {
    const { calls } = openDialog(true, { 'POST /api/Parts/save': savedAsSent });
    const parts = await dialog();
    await userEvent.click(within(parts).getByRole('button', { name: 'Add Parts' }));
    const form = within(parts).getByRole('form', { name: 'Add a part' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Part Number' }), 'WASHER-2');
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Quantity' }), '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(parts).getByText('WASHER-2')).toBeInTheDocument();
    expect(within(parts).getByText('Total Parts: 3')).toBeInTheDocument();
    await userEvent.type(within(parts).getByRole('spinbutton', { name: 'Quantity of NUT-10' }), '1');
    await userEvent.click(within(parts).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.callsTo('POST /api/Parts/save')).toHaveLength(1));
    const [body] = calls.callsTo('POST /api/Parts/save').map((call) => call.body as { parts: unknown[] });
    expect(body?.parts).toEqual([
      { part_number: 'BOLT-10', qty: 4 },
      { part_number: 'NUT-10', qty: 1 },
      { part_number: 'WASHER-2', qty: 3 },
    ]);
  });

  it("shows the server's refusal and keeps the changes to try again", async () => {
    const refusal = 'The parts of this line item changed meanwhile. Refresh to see them.';
    openDialog(true, { 'POST /api/Parts/save': () => new Answer(409, { message: refusal }) });
    const parts = await dialog();
    await userEvent.type(within(parts).getByRole('spinbutton', { name: 'Quantity of NUT-10' }), '2');
    await userEvent.click(within(parts).getByRole('button', { name: 'Save Changes' }));
    expect(await within(parts).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(parts).getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('shows an Employee the parts with nothing that changes them', async () => {
    openDialog(false);
    const parts = await dialog();
    const table = within(parts).getByRole('table', { name: 'Parts of PO PO-1' });
    expect(within(table).getByText('BOLT-10')).toBeInTheDocument();
    expect(within(table).getByText('4')).toBeInTheDocument();
    expect(within(parts).queryByRole('spinbutton')).toBeNull();
    expect(within(parts).queryByRole('button', { name: 'Add Parts' })).toBeNull();
    expect(within(parts).queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });
});
