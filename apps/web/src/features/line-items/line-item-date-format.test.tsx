import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lineItemFixture } from '../../testing/line-item-rows.ts';
import { EMPLOYEE } from '../../testing/render-screen.tsx';
import { shipmentFixture } from '../../testing/shipment-fixture.ts';
import { renderLineItemPage } from './render-line-item-page.tsx';

// One way to write a date on the line-item screen: the milestone strip, the Dates tab, the
// Documents tab and the History tab write 'YYYY-MM-DD' (' HH:mm' for when something happened).

const lineItem = lineItemFixture({
  _id: 'li-3',
  title: 'PO-3',
  related_shipment: 'QS-3',
  atd: '2026-03-02T00:00:00.000Z',
  dest_eta: '2026-03-22T00:00:00.000Z',
  shipment_origin_etd: '2026-03-01T00:00:00.000Z',
});
const shipment = shipmentFixture({
  Shipment: 'QS-3',
  'Origin ETD': lineItem.shipment_origin_etd,
  ATD: lineItem.atd,
  'Dest. ETA': lineItem.dest_eta,
  'Order Ref': ['PO-3'],
});
const UPLOADED_AT = '2026-03-03T12:00:00.000Z';

const OTHER_FORMATS = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b|\d{1,2}\/\d{1,2}\/\d{2,4}|\b[AP]M\b/;
const ISO_DAY = /\d{4}-\d{2}-\d{2}/;

describe('the dates on a line item’s screen', () => {
  it('are written one way in the strip and in every tab', async () => {
    renderLineItemPage(lineItem, {
      user: EMPLOYEE,
      api: {
        'GET /api/Shipments': () => ({ shipments: [shipment] }),
        'GET /api/Files': () => ({
          documents: [
            {
              id: 'd-1',
              webUrl: '/files/d-1',
              fields: {
                FileLeafRef: 'bl.pdf',
                DocumentType: 'Bill of Lading',
                FileSizeDisplay: '1.5 KB',
                Modified: UPLOADED_AT,
                ShipmentNumber: 'QS-3',
              },
            },
          ],
        }),
        'GET /api/Shipments/history': () => ({
          shipment: 'QS-3',
          createdAt: '2026-02-27T09:00:00.000Z',
          changes: [],
          estimates: [],
          documents: [{ documentType: 'Bill of Lading', fileName: 'bl.pdf', at: UPLOADED_AT }],
        }),
      },
    });
    const strip = await screen.findByRole('region', { name: 'Milestones' });
    await waitFor(() => expect(strip).toHaveTextContent('Actual: 2026-02-27 (Shipment created)'));
    expect(strip).toHaveTextContent('Actual: 2026-03-02 (ATD)');
    expect(strip.textContent).not.toMatch(OTHER_FORMATS);

    const datesTab = screen.getByRole('tabpanel');
    expect(within(datesTab).getByText('2026-03-22')).toBeInTheDocument();
    expect(within(datesTab).getByText('2026-03-01')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    const documents = await screen.findByRole('tabpanel');
    await within(documents).findByText('bl.pdf');
    expect(documents.textContent).toMatch(ISO_DAY);
    expect(documents.textContent).not.toMatch(OTHER_FORMATS);

    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const uploaded = await within(timeline).findByText('Bill of Lading uploaded');
    expect(uploaded.closest('li')?.textContent).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} · bl\.pdf/);
    expect(timeline.textContent).not.toMatch(OTHER_FORMATS);
  });
});
