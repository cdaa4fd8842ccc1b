import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dayFromToday as day, daysFromToday, shipmentFixture } from '../../testing/shipment-fixture.ts';
import { renderCreateShipmentPage, renderShipmentPage } from './render-shipment-page.tsx';

const IN_TRANSIT = shipmentFixture({
  Shipment: 'QS-1',
  Mode: 'FCL',
  Trans: 'SEA',
  'Origin ETD': daysFromToday(-10),
  ATD: daysFromToday(-9),
  'Dest. ETA': daysFromToday(-3),
  'Est Delivery': daysFromToday(4),
  'Order Ref': ['PO-1'],
});

const history = { shipment: 'QS-1', createdAt: daysFromToday(-20), changes: [], estimates: [], documents: [] };

describe("the shipment page's milestone strip", () => {
  it('shows where the shipment is: departed, arrival late by 3 days, with its Mode and planned and actual days', async () => {
    renderShipmentPage('QS-1', {
      api: {
        'GET /api/Shipments': () => ({ shipments: [IN_TRANSIT] }),
        'GET /api/Shipments/history': () => history,
      },
    });
    const strip = await screen.findByRole('region', { name: 'Milestones' });
    expect(within(strip).getByText('FCL')).toBeInTheDocument();
    const steps = within(strip).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('.MuiTypography-subtitle2')?.textContent)).toEqual([
      'Booked',
      'Departed',
      'Arrived',
      'Delivered',
    ]);
    const [booked, departed, arrived, delivered] = steps as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    // The current step is marked for screen readers and in words.
    expect(strip.querySelectorAll('[aria-current="step"]')).toEqual(
      expect.objectContaining({ length: 1, 0: departed }),
    );
    expect(within(departed).getByText('Now')).toBeInTheDocument();
    await waitFor(() => expect(booked).toHaveTextContent(`Actual: ${day(-20)} (Shipment created)`));
    expect(departed).toHaveTextContent(`Planned: ${day(-10)} (Origin ETD)`);
    expect(departed).toHaveTextContent(`Actual: ${day(-9)} (ATD)`);
    expect(arrived).toHaveTextContent(`Planned: ${day(-3)} (Dest. ETA)`);
    expect(arrived).toHaveTextContent('Actual: not yet');
    expect(within(arrived).getByText('Late by 3 days')).toBeInTheDocument();
    expect(delivered).toHaveTextContent(`Planned: ${day(4)} (Est Delivery)`);
    expect(within(delivered).queryByText(/Late by/)).toBeNull();
  });

  it('is not shown while a shipment is being created', async () => {
    renderCreateShipmentPage();
    await screen.findByRole('heading', { name: 'Create Shipment' });
    expect(screen.queryByRole('region', { name: 'Milestones' })).toBeNull();
  });
});
