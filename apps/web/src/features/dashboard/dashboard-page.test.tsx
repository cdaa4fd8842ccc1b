import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Answer, type ApiCall } from '../../testing/fake-api.ts';
import { answerRows, lineItemFixture, rowsAnswer } from '../../testing/line-item-rows.ts';
import { ADMIN, EMPLOYEE, renderScreen } from '../../testing/render-screen.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { tableViewStorageKey } from './views/table-view.ts';

// The dashboard's state wiring: what the view asks the server, what it puts in the address, and
// where it opens from; the columns it asks for, and the parts it asks for only when a count is
// opened. The journeys through the rows are the e2e tests' business.

/** GET /api/LineItems/rows answering no rows of 12 the user sees. */
const lineItems = (call: ApiCall) => rowsAnswer(call, [], { totalAll: 12 });

const listRequests = (api: ReturnType<typeof renderScreen>) =>
  api.callsTo('GET /api/LineItems/rows').map((call) => Object.fromEntries(call.query));

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('the dashboard view', () => {
  it('asks for a typed search on page 1 and puts it in the address', async () => {
    const api = renderScreen(<DashboardPage />, { at: '/?page=3', api: { 'GET /api/LineItems/rows': lineItems } });
    await waitFor(() => expect(listRequests(api)[0]).toMatchObject({ page: '3', pageSize: '50', report: 'default' }));
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search across all columns' }), 'bolt{Enter}');
    await waitFor(() => expect(listRequests(api).at(-1)).toMatchObject({ q: 'bolt', page: '1' }));
    expect(address()).toBe('/?q=bolt');
  });

  it('opens a shared address filtered, sorted and on its tab, without touching the saved view', async () => {
    const filters = JSON.stringify([{ column: 'forwarder_name', operator: 'contains', value: 'blue' }]);
    const sort = JSON.stringify([{ key: 'title', direction: 'asc' }]);
    const shared = `/?${new URLSearchParams({ filters, logic: 'OR', sort, report: 'dr' })}`;
    const api = renderScreen(<DashboardPage />, { at: shared, api: { 'GET /api/LineItems/rows': lineItems } });
    await waitFor(() => expect(listRequests(api)[0]).toMatchObject({ filters, logic: 'OR', sort, report: 'dr' }));
    expect(await screen.findByText('Filters: 1 active')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'DR Report' })).toHaveAttribute('aria-selected', 'true');
    expect(localStorage.getItem(tableViewStorageKey(ADMIN.email, 'filters'))).toBeNull();
  });

  it("opens a plain address on the user's saved view", async () => {
    localStorage.setItem(tableViewStorageKey(ADMIN.email, 'searchQuery'), JSON.stringify('saved search'));
    localStorage.setItem(tableViewStorageKey(ADMIN.email, 'pageSize'), JSON.stringify(100));
    const api = renderScreen(<DashboardPage />, { api: { 'GET /api/LineItems/rows': lineItems } });
    await waitFor(() => expect(listRequests(api)[0]).toMatchObject({ q: 'saved search', pageSize: '100' }));
    expect(await screen.findByText('Search: saved search')).toBeInTheDocument();
    expect(address()).toBe('/');
  });

  it('applies a filter from the panel: page 1, the address and the saved view follow', async () => {
    const api = renderScreen(<DashboardPage />, { at: '/?page=2', api: { 'GET /api/LineItems/rows': lineItems } });
    await userEvent.click(await screen.findByRole('button', { name: /^Filter/ }));
    const panel = await screen.findByRole('dialog', { name: 'Filter Data' });
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Value' }), 'PO-1');
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    const filters = JSON.stringify([{ column: 'title', operator: 'contains', value: 'PO-1' }]);
    await waitFor(() => expect(listRequests(api).at(-1)).toMatchObject({ filters, logic: 'AND', page: '1' }));
    expect(address()).toBe(`/?${new URLSearchParams({ filters, logic: 'AND' })}`);
    expect(JSON.parse(localStorage.getItem(tableViewStorageKey(ADMIN.email, 'filters')) ?? 'null')).toEqual(
      JSON.parse(filters),
    );
  });
});

describe("the 'Needs attention' chips", () => {
  const summary = () => ({
    asOf: '2026-11-24',
    etaSlipDays: 3,
    counts: { late_departure: 0, late_arrival: 4, late_delivery: 0, eta_slipped: 2, missing_documents: 0, stale: 0 },
    total: 5,
    totalExact: true,
  });

  it('count each exception the user has, and ask for the chosen ones, kept in the address and never saved', async () => {
    const api = renderScreen(<DashboardPage />, {
      at: '/?q=bolt',
      api: { 'GET /api/LineItems/rows': lineItems, 'GET /api/Exceptions/summary': summary },
    });
    const group = await screen.findByRole('group', { name: 'Needs attention' });
    expect(within(group).queryByRole('button', { name: /Late departure/ })).toBeNull();
    const slipped = within(group).getByRole('button', { name: 'ETA slipped · 2' });
    expect(slipped).toHaveAttribute(
      'title',
      'Not yet arrived, and Dest. ETA is 3 or more days later than first promised.',
    );
    await userEvent.click(slipped);
    await waitFor(() =>
      expect(listRequests(api).at(-1)).toMatchObject({ q: 'bolt', exception: 'eta_slipped', page: '1' }),
    );
    await userEvent.click(within(group).getByRole('button', { name: 'Late arrival · 4' }));
    await waitFor(() => expect(listRequests(api).at(-1)).toMatchObject({ exception: 'late_arrival,eta_slipped' }));
    expect(address()).toBe('/?q=bolt&exception=late_arrival%2Ceta_slipped');
    expect(Object.keys(localStorage).filter((key) => key.includes('exception'))).toEqual([]);
    expect(localStorage.getItem(tableViewStorageKey(ADMIN.email, 'searchQuery'))).toBe(JSON.stringify('bolt'));
  });
});

describe('an installation with no line items yet', () => {
  const nothing = (call: ApiCall) => ({ ...lineItems(call), totalAll: 0 });

  it("points an administrator to Import and to the CLI's demo data", async () => {
    renderScreen(<DashboardPage />, { api: { 'GET /api/LineItems/rows': nothing } });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/import');
    expect(screen.getByText('npm run cli -- seed-demo')).toBeInTheDocument();
  });

  it('tells anyone else only that there is no data', async () => {
    renderScreen(<DashboardPage />, { user: EMPLOYEE, api: { 'GET /api/LineItems/rows': nothing } });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.queryByText('npm run cli -- seed-demo')).toBeNull();
  });
});

describe('Follow this view', () => {
  it("saves the view's search, filters and exceptions under a name", async () => {
    const api = renderScreen(<DashboardPage />, {
      at: '/?q=bolt&exception=late_arrival&page=2',
      api: {
        'GET /api/LineItems/rows': lineItems,
        'POST /api/Follows': (call: ApiCall) => ({
          id: 1,
          shipment: null,
          ...(call.body as object),
          createdAt: '2026-11-24T09:00:00.000Z',
        }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Follow this view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Follow this view' });
    const follow = within(dialog).getByRole('button', { name: 'Follow' });
    expect(follow).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Late bolts');
    // A view starts at every event, in the daily digest.
    expect(within(dialog).getByRole('radio', { name: 'In the daily digest' })).toBeChecked();
    await userEvent.click(follow);
    expect(
      await within(dialog).findByText(/Following 'Late bolts': Every event · In the daily digest/),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/Follows')[0]?.body).toEqual({
      name: 'Late bolts',
      query: { q: 'bolt', report: 'default', exception: 'late_arrival' },
      events: ['new_exception', 'eta_slipped', 'departed', 'arrived', 'document_uploaded'],
      channel: 'digest',
    });
  });
});

describe('the rows', () => {
  /** The default report's columns shown until the user chooses, as a request names them. */
  const DEFAULT_COLUMNS =
    'title,related_shipment,forwarder_name,transit_type,numberOfParts,total_qty,atd,dest_eta,ata,est_delivery';
  const columnRequests = (api: ReturnType<typeof renderScreen>) => listRequests(api).map((query) => query.columns);
  // The chooser is modal while open: the table behind it is hidden from the accessibility tree.
  const headers = () => screen.getAllByRole('columnheader', { hidden: true }).map((header) => header.textContent);

  it('shows each cell as the server wrote it: the flags, the transit chip and the dates', async () => {
    const lineItem = lineItemFixture({
      title: 'PO-3',
      transit_type: 'LCL',
      dest_eta: '2026-12-01T00:00:00.000Z',
      hide_lineitem: true,
      po_review_required: 11,
    });
    renderScreen(<DashboardPage />, { api: { 'GET /api/LineItems/rows': answerRows([lineItem]) } });
    const row = (await screen.findByRole('link', { name: 'PO-3' })).closest('tr') as HTMLElement;
    expect(row).toHaveClass('review-row');
    expect(within(row).getByTitle('Hidden record')).toBeInTheDocument();
    expect(within(row).getByText('N/A')).toBeInTheDocument();
    expect(within(row).getByText('2026-12-01')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'QS-1' })).toHaveAttribute('href', '/shipment-details/QS-1');
  });

  it('asks for exactly the columns shown, and follows the column chooser', async () => {
    const lineItem = lineItemFixture({ cosignee_name: 'Acme Consignee' });
    const api = renderScreen(<DashboardPage />, { api: { 'GET /api/LineItems/rows': answerRows([lineItem]) } });
    await waitFor(() => expect(columnRequests(api)).toEqual([DEFAULT_COLUMNS]));
    expect(await screen.findByRole('link', { name: 'PO-1' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const chooser = await screen.findByRole('dialog', { name: 'Columns' });
    await userEvent.click(within(chooser).getByRole('checkbox', { name: 'Consignee' }));
    await waitFor(() =>
      expect(columnRequests(api).at(-1)).toBe(
        'title,related_shipment,forwarder_name,cosignee_name,transit_type,numberOfParts,total_qty,atd,dest_eta,ata,est_delivery',
      ),
    );
    expect(await screen.findByRole('cell', { name: 'Acme Consignee', hidden: true })).toBeInTheDocument();
    expect(headers().at(-1)).toBe('Consignee');

    await userEvent.click(within(chooser).getByRole('checkbox', { name: 'ATD' }));
    await waitFor(() =>
      expect(columnRequests(api).at(-1)).toBe(
        'title,related_shipment,forwarder_name,cosignee_name,transit_type,numberOfParts,total_qty,dest_eta,ata,est_delivery',
      ),
    );
    await waitFor(() => expect(headers()).not.toContain('ATD'));

    // Moving a column changes where it shows, not what is asked for.
    const asked = columnRequests(api).length;
    await userEvent.click(within(chooser).getByRole('button', { name: 'Move Consignee left' }));
    await waitFor(() => expect(headers().at(-2)).toBe('Consignee'));
    expect(columnRequests(api)).toHaveLength(asked);
  });
});

describe('the parts of a row', () => {
  const bolts = lineItemFixture({
    _id: 'li-7',
    title: 'PO-7',
    related_shipment: 'QS-7',
    parts: [
      { part_number: 'BOLT-10', qty: 4 },
      { part_number: 'NUT-10', qty: 6 },
    ],
  });
  const stored = (parts: { part_number: string; qty: number | null }[]) =>
    parts.map((part) => ({ ...part, related_po_number: 'PO-7', related_shipment: 'QS-7' }));

  it('are asked for only when the count is opened, and shown once they arrive', async () => {
    let answerParts = () => {};
    const answered = new Promise<void>((resolve) => {
      answerParts = resolve;
    });
    const api = renderScreen(<DashboardPage />, {
      api: {
        'GET /api/LineItems/rows': answerRows([bolts]),
        'GET /api/Parts/getParts': async () => {
          await answered;
          return { parts: stored(bolts.parts) };
        },
      },
    });
    const count = await screen.findByRole('button', { name: '2 parts on PO PO-7' });
    expect(api.callsTo('GET /api/Parts/getParts')).toEqual([]);

    await userEvent.click(count);
    const details = await screen.findByRole('dialog', { name: 'Parts Details' });
    expect(within(details).getByRole('progressbar', { name: 'Loading parts' })).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Open Parts Info' })).toBeDisabled();
    expect(api.callsTo('GET /api/Parts/getParts').map((call) => Object.fromEntries(call.query))).toEqual([
      { po: 'PO-7', shipment: 'QS-7' },
    ]);

    answerParts();
    expect(await within(details).findByRole('cell', { name: 'BOLT-10' })).toBeInTheDocument();
    expect(within(details).getByRole('cell', { name: 'NUT-10' })).toBeInTheDocument();
    expect(within(details).getByText('Total Parts: 2')).toBeInTheDocument();
    expect(within(details).getByText('Total Quantity: 10')).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Open Parts Info' })).toBeEnabled();
    expect(within(details).queryByRole('progressbar')).toBeNull();
  });

  it('say so when they cannot be read', async () => {
    renderScreen(<DashboardPage />, {
      api: {
        'GET /api/LineItems/rows': answerRows([bolts]),
        'GET /api/Parts/getParts': () => new Answer(500, { message: 'boom' }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: '2 parts on PO PO-7' }));
    const details = await screen.findByRole('dialog', { name: 'Parts Details' });
    expect(await within(details).findByText('Failed to load parts. Please try again.')).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Open Parts Info' })).toBeDisabled();
  });

  it('count the saved parts after a save in the dialog', async () => {
    let parts = stored(bolts.parts);
    renderScreen(<DashboardPage />, {
      api: {
        // The page read again after the save still holds the old count: the cell keeps the saved one.
        'GET /api/LineItems/rows': answerRows([bolts]),
        'GET /api/Parts/getParts': () => ({ parts }),
        'POST /api/Parts/save': (call: ApiCall) => {
          parts = stored((call.body as { parts: { part_number: string; qty: number }[] }).parts);
          return { parts };
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: '2 parts on PO PO-7' }));
    const details = await screen.findByRole('dialog', { name: 'Parts Details' });
    await userEvent.click(await within(details).findByRole('button', { name: 'Open Parts Info' }));
    const info = await screen.findByRole('dialog', { name: 'Parts Info' });
    await userEvent.click(within(info).getByRole('button', { name: 'Add Parts' }));
    await userEvent.type(within(info).getByRole('textbox', { name: 'Part Number' }), 'WASHER-10');
    await userEvent.type(within(info).getByRole('spinbutton', { name: 'Quantity' }), '5');
    await userEvent.click(within(info).getByRole('button', { name: 'Add' }));
    await userEvent.click(within(info).getByRole('button', { name: 'Save Changes' }));
    expect(await within(info).findByText('Part changes saved.')).toBeInTheDocument();
    await userEvent.click(within(info).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: '3 parts on PO PO-7' })).toBeInTheDocument();

    // Opened again, the popover shows the saved list.
    await userEvent.click(screen.getByRole('button', { name: '3 parts on PO PO-7' }));
    const again = await screen.findByRole('dialog', { name: 'Parts Details' });
    expect(await within(again).findByRole('cell', { name: 'WASHER-10' })).toBeInTheDocument();
  });
});
