import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EMPLOYEE } from '../../testing/render-screen.tsx';
import { shipmentFixture } from '../../testing/shipment-fixture.ts';
import { renderShipmentPage } from './render-shipment-page.tsx';

// One way to write a date on one screen: the milestone strip, the Dates tab and the History tab
// (its estimates, its changes and when each was made) all write 'YYYY-MM-DD' (' HH:mm' for a moment).

const SHIPMENT = shipmentFixture({
  Shipment: 'QS-1',
  'Origin ETD': '2026-03-01T00:00:00.000Z',
  ATD: '2026-03-02T00:00:00.000Z',
  'Dest. ETA': '2026-03-22T00:00:00.000Z',
  'Order Ref': ['PO-1'],
});

const CHANGED_AT = '2026-03-04T10:07:00.000Z';
const HISTORY = {
  shipment: 'QS-1',
  createdAt: '2026-02-27T09:00:00.000Z',
  changes: [
    {
      field: 'dest_eta',
      label: 'Dest. ETA',
      oldValue: '2026-03-12T00:00:00.000Z',
      newValue: '2026-03-22T00:00:00.000Z',
      at: CHANGED_AT,
      by: 'ana@example.com',
      source: 'screen',
    },
    {
      field: 'eta',
      label: 'ETA',
      oldValue: null,
      newValue: '2026-03-20T00:00:00.000Z',
      at: CHANGED_AT,
      by: 'ana@example.com',
      source: 'api',
    },
  ],
  estimates: [
    {
      field: 'dest_eta',
      label: 'Dest. ETA',
      firstPromise: '2026-03-12T00:00:00.000Z',
      current: '2026-03-22T00:00:00.000Z',
      daysMoved: 10,
      changes: 1,
    },
  ],
  documents: [],
};

/** Any way of writing a date other than the app's own. */
const OTHER_FORMATS = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b|\d{1,2}\/\d{1,2}\/\d{2,4}|\b[AP]M\b/;
const twoDigits = (value: number) => String(value).padStart(2, '0');

describe('the dates on a shipment’s screen', () => {
  it('are written one way in the strip, the Dates tab and the History tab', async () => {
    renderShipmentPage('QS-1', {
      user: EMPLOYEE,
      api: { 'GET /api/Shipments': () => ({ shipments: [SHIPMENT] }), 'GET /api/Shipments/history': () => HISTORY },
    });
    const strip = await screen.findByRole('region', { name: 'Milestones' });
    await waitFor(() => expect(strip).toHaveTextContent('Actual: 2026-02-27 (Shipment created)'));
    expect(strip).toHaveTextContent('Planned: 2026-03-22 (Dest. ETA)');
    expect(strip.textContent).not.toMatch(OTHER_FORMATS);
    expect(screen.getByRole('textbox', { name: 'Dest. ETA' })).toHaveValue('2026-03-22');

    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    const estimates = await screen.findByRole('region', { name: 'Estimates' });
    expect(estimates).toHaveTextContent('Dest. ETA: 2026-03-12 → 2026-03-22, +10 days, 1 change');
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const changedAt = new Date(CHANGED_AT);
    const when = `2026-03-0${changedAt.getDate()} ${twoDigits(changedAt.getHours())}:07`;
    const [eta, destEta] = within(timeline).getAllByRole('listitem');
    // ETD and ETA are on no other screen: the History tab says so.
    expect(eta).toHaveTextContent('ETA (from import or the API; not on the Dates tab): none → 2026-03-20');
    expect(eta).toHaveTextContent(`${when} · ana@example.com, through the API`);
    expect(destEta).toHaveTextContent('Dest. ETA: 2026-03-12 → 2026-03-22');
    expect(destEta).toHaveTextContent(`${when} · ana@example.com, on screen`);
    expect(estimates.textContent).not.toMatch(OTHER_FORMATS);
    expect(timeline.textContent).not.toMatch(OTHER_FORMATS);
  });
});
