import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../testing/fake-api.ts';
import { ADMIN, EMPLOYEE, renderScreen } from '../../testing/render-screen.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { tableViewStorageKey } from './views/table-view.ts';

// The dashboard's state wiring: what the view asks the server, what it puts in the address, and
// where it opens from. The rows themselves are the e2e journeys' business.

/** GET /api/LineItems answering no rows of 12 the user sees. */
const lineItems = (call: ApiCall) => ({
  lineItems: [],
  total: 0,
  totalExact: true,
  totalAll: 12,
  page: Number(call.query.get('page')),
  pageSize: Number(call.query.get('pageSize')),
});

const listRequests = (api: ReturnType<typeof renderScreen>) =>
  api.callsTo('GET /api/LineItems').map((call) => Object.fromEntries(call.query));

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('the dashboard view', () => {
  it('asks for a typed search on page 1 and puts it in the address', async () => {
    const api = renderScreen(<DashboardPage />, { at: '/?page=3', api: { 'GET /api/LineItems': lineItems } });
    await waitFor(() => expect(listRequests(api)[0]).toMatchObject({ page: '3', pageSize: '50', report: 'default' }));
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search across all columns' }), 'bolt{Enter}');
    await waitFor(() => expect(listRequests(api).at(-1)).toMatchObject({ q: 'bolt', page: '1' }));
    expect(address()).toBe('/?q=bolt');
  });

  it('opens a shared address filtered, sorted and on its tab, without touching the saved view', async () => {
    const filters = JSON.stringify([{ column: 'forwarder_name', operator: 'contains', value: 'blue' }]);
    const sort = JSON.stringify([{ key: 'title', direction: 'asc' }]);
    const shared = `/?${new URLSearchParams({ filters, logic: 'OR', sort, report: 'dr' })}`;
    const api = renderScreen(<DashboardPage />, { at: shared, api: { 'GET /api/LineItems': lineItems } });
    await waitFor(() => expect(listRequests(api)[0]).toMatchObject({ filters, logic: 'OR', sort, report: 'dr' }));
    expect(await screen.findByText('Filters: 1 active')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'DR Report' })).toHaveAttribute('aria-selected', 'true');
    expect(localStorage.getItem(tableViewStorageKey(ADMIN.email, 'filters'))).toBeNull();
  });

  it("opens a plain address on the user's saved view", async () => {
    localStorage.setItem(tableViewStorageKey(ADMIN.email, 'searchQuery'), JSON.stringify('saved search'));
    localStorage.setItem(tableViewStorageKey(ADMIN.email, 'pageSize'), JSON.stringify(100));
    const api = renderScreen(<DashboardPage />, { api: { 'GET /api/LineItems': lineItems } });
    await waitFor(() => expect(listRequests(api)[0]).toMatchObject({ q: 'saved search', pageSize: '100' }));
    expect(await screen.findByText('Search: saved search')).toBeInTheDocument();
    expect(address()).toBe('/');
  });

  it('applies a filter from the panel: page 1, the address and the saved view follow', async () => {
    const api = renderScreen(<DashboardPage />, { at: '/?page=2', api: { 'GET /api/LineItems': lineItems } });
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
      api: { 'GET /api/LineItems': lineItems, 'GET /api/Exceptions/summary': summary },
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
    renderScreen(<DashboardPage />, { api: { 'GET /api/LineItems': nothing } });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/import');
    expect(screen.getByText('npm run cli -- seed-demo')).toBeInTheDocument();
  });

  it('tells anyone else only that there is no data', async () => {
    renderScreen(<DashboardPage />, { user: EMPLOYEE, api: { 'GET /api/LineItems': nothing } });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.queryByText('npm run cli -- seed-demo')).toBeNull();
  });
});

describe('Follow this view', () => {
  it("saves the view's search, filters and exceptions under a name", async () => {
    const api = renderScreen(<DashboardPage />, {
      at: '/?q=bolt&exception=late_arrival&page=2',
      api: {
        'GET /api/LineItems': lineItems,
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
    await userEvent.click(follow);
    expect(await within(dialog).findByText(/Following 'Late bolts'/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/Follows')[0]?.body).toEqual({
      name: 'Late bolts',
      query: { q: 'bolt', report: 'default', exception: 'late_arrival' },
    });
  });
});
