import { type Deletion, restoredMessage, shipmentGone } from '@quayside/domain/deletions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Sidebar } from '../../app/shell/sidebar.tsx';
import { Answer } from '../../testing/fake-api.ts';
import { ADMIN, EMPLOYEE, renderScreen } from '../../testing/render-screen.tsx';
import { RecentlyDeletedPage } from './recently-deleted-page.tsx';

// As the server answers them: newest first.
const DELETIONS: Deletion[] = [
  {
    id: 12,
    at: '2026-11-24T10:00:00.000Z',
    actor: 'admin@napco.example',
    entity: 'line_item',
    shipment: 'QS-7',
    po: 'PO-100',
    parts: [
      { part_number: 'A-1', qty: 2 },
      { part_number: 'A-2', qty: 1 },
    ],
    restored: false,
  },
  {
    id: 11,
    at: '2026-11-24T09:00:00.000Z',
    actor: 'ops@bluefreight.example',
    entity: 'part',
    shipment: 'QS-8',
    po: 'PO-200',
    parts: [{ part_number: 'B-9', qty: 1 }],
    restored: false,
  },
  {
    id: 10,
    at: '2026-11-23T08:00:00.000Z',
    actor: 'admin@napco.example',
    entity: 'line_item',
    shipment: 'QS-GONE',
    po: 'PO-300',
    parts: [],
    restored: false,
  },
];

/** The server: its list, and a restore of each id that marks it restored (or refuses QS-GONE's). */
function renderPage() {
  const restored = new Set<number>();
  const restoreOf = (deletion: Deletion) => () => {
    if (deletion.shipment === 'QS-GONE') return new Answer(409, { message: shipmentGone(deletion.shipment) });
    restored.add(deletion.id);
    return { message: restoredMessage(deletion), deletion: { ...deletion, restored: true } };
  };
  return renderScreen(<RecentlyDeletedPage />, {
    user: ADMIN,
    at: '/recently-deleted',
    route: '/recently-deleted',
    api: {
      'GET /api/Deletions': () => ({
        deletions: DELETIONS.map((deletion) => ({ ...deletion, restored: restored.has(deletion.id) })),
      }),
      ...Object.fromEntries(DELETIONS.map((each) => [`POST /api/Deletions/${each.id}/restore`, restoreOf(each)])),
    },
  });
}

const table = () => screen.findByRole('table', { name: 'Deletions' });
const bodyRows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);
const whatOf = (row: HTMLElement) => within(row).getAllByRole('cell')[3]?.textContent;

describe('the Recently deleted page', () => {
  it('lists the deletions newest first: when, who, what with its parts', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Recently deleted', level: 1 })).toBeInTheDocument();
    const rows = await bodyRows();
    expect(rows.map(whatOf)).toEqual([
      'PO PO-100 on shipment QS-7 with 2 partsA-1, A-2',
      '1 part from PO PO-200 on shipment QS-8B-9',
      'PO PO-300 on shipment QS-GONE with 0 parts',
    ]);
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[2]).toHaveTextContent('ops@bluefreight.example');
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[1]?.textContent).toMatch(/2026.*\d:\d\d/);
  });

  it('filters by PO, shipment, who and part number', async () => {
    renderPage();
    await table();
    const filter = screen.getByRole('textbox', { name: 'Filter' });
    const expectShown = async (text: string, pos: string[]) => {
      await userEvent.clear(filter);
      await userEvent.type(filter, text);
      expect((await bodyRows()).map((row) => whatOf(row)?.match(/PO (PO-\d+)/)?.[1])).toEqual(pos);
    };
    await expectShown('po-200', ['PO-200']);
    await expectShown('QS-7', ['PO-100']);
    await expectShown('bluefreight', ['PO-200']);
    await expectShown('A-2', ['PO-100']);
    await userEvent.type(filter, 'zzz');
    expect(await screen.findByText('No deletion matches “A-2zzz”.')).toBeInTheDocument();
  });

  it('restores one: the POST is made and the row shows Restored', async () => {
    const api = renderPage();
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Restore PO PO-100 on shipment QS-7' }));
    const restored = await screen.findByRole('button', { name: 'Restored PO PO-100 on shipment QS-7' });
    expect(restored).toBeDisabled();
    expect(restored).toHaveTextContent('Restored');
    expect(api.callsTo('POST /api/Deletions/12/restore')).toHaveLength(1);
    expect(screen.getByText('Restored line item PO PO-100 on shipment QS-7 with 2 parts.')).toBeInTheDocument();
  });

  it('restores the selected one by one, newest first, reporting a refusal without stopping the others', async () => {
    const api = renderPage();
    await table();
    for (const name of [/^Select PO PO-300/, /^Select PO PO-100/, /^Select 1 part from PO PO-200/])
      await userEvent.click(screen.getByRole('checkbox', { name }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore selected' }));
    expect(await screen.findByText(`Not restored: ${shipmentGone('QS-GONE')}`)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/Deletions/12/restore',
      '/api/Deletions/11/restore',
      '/api/Deletions/10/restore',
    ]);
    expect(screen.getByText('Restored line item PO PO-100 on shipment QS-7 with 2 parts.')).toBeInTheDocument();
    expect(screen.getByText('Restored 1 part (B-9) to PO PO-200 on shipment QS-8.')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Restored 1 part from PO PO-200 on shipment QS-8' }),
    ).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Restore PO PO-300 on shipment QS-GONE' })).toBeEnabled();
    // The list is asked for again.
    await waitFor(() => expect(api.callsTo('GET /api/Deletions').length).toBeGreaterThan(1));
  });

  it('says so when nothing has been deleted, and offers Retry when the list fails to load', async () => {
    let fails = true;
    renderScreen(<RecentlyDeletedPage />, {
      api: {
        'GET /api/Deletions': () => (fails ? new Answer(500, { message: 'boom' }) : { deletions: [] }),
      },
    });
    expect(await screen.findByText('Failed to load the deletions. Please try again.')).toBeInTheDocument();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing has been deleted recently.')).toBeInTheDocument();
  });

  it('is linked in the sidebar for an Admin only', async () => {
    renderScreen(<Sidebar isExpanded />, { user: ADMIN });
    expect(await screen.findByRole('link', { name: 'Recently deleted' }, { timeout: 10_000 })).toHaveAttribute(
      'href',
      '/recently-deleted',
    );
  });

  it('is not linked for an Employee', async () => {
    renderScreen(<Sidebar isExpanded />, { user: EMPLOYEE });
    await screen.findByTitle('Employee', {}, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Recently deleted' })).toBeNull();
  });
});
