import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeCachedProfile } from '../../lib/profile-cache.ts';
import { answerRows, lineItemFixture } from '../../testing/line-item-rows.ts';
import { EMPLOYEE, FORWARDER, renderScreen } from '../../testing/render-screen.tsx';
import { DashboardPage } from './dashboard-page.tsx';

// A forwarder sees only its own company's line items: its name on every row says nothing, so the
// Forwarder Name column starts hidden for it (a click away in the chooser); staff keep it.

const columnRequests = (api: ReturnType<typeof renderScreen>) =>
  api.callsTo('GET /api/LineItems/rows').map((call) => call.query.get('columns'));
// The chooser is modal while open: the table behind it is hidden from the accessibility tree.
const headers = () => screen.getAllByRole('columnheader', { hidden: true }).map((header) => header.textContent);

describe("a forwarder's dashboard", () => {
  const rows = { 'GET /api/LineItems/rows': answerRows([lineItemFixture({ forwarder_name: 'Blue Freight' })]) };

  it('does not show its own company name on every row by default, and can show it', async () => {
    // The profile this browser keeps from an earlier visit names the role before it is asked again.
    writeCachedProfile({
      id: 1,
      email: FORWARDER.email,
      full_name: FORWARDER.email,
      role: 'Forwarder',
      company_name: FORWARDER.company,
      department: '',
      fireauth_id: `id-${FORWARDER.email}`,
      status: 'Active',
    });
    const api = renderScreen(<DashboardPage />, { user: FORWARDER, api: rows });
    expect(await screen.findByRole('link', { name: 'PO-1' })).toBeInTheDocument();
    // Asked for from the first request on, not after a first page with the column.
    await waitFor(() =>
      expect(columnRequests(api)).toEqual([
        'title,related_shipment,transit_type,numberOfParts,total_qty,atd,dest_eta,ata,est_delivery',
      ]),
    );
    expect(headers()).not.toContain('Forwarder Name');
    expect(screen.queryByRole('cell', { name: 'Blue Freight' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const chooser = await screen.findByRole('dialog', { name: 'Columns' });
    const forwarderName = within(chooser).getByRole('checkbox', { name: 'Forwarder Name' });
    expect(forwarderName).not.toBeChecked();
    await userEvent.click(forwarderName);
    await waitFor(() => expect(headers()).toContain('Forwarder Name'));
    await userEvent.click(within(chooser).getByRole('button', { name: 'Reset columns' }));
    await waitFor(() => expect(headers()).not.toContain('Forwarder Name'));
  });

  it('is not what staff see: they keep the forwarder column', async () => {
    const api = renderScreen(<DashboardPage />, { user: EMPLOYEE, api: rows });
    expect(await screen.findByRole('link', { name: 'PO-1' })).toBeInTheDocument();
    await waitFor(() => expect(columnRequests(api).at(-1)).toContain('forwarder_name'));
    expect(headers()).toContain('Forwarder Name');
  });
});
