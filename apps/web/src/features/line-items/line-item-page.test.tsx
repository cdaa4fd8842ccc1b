import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type LineItemNavigationState, paths } from '../../lib/navigation.ts';
import type { ApiCall } from '../../testing/fake-api.ts';
import { lineItemFixture } from '../../testing/line-item-rows.ts';
import { renderLineItemPage } from './render-line-item-page.tsx';

// Opened from the dashboard, the detail screen gets the rows' references only: it reads each line
// item by its PO number, and pages through the references.

const first = lineItemFixture({ _id: 'li-1', title: 'PO-1', related_shipment: 'QS-1', forwarder_name: 'Blue Freight' });
const second = lineItemFixture({ _id: 'li-2', title: 'PO-2', related_shipment: 'QS-2', forwarder_name: 'Red Cargo' });
const refs = [first, second].map(({ _id, title, related_shipment }) => ({ _id, title, related_shipment }));

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('a line item opened from the dashboard', () => {
  it('loads until the line item arrives, then pages through the list by its references', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const api = renderLineItemPage(first, {
      state: { lineItem: refs[0], subsetData: refs, index: 0 } satisfies LineItemNavigationState,
      api: {
        'GET /api/LineItems': async (call: ApiCall) => {
          await answered;
          const po = call.query.get('po');
          return { lineItems: [first, second].filter((lineItem) => lineItem.title === po) };
        },
      },
    });
    expect(await screen.findByRole('progressbar', { name: 'Loading line item' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Line Item: PO-1' })).toBeNull();

    answer();
    expect(await screen.findByRole('heading', { name: 'Line Item: PO-1' })).toBeInTheDocument();
    expect(screen.getByText('Blue Freight')).toBeInTheDocument();
    expect(screen.getByText('1 of 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next line item' }));
    expect(await screen.findByRole('heading', { name: 'Line Item: PO-2' })).toBeInTheDocument();
    expect(screen.getByText('Red Cargo')).toBeInTheDocument();
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
    expect(address()).toBe(paths.lineItemOf(second));
    await waitFor(() =>
      expect(api.callsTo('GET /api/LineItems').map((call) => call.query.get('po'))).toEqual(['PO-1', 'PO-2']),
    );
  });
});
