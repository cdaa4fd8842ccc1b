import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lineItemFixture } from '../../testing/line-item-rows.ts';
import { renderLineItemPage } from './render-line-item-page.tsx';

// The line item's page opens with what needs attention, as its dashboard row says it.

const late = lineItemFixture({
  _id: 'li-7',
  title: 'PO-7',
  related_shipment: 'QS-7',
  exceptions: ['late_arrival', 'missing_documents'],
  exception_facts: { late_arrival: 6, missing_documents: ['Bill of Lading', 'Packing List'] },
});

describe('the banner', () => {
  it("opens a line item's page with what needs attention, as its dashboard row says it", async () => {
    renderLineItemPage(late);
    const banner = await screen.findByRole('region', { name: 'Needs attention' });
    expect(
      within(banner)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Late arrival · 6 d', 'Missing: Bill of Lading, Packing List']);
  });

  it('shows nothing on a line item with no exception', async () => {
    renderLineItemPage(late, {
      api: { 'GET /api/LineItems': () => ({ lineItems: [{ ...late, exceptions: [], exception_facts: {} }] }) },
    });
    expect(await screen.findByRole('heading', { name: 'Line Item: PO-7' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Needs attention' })).toBeNull();
  });
});
