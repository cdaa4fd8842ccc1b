import {
  SHIPMENT_AMOUNT_FIELDS,
  SHIPMENT_CHOICE_FIELDS,
  SHIPMENT_DATE_FIELDS,
  SHIPMENT_TEXT_FIELDS,
  type Shipment,
} from '@quayside/domain/shipments';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/navigation.ts';
import { lineItemFixture } from '../../testing/line-item-rows.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { LineItemPage } from './line-item-page.tsx';

const blank = (fields: object, value: unknown) =>
  Object.fromEntries(Object.keys(fields).map((label) => [label, value]));

const daysFromToday = (days: number) => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days)).toISOString();
};
const day = (days: number) => daysFromToday(days).slice(0, 10);

const NOT_DEPARTED = {
  Shipment: 'QS-7',
  ...blank(SHIPMENT_TEXT_FIELDS, ''),
  ...blank(SHIPMENT_CHOICE_FIELDS, ''),
  ...blank(SHIPMENT_AMOUNT_FIELDS, null),
  ...blank(SHIPMENT_DATE_FIELDS, null),
  Mode: 'AIR',
  Trans: 'AIR',
  ETD: daysFromToday(-1),
  'Origin ETD': daysFromToday(2),
  'Dest. ETA': daysFromToday(5),
  'Order Ref': ['PO-7'],
} as Shipment;

const lineItem = lineItemFixture({ _id: 'li-7', title: 'PO-7', related_shipment: 'QS-7', transit_type: 'AIR' });

describe("the line-item page's milestone strip", () => {
  it("shows its shipment's steps and Mode: booked now, departure late by 1 day by its ETD", async () => {
    renderScreen(<LineItemPage />, {
      route: paths.lineItemPattern,
      at: paths.lineItemOf(lineItem),
      api: {
        'GET /api/LineItems': () => ({ lineItems: [lineItem] }),
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
