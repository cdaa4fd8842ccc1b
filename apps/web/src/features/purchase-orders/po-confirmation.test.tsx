import {
  PO_CONFIRMED,
  PROPOSAL_APPROVED,
  PROPOSAL_REJECTED,
  PROPOSAL_SENT,
  type Proposal,
} from '@quayside/domain/confirmations';
import type { PurchaseOrderDetail } from '@quayside/domain/purchase-orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/navigation.ts';
import { Answer, type ApiCall } from '../../testing/fake-api.ts';
import { pendingProposal, poDetail } from '../../testing/purchase-order-fixture.ts';
import { ADMIN, EMPLOYEE, type RenderOptions, renderScreen, SUPPLIER } from '../../testing/render-screen.tsx';
import { PurchaseOrderPage } from './purchase-order-page.tsx';

const DETAIL = 'GET /api/PurchaseOrders/detail';
const CONFIRM = 'POST /api/PurchaseOrders/confirm';
const PROPOSE = 'POST /api/PurchaseOrders/proposals';
const DECIDE = 'POST /api/PurchaseOrders/proposals/decision';

/** PO-1 as the server keeps it: each write's answer is the PO the next read returns. */
function renderPo(options: RenderOptions & { po?: PurchaseOrderDetail; answer?: (call: ApiCall) => unknown }) {
  let po = options.po ?? poDetail();
  const answer = (message: string, next: Partial<PurchaseOrderDetail>) => (call: ApiCall) => {
    const refusal = options.answer?.(call);
    if (refusal) return refusal;
    po = { ...po, ...next };
    return { message, purchaseOrder: po };
  };
  const api = renderScreen(<PurchaseOrderPage />, {
    route: paths.purchaseOrderPattern,
    at: paths.purchaseOrder('PO-1'),
    ...options,
    api: {
      [DETAIL]: () => po,
      [CONFIRM]: answer(PO_CONFIRMED, { confirmation: 'confirmed' }),
      [PROPOSE]: answer(PROPOSAL_SENT, { confirmation: 'proposed', proposals: [pendingProposal()] }),
      [DECIDE]: (call) => {
        const { decision, note } = call.body as { decision: 'approve' | 'reject'; note: string };
        const decided: Proposal = {
          ...pendingProposal(),
          status: decision === 'approve' ? 'approved' : 'rejected',
          decided_by: ADMIN.email,
          decided_at: '2026-09-11T10:00:00.000Z',
          decision_note: note,
        };
        const message = decision === 'approve' ? PROPOSAL_APPROVED : PROPOSAL_REJECTED;
        return answer(message, {
          confirmation: decision === 'approve' ? 'confirmed' : 'awaiting',
          proposals: [decided],
        })(call);
      },
      ...options.api,
    },
  });
  return api;
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Purchase order: PO-1' });
const lineGroup = (name: string) => within(screen.getByRole('dialog')).getByRole('group', { name });

describe("a supplier's answers to its purchase order", () => {
  it('confirms a PO awaiting confirmation, with a note', async () => {
    const api = renderPo({ user: SUPPLIER });
    await heading();
    expect(screen.getByText('Awaiting confirmation')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Short-close' })).toBeNull();
    // The shipments carrying its PO are named, not linked: their pages are not the supplier's.
    expect(screen.getByText('Shipment QS-1')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Shipment QS-1' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm purchase order' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm PO-1' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Ready on time');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(PO_CONFIRMED)).toBeInTheDocument();
    const [sent] = api.callsTo(CONFIRM) as [ApiCall];
    expect(sent.query.get('po')).toBe('PO-1');
    expect(sent.body).toEqual({ note: 'Ready on time' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm purchase order' })).toBeNull());
    expect(screen.getByText('Confirmed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Propose changes' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('proposes a new date, a quantity and a split, sending only the lines that changed', async () => {
    const api = renderPo({ user: SUPPLIER });
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Propose changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose changes to PO-1' });

    const poDate = within(dialog).getByLabelText('Purchase order cargo-ready date');
    expect(poDate).toHaveValue('2026-10-01');
    await userEvent.clear(poDate);
    await userEvent.type(poDate, '2026-10-08');

    const line1 = lineGroup('Line 1: BOLT-10');
    const quantity = within(line1).getByLabelText('Quantity');
    expect(quantity).toHaveValue(100);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '90');

    await userEvent.click(within(lineGroup('Line 2: NUT-10')).getByRole('button', { name: 'Split into deliveries' }));
    const line2 = lineGroup('Line 2: NUT-10');
    // The line's quantity and day come first; the second delivery is to fill in.
    expect(within(line2).getByLabelText('Delivery 1 quantity')).toHaveValue(50);
    expect(within(line2).getByLabelText('Delivery 1 cargo-ready date')).toHaveValue('2026-10-01');
    await userEvent.clear(within(line2).getByLabelText('Delivery 1 quantity'));
    await userEvent.type(within(line2).getByLabelText('Delivery 1 quantity'), '30');
    await userEvent.type(within(line2).getByLabelText('Delivery 2 quantity'), '20');
    await userEvent.type(within(line2).getByLabelText('Delivery 2 cargo-ready date'), '2026-11-01');
    // A third delivery comes and goes; two is the least a split has.
    expect(within(line2).queryByRole('button', { name: /Remove delivery/ })).toBeNull();
    await userEvent.click(within(line2).getByRole('button', { name: 'Add delivery' }));
    await userEvent.click(within(line2).getByRole('button', { name: 'Remove delivery 3' }));
    expect(within(line2).queryByLabelText('Delivery 3 quantity')).toBeNull();
    expect(within(line2).getByText('Total: 50')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Steel arrives late.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));

    expect(await screen.findByText(PROPOSAL_SENT)).toBeInTheDocument();
    const [sent] = api.callsTo(PROPOSE) as [ApiCall];
    expect(sent.query.get('po')).toBe('PO-1');
    expect(sent.body).toEqual({
      cargo_ready_date: '2026-10-08',
      lines: [
        { line_number: 1, ordered_qty: 90 },
        {
          line_number: 2,
          deliveries: [
            { qty: 30, cargo_ready_date: '2026-10-01' },
            { qty: 20, cargo_ready_date: '2026-11-01' },
          ],
        },
      ],
      note: 'Steel arrives late.',
    });
    // One proposal waits at a time: neither answer is offered until it is decided.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Propose changes' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Confirm purchase order' })).toBeNull();
    expect(screen.getByText('Changes proposed')).toBeInTheDocument();
    const proposals = screen.getByRole('region', { name: 'Proposals' });
    expect(within(proposals).getByText('Waiting for a decision')).toBeInTheDocument();
    // Only the Admin decides.
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('says what to change when nothing is, and shows the server’s refusal in the dialog', async () => {
    const api = renderPo({
      user: SUPPLIER,
      answer: () => new Answer(400, { message: 'Line 1 quantity must be at most 1000000000.' }),
    });
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Propose changes' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(
      within(dialog).getByText('Propose at least one change: a quantity, a cargo-ready date or a split.'),
    ).toBeInTheDocument();
    expect(api.callsTo(PROPOSE)).toHaveLength(0);

    const quantity = within(lineGroup('Line 1: BOLT-10')).getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '90');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(await within(dialog).findByText('Line 1 quantity must be at most 1000000000.')).toBeInTheDocument();
  });
});

describe("an Admin's decision on a proposal", () => {
  const proposed = () => poDetail({ confirmation: 'proposed', proposals: [pendingProposal()] });

  it('lists the waiting proposal’s changes and approves it', async () => {
    const api = renderPo({ user: ADMIN, po: proposed() });
    await heading();
    const card = screen.getByRole('region', { name: 'Proposal waiting for a decision' });
    expect(
      within(within(card).getByRole('list', { name: 'Proposed changes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Cargo-ready date 2026-10-01 → 2026-10-08',
      'Line 2 split into 2 deliveries: 30 ready 2026-10-08, 20 ready 2026-11-01',
    ]);
    expect(within(card).getByText('Note: Steel arrives late.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose changes' })).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(PROPOSAL_APPROVED)).toBeInTheDocument();
    expect(api.callsTo(DECIDE)[0]?.body).toEqual({ proposal: 7, decision: 'approve', note: '' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Proposal waiting for a decision' })).toBeNull());
    const proposals = screen.getByRole('region', { name: 'Proposals' });
    expect(within(proposals).getByText('Approved')).toBeInTheDocument();
    expect(within(proposals).getByText(/^Approved by admin@napco\.example · /)).toBeInTheDocument();
  });

  it('rejects it only with a reason, which it sends', async () => {
    const api = renderPo({ user: ADMIN, po: proposed() });
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the proposal' });
    const reject = within(dialog).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    expect(reject).toBeDisabled();
    expect(api.callsTo(DECIDE)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The vessel sails on the 1st.');
    await userEvent.click(reject);
    expect(await screen.findByText(PROPOSAL_REJECTED)).toBeInTheDocument();
    expect(api.callsTo(DECIDE)[0]?.body).toEqual({
      proposal: 7,
      decision: 'reject',
      note: 'The vessel sails on the 1st.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const proposals = screen.getByRole('region', { name: 'Proposals' });
    expect(within(proposals).getByText('Rejected')).toBeInTheDocument();
    expect(within(proposals).getByText('Reason: The vessel sails on the 1st.')).toBeInTheDocument();
  });

  it('shows an Employee the proposals, and no decision to make', async () => {
    renderPo({ user: EMPLOYEE, po: proposed() });
    await heading();
    expect(screen.getByText('Changes proposed')).toBeInTheDocument();
    const proposals = screen.getByRole('region', { name: 'Proposals' });
    expect(within(proposals).getByText('Sam Supplier · 2026-09-10', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Proposal waiting for a decision' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm purchase order' })).toBeNull();
  });
});

describe('the lines’ cargo-ready dates', () => {
  it('shows each line’s day, and the deliveries of a split line', async () => {
    const [first, second] = poDetail().purchaseOrderLines;
    if (!first || !second) throw new Error('PO-1 has two lines');
    renderPo({
      po: poDetail({
        purchaseOrderLines: [
          {
            ...first,
            cargo_ready_date: '2027-05-01',
            deliveries: [
              { qty: 60, cargo_ready_date: '2027-05-01' },
              { qty: 40, cargo_ready_date: '2027-06-01' },
            ],
          },
          second,
        ],
      }),
    });
    await heading();
    const line1 = screen.getByRole('listitem', { name: 'Line 1: BOLT-10' });
    expect(within(line1).getByText('Deliveries: 60 ready 2027-05-01, 40 ready 2027-06-01')).toBeInTheDocument();
    const line2 = screen.getByRole('listitem', { name: 'Line 2: NUT-10' });
    expect(within(line2).getByText('Cargo-ready: 2026-10-01')).toBeInTheDocument();
    // A PO the supplier never answered has no proposals to list.
    expect(screen.queryByRole('region', { name: 'Proposals' })).toBeNull();
  });
});
