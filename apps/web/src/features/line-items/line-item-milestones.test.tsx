import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lineItemFixture } from '../../testing/line-item-rows.ts';
import { dayFromToday as day, daysFromToday, shipmentFixture } from '../../testing/shipment-fixture.ts';
import { renderLineItemPage } from './render-line-item-page.tsx';

const NOT_DEPARTED = shipmentFixture({
  Shipment: 'QS-7',
  Mode: 'AIR',
  Trans: 'AIR',
  ETD: daysFromToday(-1),
  'Origin ETD': daysFromToday(2),
  'Dest. ETA': daysFromToday(5),
  'Order Ref': ['PO-7'],
});

const lineItem = lineItemFixture({ _id: 'li-7', title: 'PO-7', related_shipment: 'QS-7', transit_type: 'AIR' });

describe("the line-item page's milestone strip", () => {
  it("shows its shipment's steps and Mode: booked now, departure late by 1 day by its ETD", async () => {
    renderLineItemPage(lineItem, {
      api: {
        'GET /api/Shipments': (call) =>
          call.query.get('shipment') === 'QS-7' ? { shipments: [NOT_DEPARTED] } : { shipments: [] },
        'GET /api/Shipments/history': () => ({
          shipment: 'QS-7',
          createdAt: daysFromToday(-4),
          changes: [],
          estimates: [],
          documents: [],
        }),
      },
    });
    await screen.findByRole('heading', { name: 'Line Item: PO-7' });
    const strip = await screen.findByRole('region', { name: 'Milestones' });
    expect(within(strip).getByText('Mode:')).toHaveTextContent('Mode: AIR');
    const [booked, departed, arrived] = within(strip).getAllByRole('listitem') as HTMLElement[];
    expect(booked).toHaveAttribute('aria-current', 'step');
    expect(departed).not.toHaveAttribute('aria-current');
    expect(departed).toHaveTextContent(`Planned: ${day(-1)} (ETD)`);
    expect(within(departed as HTMLElement).getByText('Late by 1 day')).toBeInTheDocument();
    expect(arrived).toHaveTextContent(`Planned: ${day(5)} (Dest. ETA)`);
    await waitFor(() => expect(booked).toHaveTextContent(`Actual: ${day(-4)} (Shipment created)`));
  });
});
