import type {
  DocumentTimelinessResponse,
  EtaAccuracyResponse,
  OnTimeResponse,
  OpenExceptionsResponse,
  ScorecardResponse,
  TransitTimeResponse,
  VolumeResponse,
} from '@quayside/domain/analytics';
import type { SupplierFigures, SupplierScorecardResponse } from '@quayside/domain/purchase-order-analytics';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Answer } from '../../testing/fake-api.ts';
import { ADMIN, EMPLOYEE, FORWARDER, renderScreen } from '../../testing/render-screen.tsx';
import { AnalyticsPage } from './analytics-page.tsx';

const spread = (median: number | null, measured = 2) => ({ measured, median, p90: median });
const none = { late_departure: 0, late_arrival: 0, late_delivery: 0, eta_slipped: 0, missing_documents: 0, stale: 0 };
const figures = {
  shipments: 4,
  onTimeArrivalPercent: 75,
  medianTransitDays: 21,
  medianEtaErrorDays: 2,
  etaSlipsPerShipment: 0.5,
  openExceptions: 3,
  documentTimelinessPercent: 50,
  receipts: 4,
  receiptOnTimePercent: 75,
  receiptInFullPercent: 100,
  receiptOtifPercent: 75,
};
const supplier: SupplierFigures = {
  lines: 8,
  onTimePercent: 87.5,
  inFullPercent: 75,
  otifPercent: 62.5,
  purchaseOrders: 3,
  poOtifPercent: 33.3,
  fillRatePercent: 96.2,
  departed: 3,
  orderToDepartureMedianDays: 28,
  orderToDepartureP90Days: 40,
  received: 2,
  orderToReceiptMedianDays: 61,
  orderToReceiptP90Days: 70,
};

const answers = {
  'GET /api/Analytics/settings': () => ({ onTimeGraceDays: 1 }),
  'GET /api/Analytics/volume': (): VolumeResponse => ({
    period: 'month',
    rows: [{ period: '2027-02-01', shipments: 4, lineItems: 9, partQuantity: 120 }],
  }),
  'GET /api/Analytics/on-time': (): OnTimeResponse => ({
    graceDays: 1,
    rows: [
      {
        period: '2027-02-01',
        arrival: { onTime: 3, measured: 4, percent: 75 },
        delivery: { onTime: 0, measured: 0, percent: null },
      },
    ],
  }),
  'GET /api/Analytics/transit-time': (): TransitTimeResponse => ({
    byMode: [{ mode: 'FCL', toArrival: spread(21), toDelivery: spread(3.5) }],
    byLane: [{ origin: 'CNSHA', destination: 'USLAX', toArrival: spread(21), toDelivery: spread(null, 0) }],
  }),
  'GET /api/Analytics/eta-accuracy': (): EtaAccuracyResponse => ({
    distribution: [
      { daysLate: -1, shipments: 1 },
      { daysLate: 2, shipments: 3 },
    ],
    finalEtaKnown: spread(6, 4),
  }),
  'GET /api/Analytics/open-exceptions': (): OpenExceptionsResponse => ({
    asOf: '2027-03-13',
    byForwarder: [{ forwarder: 'Kestrel', counts: { ...none, late_arrival: 2, stale: 1 }, total: 3 }],
  }),
  'GET /api/Analytics/document-timeliness': (): DocumentTimelinessResponse => ({
    rows: [{ period: '2027-02-01', onTime: 1, measured: 2, percent: 50 }],
  }),
  'GET /api/Analytics/scorecard': (): ScorecardResponse => ({
    graceDays: 1,
    previous: { from: '2026-10-01', to: '2026-12-31' },
    rows: [{ forwarder: 'Kestrel', current: figures, previous: { ...figures, onTimeArrivalPercent: 60 } }],
  }),
  'GET /api/Analytics/suppliers': (): SupplierScorecardResponse => ({
    graceDays: 1,
    asOf: '2027-03-13',
    previous: { from: '2026-10-01', to: '2026-12-31' },
    rows: [{ supplier: 'Acme Tools', current: supplier, previous: { ...supplier, otifPercent: 50 } }],
  }),
};

const section = (name: string) => screen.getByRole('region', { name });
const showTable = async (name: string) => {
  await userEvent.click(within(section(name)).getByRole('button', { name: 'Table' }));
  return within(section(name)).getByRole('table', { name });
};

describe('the analytics page', () => {
  it('shows each figure for the filters, as a chart or a table, with its definition one click away', async () => {
    const api = renderScreen(<AnalyticsPage />, {
      user: EMPLOYEE,
      at: '/analytics',
      route: '/analytics',
      api: answers,
    });
    expect(await screen.findByRole('heading', { name: 'Analytics', level: 1 })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Volume' });
    await waitFor(() => expect(within(section('Volume')).queryByText('Loading volume…')).toBeNull());

    const volume = await showTable('Volume');
    expect(
      within(volume)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MonthShipmentsLine itemsPart quantity', '2027-0249120']);

    await userEvent.click(screen.getByRole('button', { name: 'What On-time arrival and delivery means' }));
    expect(
      await screen.findByText(/On-time: ATA no later than the first promised Dest\. ETA \+ 1 day\./),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    // Staff narrow by forwarder: the figures are asked again with it, and the address keeps it.
    await userEvent.type(screen.getByRole('textbox', { name: 'Forwarder' }), 'Kestrel');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/Analytics/volume').at(-1)?.query.get('forwarder')).toBe('Kestrel'),
    );
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/analytics?forwarder=Kestrel');
    for (const path of [
      'on-time',
      'transit-time',
      'eta-accuracy',
      'open-exceptions',
      'document-timeliness',
      'scorecard',
      'suppliers',
    ])
      expect(api.callsTo(`GET /api/Analytics/${path}`).at(-1)?.query.get('forwarder')).toBe('Kestrel');

    // Open exceptions lead into the dashboard, filtered to those line items.
    const link = await within(section('Open exceptions')).findByRole('link', { name: 'Late arrival: 2' });
    const target = new URL(link.getAttribute('href') ?? '', 'http://quayside.test');
    expect(target.searchParams.get('exception')).toBe('late_arrival');
    expect(JSON.parse(target.searchParams.get('filters') ?? '')).toContainEqual({
      column: 'forwarder_name',
      operator: 'equals',
      value: 'Kestrel',
    });
    const exceptions = await showTable('Open exceptions');
    expect(within(exceptions).getByRole('link', { name: '1' }).getAttribute('href')).toContain('exception=stale');

    // The scorecard: each figure with its change since the period before.
    const scorecard = within(section('Forwarder scorecard')).getByRole('table', { name: 'Forwarder scorecard' });
    const kestrel = within(scorecard).getByRole('row', { name: /Kestrel/ });
    expect(kestrel).toHaveTextContent('75 ▲ up 15');
    expect(kestrel).toHaveTextContent('21 (no change)');
    expect(screen.queryByRole('spinbutton', { name: 'On-time grace (days)' })).toBeNull();
  });

  it('shows a forwarder its own figures, with no forwarder filter', async () => {
    const api = renderScreen(<AnalyticsPage />, {
      user: FORWARDER,
      at: '/analytics',
      route: '/analytics',
      api: answers,
    });
    await screen.findByRole('heading', { name: 'Volume' });
    expect(screen.getByRole('textbox', { name: 'Consignee' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Forwarder' })).toBeNull();
    // Its own PO OTIF, in its scorecard row; no supplier figures, not even asked for.
    const scorecard = await within(section('Forwarder scorecard')).findByRole('table', { name: 'Forwarder scorecard' });
    expect(within(scorecard).getByRole('columnheader', { name: 'PO OTIF %' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Supplier scorecard' })).toBeNull();
    expect(api.callsTo('GET /api/Analytics/suppliers')).toEqual([]);
  });

  it('shows staff the supplier scorecard: OTIF, fill rate and lead times with their change, defined on screen', async () => {
    renderScreen(<AnalyticsPage />, { user: EMPLOYEE, at: '/analytics', route: '/analytics', api: answers });
    const suppliers = await within(await screen.findByRole('region', { name: 'Supplier scorecard' })).findByRole(
      'table',
      { name: 'Supplier scorecard' },
    );
    const acme = within(suppliers).getByRole('row', { name: /Acme Tools/ });
    expect(acme).toHaveTextContent('62.5 ▲ up 12.5');
    expect(acme).toHaveTextContent('96.2 (no change)');
    expect(within(suppliers).getByRole('columnheader', { name: 'Order → receipt p90 (days)' })).toBeInTheDocument();
    expect(
      within(section('Supplier scorecard')).getByRole('button', { name: 'Download Supplier scorecard as CSV' }),
    ).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'What Supplier scorecard means' }));
    expect(
      await screen.findByText(/On time: last received no later than the requested date \+ 1 day\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/Each arrow is the change since 2026-10-01 to 2026-12-31\./)).toBeInTheDocument();
  });

  it('says when no purchase order line was due in the range', async () => {
    renderScreen(<AnalyticsPage />, {
      user: ADMIN,
      at: '/analytics',
      route: '/analytics',
      api: {
        ...answers,
        'GET /api/Analytics/suppliers': () => ({ ...answers['GET /api/Analytics/suppliers'](), rows: [] }),
      },
    });
    expect(
      await within(await screen.findByRole('region', { name: 'Supplier scorecard' })).findByText(
        'No purchase order lines were due, departed or received in this range.',
      ),
    ).toBeInTheDocument();
  });

  it('says when nothing matches and when a figure could not be loaded', async () => {
    renderScreen(<AnalyticsPage />, {
      user: EMPLOYEE,
      at: '/analytics?from=2027-01-01&to=2027-01-31',
      route: '/analytics',
      api: {
        ...answers,
        'GET /api/Analytics/volume': () => ({ period: 'month', rows: [] }),
        'GET /api/Analytics/open-exceptions': () => ({ asOf: '2027-03-13', byForwarder: [] }),
        'GET /api/Analytics/eta-accuracy': () => new Answer(500, { message: 'boom' }),
      },
    });
    await screen.findByRole('region', { name: 'Volume' });
    expect(await within(section('Volume')).findByText('No shipments match these filters.')).toBeInTheDocument();
    expect(
      await within(section('Open exceptions')).findByText('No open exceptions for these filters.'),
    ).toBeInTheDocument();
    expect(
      await within(section('ETA accuracy')).findByText('The figures could not be loaded. Try again in a moment.'),
    ).toBeInTheDocument();
    expect(within(section('Volume')).getByRole('button', { name: 'Download Volume as CSV' })).toBeDisabled();
    expect(screen.getByLabelText('From')).toHaveValue('2027-01-01');
  });

  it('refuses a range it cannot answer, saying what to change', async () => {
    renderScreen(<AnalyticsPage />, { user: EMPLOYEE, at: '/analytics', route: '/analytics', api: answers });
    const from = await screen.findByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2099-01-01');
    expect(await screen.findByText('From must not be after To.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('sends an Admin to the Exception rules for the on-time grace, which is not among the filters', async () => {
    renderScreen(<AnalyticsPage />, { user: ADMIN, at: '/analytics', route: '/analytics', api: answers });
    const link = await screen.findByRole('link', { name: 'Exception rules' });
    expect(link).toHaveAttribute('href', '/exception-rules');
    expect(link.closest('p')).toHaveTextContent(
      'On-time figures allow a grace of 1 day; change it under Exception rules.',
    );
    expect(screen.queryByRole('spinbutton', { name: 'On-time grace (days)' })).toBeNull();
  });

  it('says when the final ETA was known in a sentence that reads one way only', async () => {
    renderScreen(<AnalyticsPage />, { user: EMPLOYEE, at: '/analytics', route: '/analytics', api: answers });
    expect(
      await within(await screen.findByRole('region', { name: 'ETA accuracy' })).findByText(
        'Of 4 arrived shipments, half had their final Dest. ETA 6 days before ATA or earlier; 9 in 10 had it no earlier than 6 days before ATA.',
      ),
    ).toBeInTheDocument();
  });

  it("explains that open exceptions are today's, whatever the date range", async () => {
    renderScreen(<AnalyticsPage />, { user: EMPLOYEE, at: '/analytics', route: '/analytics', api: answers });
    await screen.findByRole('region', { name: 'Open exceptions' });
    await userEvent.click(screen.getByRole('button', { name: 'What Open exceptions means' }));
    expect(await screen.findByText(/The date range does not narrow them/)).toBeInTheDocument();
  });

  it('writes the Chart | Table toggles in the same case as the buttons beside them', async () => {
    renderScreen(<AnalyticsPage />, { user: EMPLOYEE, at: '/analytics', route: '/analytics', api: answers });
    await screen.findByRole('heading', { name: 'Volume' });
    const volume = section('Volume');
    const toggle = within(volume).getByRole('button', { name: 'Table' });
    const button = within(volume).getByRole('button', { name: 'Download Volume as CSV' });
    expect(getComputedStyle(toggle).textTransform).toBe(getComputedStyle(button).textTransform);
    expect(getComputedStyle(toggle).textTransform).toBe('none');
  });
});
