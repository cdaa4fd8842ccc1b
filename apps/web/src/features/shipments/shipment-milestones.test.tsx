import {
  SHIPMENT_AMOUNT_FIELDS,
  SHIPMENT_CHOICE_FIELDS,
  SHIPMENT_DATE_FIELDS,
  SHIPMENT_TEXT_FIELDS,
  type Shipment,
} from '@quayside/domain/shipments';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render-screen.tsx';
import { ShipmentPage } from './shipment-page.tsx';

const blank = (fields: object, value: unknown) =>
  Object.fromEntries(Object.keys(fields).map((label) => [label, value]));

/** Midnight UTC `days` from today: the strip decides lateness on today's UTC day. */
const daysFromToday = (days: number) => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days)).toISOString();
};
const day = (days: number) => daysFromToday(days).slice(0, 10);

const IN_TRANSIT = {
  Shipment: 'QS-1',
  ...blank(SHIPMENT_TEXT_FIELDS, ''),
  ...blank(SHIPMENT_CHOICE_FIELDS, ''),
  ...blank(SHIPMENT_AMOUNT_FIELDS, null),
  ...blank(SHIPMENT_DATE_FIELDS, null),
  Mode: 'FCL',
  Trans: 'SEA',
  'Origin ETD': daysFromToday(-10),
  ATD: daysFromToday(-9),
  'Dest. ETA': daysFromToday(-3),
  'Est Delivery': daysFromToday(4),
  'Order Ref': ['PO-1'],
} as Shipment;

const history = { shipment: 'QS-1', createdAt: daysFromToday(-20), changes: [], estimates: [], documents: [] };

describe("the shipment page's milestone strip", () => {
  it('shows where the shipment is: departed, arrival late by 3 days, with its Mode and planned and actual days', async () => {
    renderScreen(<ShipmentPage mode="edit" />, {
      at: '/shipment-details/QS-1',
      route: '/shipment-details/:id',
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
    renderScreen(<ShipmentPage mode="create" />, { at: '/create-shipment', route: '/create-shipment' });
    await screen.findByRole('heading', { name: 'Create Shipment' });
    expect(screen.queryByRole('region', { name: 'Milestones' })).toBeNull();
  });
});
