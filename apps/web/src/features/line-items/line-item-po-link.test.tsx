import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Answer } from '../../testing/fake-api.ts';
import { lineItemFixture } from '../../testing/line-item-rows.ts';
import { poDetail } from '../../testing/purchase-order-fixture.ts';
import { renderLineItemPage } from './render-line-item-page.tsx';

// A line item's PO number is its purchase order's number: the page links to the PO when there is one.

const lineItem = lineItemFixture({ _id: 'li-1', title: 'PO/1 #A', related_shipment: 'QS-1' });
const DETAIL = 'GET /api/PurchaseOrders/detail';

describe("a line item's purchase order", () => {
  it('is linked from the line item when the PO exists', async () => {
    const api = renderLineItemPage(lineItem, { api: { [DETAIL]: () => poDetail({ po_number: 'PO/1 #A' }) } });
    await waitFor(() => expect(api.callsTo(DETAIL)).toHaveLength(1));
    const link = await screen.findByRole('link', { name: 'Purchase order PO/1 #A' });
    expect(link).toHaveAttribute('href', '/purchase-orders/PO%2F1%20%23A');
    expect(api.callsTo(DETAIL)[0]?.query.get('po')).toBe('PO/1 #A');
  });

  it('is not linked when there is no such PO (or not one the user may see)', async () => {
    const api = renderLineItemPage(lineItem, {
      api: { [DETAIL]: () => new Answer(404, { message: 'Purchase order not found' }) },
    });
    expect(await screen.findByRole('heading', { name: 'Line Item: PO/1 #A' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(DETAIL)).toHaveLength(1));
    // The answer has been read: the page settles without the link.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /Purchase order/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Shipment QS-1' })).toBeInTheDocument();
  });
});
