import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../testing/fake-api.ts';
import { lineItemFixture, rowsAnswer } from '../../testing/line-item-rows.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { DashboardPage } from './dashboard-page.tsx';

// A line item's purchase order exceptions among the 'Needs attention' chips and the rows' badges,
// and the PO # of a line item whose PO exists linking to the PO's page.

const short = {
  ...lineItemFixture({
    _id: 'li-8',
    title: 'PO 8/A',
    related_shipment: 'QS-8',
    exceptions: ['late_arrival', 'po_received_short', 'po_over_shipped'],
    exception_facts: { late_arrival: 3, po_received_short: 2, po_over_shipped: 12 },
  }),
  has_purchase_order: true,
};
const plain = lineItemFixture({ _id: 'li-9', title: 'PO-9', related_shipment: 'QS-9' });

const summary = () => ({
  asOf: '2027-03-12',
  etaSlipDays: 3,
  counts: {
    late_departure: 0,
    late_arrival: 1,
    late_delivery: 0,
    eta_slipped: 0,
    missing_documents: 0,
    stale: 0,
    po_overdue: 4,
    po_not_booked: 0,
    po_received_short: 1,
    po_over_shipped: 1,
    po_unknown_sku: 0,
  },
  total: 5,
  totalExact: true,
});

describe("a purchase order's exceptions on the dashboard", () => {
  it("are not chips until chosen: the row of chips stays the shipment's", async () => {
    renderScreen(<DashboardPage />, {
      at: '/',
      api: {
        'GET /api/LineItems/rows': (call: ApiCall) => rowsAnswer(call, [short, plain]),
        'GET /api/Exceptions/summary': summary,
      },
    });
    const group = await screen.findByRole('group', { name: 'Needs attention' });
    expect(
      within(group)
        .getAllByRole('button', { pressed: false })
        .map((chip) => chip.textContent),
    ).toEqual(['Late arrival · 1']);
  });

  it('are a chip once the address names one, pick their rows, and badge them with their size', async () => {
    const api = renderScreen(<DashboardPage />, {
      at: '/?exception=po_received_short',
      api: {
        'GET /api/LineItems/rows': (call: ApiCall) =>
          rowsAnswer(call, call.query.get('exception') ? [short] : [short, plain]),
        'GET /api/Exceptions/summary': summary,
      },
    });
    const group = await screen.findByRole('group', { name: 'Needs attention' });
    const chosen = await within(group).findByRole('button', { name: 'Received short · 1', pressed: true });
    expect(chosen).toHaveAttribute('title', 'A shipment was received with less of a SKU than it carried.');
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET /api/LineItems/rows').at(-1)?.query ?? [])).toMatchObject({
        exception: 'po_received_short',
      }),
    );
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/?exception=po_received_short');
    expect(await screen.findByText('Received short · −2')).toBeInTheDocument();
    expect(screen.getByText('Over-shipped · +12')).toBeInTheDocument();
    expect(screen.getByText('Late arrival · 3 d')).toBeInTheDocument();
    expect(screen.getByText('Received short · −2').closest('[data-severity]')).toHaveAttribute('data-severity', 'high');
    expect(screen.getByText('Over-shipped · +12').closest('[data-severity]')).toHaveAttribute(
      'data-severity',
      'medium',
    );
  });

  it("links a PO # to its purchase order's page only when the PO exists; the row still opens the line item", async () => {
    renderScreen(<DashboardPage />, {
      at: '/',
      api: {
        'GET /api/LineItems/rows': (call: ApiCall) => rowsAnswer(call, [short, plain]),
        'GET /api/Exceptions/summary': summary,
      },
    });
    const table = await screen.findByRole('grid', { name: 'Line items' });
    const link = await within(table).findByRole('link', { name: 'Purchase order PO 8/A' });
    expect(link).toHaveAttribute('href', '/purchase-orders/PO%208%2FA');
    expect(within(table).queryByRole('link', { name: 'Purchase order PO-9' })).toBeNull();
    expect(within(table).getByRole('link', { name: 'PO 8/A' })).toHaveAttribute(
      'href',
      '/line-item/PO%208%2FA?shipment=QS-8',
    );

    await userEvent.click(link);
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/purchase-orders/PO%208%2FA');
  });
});
