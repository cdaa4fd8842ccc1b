import type { PurchaseOrderSummary } from '@quayside/domain/purchase-orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/navigation.ts';
import { Answer, type ApiCall } from '../../testing/fake-api.ts';
import { atPhoneWidth } from '../../testing/phone-width.ts';
import { poSummary } from '../../testing/purchase-order-fixture.ts';
import { ADMIN, FORWARDER, type RenderOptions, renderScreen } from '../../testing/render-screen.tsx';
import { PurchaseOrdersPage } from './purchase-orders-page.tsx';

const LIST = 'GET /api/PurchaseOrders';

const PO_1 = poSummary({ exceptions: ['po_overdue', 'po_received_short'] });
const PO_2 = poSummary({
  po_number: 'PO/2 #B',
  supplier: 'Bolt & Co',
  status: 'received',
  ordered_qty: 40,
  open_qty: 0,
  requested_delivery_date: null,
});

/** The list as the server pages it: `rows` answered for every page, with `total` matches (a lower bound unless exact). */
const listOf =
  (rows: PurchaseOrderSummary[], total = rows.length, totalExact = true) =>
  (call: ApiCall) => ({
    purchaseOrders: rows,
    total,
    totalExact,
    page: Number(call.query.get('page')),
    pageSize: Number(call.query.get('pageSize')),
  });

const renderList = (options: RenderOptions = {}) =>
  renderScreen(<PurchaseOrdersPage />, {
    route: paths.purchaseOrders,
    at: paths.purchaseOrders,
    ...options,
    api: { [LIST]: listOf([PO_1, PO_2]), ...options.api },
  });

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
const lastQuery = (api: ReturnType<typeof renderScreen>) => api.callsTo(LIST).at(-1)?.query;
const rowsOf = () =>
  within(screen.getByRole('table', { name: 'Purchase orders' }))
    .getAllByRole('row')
    .slice(1);

describe('the purchase orders list', () => {
  it("shows each PO's columns and attention badges, its number linking to its page", async () => {
    const api = renderList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase Orders' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'PO-1' });
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'PO #',
      'Supplier',
      'Order date',
      'Cargo-ready',
      'Requested delivery',
      'Status',
      'Ordered',
      'Open',
      'Attention',
    ]);
    const [first, second] = rowsOf() as [HTMLElement, HTMLElement];
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'PO-1',
      'Acme Fasteners',
      '2026-09-01',
      '2026-10-01',
      '2026-11-15',
      'Partly shipped',
      '150',
      '70',
      'PO overdueReceived short',
    ]);
    expect(within(second).getByRole('link', { name: 'PO/2 #B' })).toHaveAttribute(
      'href',
      '/purchase-orders/PO%2F2%20%23B',
    );
    expect(within(second).getByText('Received')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 - 2 of 2 purchase orders')).toBeInTheDocument();
    const query = lastQuery(api);
    expect(query?.get('sort')).toBe('po_number');
    expect(query?.get('direction')).toBe('asc');
    expect(query?.get('page')).toBe('1');
    expect(query?.get('pageSize')).toBe('50');
    expect(query?.has('chip')).toBe(false);
  });

  it('narrows by chips, any of them, kept in the address', async () => {
    const api = renderList();
    const chips = await screen.findByRole('group', { name: 'Status' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Open', 'Partly shipped', 'Shipped', 'Received', 'Overdue', 'Short']);
    await userEvent.click(within(chips).getByRole('button', { name: 'Overdue' }));
    await userEvent.click(within(chips).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(lastQuery(api)?.get('chip')).toBe('open,overdue'));
    expect(address()).toBe('/purchase-orders?chip=open%2Coverdue');
    expect(within(chips).getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(chips).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(lastQuery(api)?.get('chip')).toBe('overdue'));
  });

  it('searches once typing pauses, and puts the search in the address', async () => {
    const api = renderList();
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search purchase orders' }), 'bolt');
    await waitFor(() => expect(lastQuery(api)?.get('q')).toBe('bolt'));
    expect(address()).toBe('/purchase-orders?q=bolt');
    // Typing asked once, not at every key.
    expect(api.callsTo(LIST).filter((call) => call.query.has('q'))).toHaveLength(1);
  });

  it('filters by a supplier', async () => {
    const api = renderList();
    await screen.findByRole('link', { name: 'PO-1' });
    await userEvent.type(screen.getByRole('combobox', { name: 'Supplier' }), 'Bolt & Co{Enter}');
    await waitFor(() => expect(lastQuery(api)?.get('supplier')).toBe('Bolt & Co'));
    expect(address()).toBe('/purchase-orders?supplier=Bolt+%26+Co');
  });

  it('sorts by a column, then the other way on a second click', async () => {
    const api = renderList();
    await screen.findByRole('link', { name: 'PO-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Supplier' }));
    await waitFor(() => expect(lastQuery(api)?.get('sort')).toBe('supplier'));
    expect(lastQuery(api)?.get('direction')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /Supplier/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: /Supplier/ }));
    await waitFor(() => expect(lastQuery(api)?.get('direction')).toBe('desc'));
    expect(address()).toBe('/purchase-orders?sort=supplier&direction=desc');
    expect(screen.getByRole('columnheader', { name: /Supplier/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('pages with the app’s pager and page sizes', async () => {
    const api = renderList({ api: { [LIST]: listOf([PO_1, PO_2], 120) } });
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(api)?.get('page')).toBe('2'));
    expect(address()).toBe('/purchase-orders?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    await waitFor(() => expect(lastQuery(api)?.get('pageSize')).toBe('100'));
    expect(lastQuery(api)?.get('page')).toBe('1');
    expect(address()).toBe('/purchase-orders?pageSize=100');
  });

  it('says "more than 1000" until the exact count, asked once, arrives; then Last goes to the last page', async () => {
    const api = renderList({
      at: '/purchase-orders?chip=open&sort=supplier',
      api: { [LIST]: listOf([PO_1, PO_2], 1001, false), 'GET /api/PurchaseOrders/count': () => ({ total: 4321 }) },
    });
    expect(await screen.findByText('Showing 1 - 2 of 4321 purchase orders')).toBeInTheDocument();
    const counted = api.callsTo('GET /api/PurchaseOrders/count');
    expect(counted).toHaveLength(1);
    expect(Object.fromEntries(counted[0]?.query ?? [])).toEqual({ chip: 'open' });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 87')).toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('button', { name: 'Last' }));
    await waitFor(() => expect(lastQuery(api)?.get('page')).toBe('87'));
  });

  it('while the count is on its way, says "more than" and does not offer Last', async () => {
    renderList({
      api: { [LIST]: listOf([PO_1, PO_2], 1001, false), 'GET /api/PurchaseOrders/count': () => new Promise(() => {}) },
    });
    expect(await screen.findByText('Showing 1 - 2 of more than 1000 purchase orders')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of …')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Last' })).toBeDisabled();
  });

  it('opens as its address says: a link reproduces the list', async () => {
    const api = renderList({
      at: '/purchase-orders?q=acme&chip=short&supplier=Acme+Fasteners&sort=open_qty&direction=desc&page=2&pageSize=25',
      api: { [LIST]: listOf([PO_1], 30) },
    });
    await screen.findByRole('link', { name: 'PO-1' });
    const query = lastQuery(api);
    expect(Object.fromEntries(query ?? [])).toEqual({
      q: 'acme',
      chip: 'short',
      supplier: 'Acme Fasteners',
      sort: 'open_qty',
      direction: 'desc',
      page: '2',
      pageSize: '25',
    });
    expect(screen.getByRole('searchbox', { name: 'Search purchase orders' })).toHaveValue('acme');
    expect(screen.getByRole('button', { name: 'Short' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Supplier' })).toHaveValue('Acme Fasteners');
    expect(screen.getByRole('columnheader', { name: /Open/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('says when there are no purchase orders at all', async () => {
    renderList({ api: { [LIST]: listOf([]) } });
    expect(await screen.findByText('No purchase orders yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).toBeNull();
  });

  it('says when nothing matches, and clears the search and filters', async () => {
    const api = renderList({
      at: '/purchase-orders?q=zzz&chip=overdue',
      api: { [LIST]: (call) => listOf(call.query.has('q') ? [] : [PO_1])(call) },
    });
    expect(await screen.findByText('No purchase orders match')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(await screen.findByRole('link', { name: 'PO-1' })).toBeInTheDocument();
    expect(address()).toBe('/purchase-orders');
    expect(screen.getByRole('searchbox', { name: 'Search purchase orders' })).toHaveValue('');
    expect(lastQuery(api)?.has('chip')).toBe(false);
  });

  it('shows the loading state, then a failure with Retry', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let fail = true;
    renderList({
      api: {
        [LIST]: async (call) => {
          await answered;
          return fail ? new Answer(500, { message: 'boom' }) : listOf([PO_1])(call);
        },
      },
    });
    expect(await screen.findByRole('progressbar', { name: 'Loading purchase orders' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Failed to load the purchase orders. Please try again.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'PO-1' })).toBeInTheDocument();
  });

  it('shows a forwarder no ordered or open quantity: the server sends none', async () => {
    renderList({
      user: FORWARDER,
      api: { [LIST]: listOf([{ ...PO_1, ordered_qty: null, open_qty: null }]) },
    });
    await screen.findByRole('link', { name: 'PO-1' });
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).not.toContain('Ordered');
    expect(headers).not.toContain('Open');
  });
});

describe('the purchase orders list on a phone', () => {
  it('is a card per PO, each value under its label, with the chips, search and pager', async () => {
    atPhoneWidth();
    renderList({ user: ADMIN, api: { [LIST]: listOf([PO_1, PO_2], 120) } });
    const list = await screen.findByRole('list', { name: 'Purchase orders' });
    expect(screen.queryByRole('table')).toBeNull();
    const [first] = within(list).getAllByRole('listitem') as [HTMLElement];
    expect(within(first).getByRole('link', { name: 'PO-1' })).toBeInTheDocument();
    expect(
      within(first)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([
      'Supplier',
      'Order date',
      'Cargo-ready',
      'Requested delivery',
      'Status',
      'Ordered',
      'Open',
      'Attention',
    ]);
    expect(
      within(first)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual([
      'Acme Fasteners',
      '2026-09-01',
      '2026-10-01',
      '2026-11-15',
      'Partly shipped',
      '150',
      '70',
      'PO overdueReceived short',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search purchase orders' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    atPhoneWidth();
    renderList({ at: '/purchase-orders?q=zzz', api: { [LIST]: listOf([]) } });
    expect(await screen.findByText('No purchase orders match')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Purchase orders' })).toBeNull();
  });
});
