import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../../testing/fake-api.ts';
import { lineItemFixture, rowsAnswer } from '../../../testing/line-item-rows.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { DashboardPage } from '../dashboard-page.tsx';

// The questions about time, one click each from the dashboard: what they ask the server, what the
// address keeps, and how a moved date says what it was.

const listRequests = (api: ReturnType<typeof renderScreen>) =>
  api.callsTo('GET /api/LineItems/rows').map((call) => Object.fromEntries(call.query));
const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

const moved = lineItemFixture({ title: 'PO-MOVED', dest_eta: '2026-03-19T00:00:00.000Z' });
/** The rows answer, with what Dest. ETA was when a 'changed in the last' filter is asked. */
function answer(call: ApiCall) {
  const rows = rowsAnswer(call, [moved]);
  if (!call.query.get('filters')?.includes('changedInLast')) return rows;
  return {
    ...rows,
    names: [...rows.names, 'was'],
    rows: rows.rows.map((values) => [...values, { dest_eta: '2026-03-12' }]),
  };
}

describe('the questions about time', () => {
  it("'Arriving this week' asks for Dest. ETA in the next 7 days with no ATA, kept in the address, and a second click clears it", async () => {
    const api = renderScreen(<DashboardPage />, { api: { 'GET /api/LineItems/rows': answer } });
    const group = await screen.findByRole('group', { name: 'Questions about time' });
    await userEvent.click(within(group).getByRole('button', { name: 'Arriving this week' }));
    const filters = JSON.stringify([
      { column: 'dest_eta', operator: 'inNextDays', value: '7' },
      { column: 'ata', operator: 'isEmpty', value: '' },
    ]);
    await waitFor(() => expect(listRequests(api).at(-1)).toMatchObject({ filters, logic: 'AND', page: '1' }));
    expect(address()).toBe(`/?${new URLSearchParams({ filters, logic: 'AND' })}`);
    expect(within(group).getByRole('button', { name: 'Arriving this week' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Filters: 2 active')).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('button', { name: 'Arriving this week' }));
    await waitFor(() => expect(listRequests(api).at(-1)?.filters).toBeUndefined());
  });

  it("'ETA moved since yesterday' asks for Dest. ETA changed in the last 24 hours, and each row says what it was", async () => {
    const api = renderScreen(<DashboardPage />, { api: { 'GET /api/LineItems/rows': answer } });
    const group = await screen.findByRole('group', { name: 'Questions about time' });
    await userEvent.click(within(group).getByRole('button', { name: 'ETA moved since yesterday' }));
    const filters = JSON.stringify([{ column: 'dest_eta', operator: 'changedInLastHours', value: '24' }]);
    await waitFor(() => expect(listRequests(api).at(-1)).toMatchObject({ filters }));
    const row = (await screen.findByRole('link', { name: 'PO-MOVED' })).closest('tr') as HTMLElement;
    expect(await within(row).findByText('(was 2026-03-12)')).toBeInTheDocument();
    expect(within(row).getByTitle('Dest. ETA 2026-03-12 → 2026-03-19')).toBeInTheDocument();
  });

  it('opens a shared address with a relative filter as it was written', async () => {
    const filters = JSON.stringify([{ column: 'dest_eta', operator: 'inLastDays', value: '3' }]);
    const api = renderScreen(<DashboardPage />, {
      at: `/?${new URLSearchParams({ filters, logic: 'AND' })}`,
      api: { 'GET /api/LineItems/rows': answer },
    });
    await waitFor(() => expect(listRequests(api)[0]).toMatchObject({ filters }));
    expect(await screen.findByText('Filters: 1 active')).toBeInTheDocument();
  });
});
