import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../testing/fake-api.ts';
import { lineItemFixture, rowsAnswer } from '../../testing/line-item-rows.ts';
import { shipmentFixture } from '../../testing/shipment-fixture.ts';
import { renderShipmentPage } from './render-shipment-page.tsx';

// The shipment's page opens with what needs attention, as its line items' dashboard rows say it.

const late = lineItemFixture({
  _id: 'li-7',
  title: 'PO-7',
  related_shipment: 'QS-7',
  exceptions: ['late_arrival', 'missing_documents'],
  exception_facts: { late_arrival: 6, missing_documents: ['Bill of Lading', 'Packing List'] },
});

describe('the banner', () => {
  it("opens a shipment's page with its exceptions, read from its line items", async () => {
    const stored = shipmentFixture({ Shipment: 'QS-7', 'Order Ref': ['PO-7'] });
    const api = renderShipmentPage('QS-7', {
      api: {
        'GET /api/Shipments': () => ({ shipments: [stored] }),
        'GET /api/LineItems/rows': (call: ApiCall) => rowsAnswer(call, [late]),
      },
    });
    const banner = await screen.findByRole('region', { name: 'Needs attention' });
    expect(within(banner).getByText('Late arrival · 6 d')).toBeInTheDocument();
    expect(within(banner).getByText('Missing: Bill of Lading, Packing List')).toBeInTheDocument();
    const [asked] = api.callsTo('GET /api/LineItems/rows');
    expect(JSON.parse(asked?.query.get('filters') ?? '[]')).toEqual([
      { column: 'related_shipment', operator: 'equals', value: 'QS-7' },
    ]);
  });
});
