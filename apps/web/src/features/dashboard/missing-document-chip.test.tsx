import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../testing/fake-api.ts';
import { lineItemFixture, rowsAnswer } from '../../testing/line-item-rows.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { DashboardPage } from './dashboard-page.tsx';

// The 'Missing documents' chip split by document type, and the rows' badges saying which.

const late = lineItemFixture({
  _id: 'li-7',
  title: 'PO-7',
  related_shipment: 'QS-7',
  exceptions: ['late_arrival', 'missing_documents'],
  exception_facts: { late_arrival: 6, missing_documents: ['Bill of Lading', 'Packing List'] },
});

describe("the 'Missing documents' chip", () => {
  const summary = () => ({
    asOf: '2026-11-24',
    etaSlipDays: 3,
    counts: { late_departure: 0, late_arrival: 1, late_delivery: 0, eta_slipped: 0, missing_documents: 3, stale: 0 },
    total: 3,
    totalExact: true,
  });

  it('picks a document type: the rows, their badges and the address follow', async () => {
    const api = renderScreen(<DashboardPage />, {
      at: '/',
      api: {
        // The menu's counts: a rows answer's total for each type.
        'GET /api/LineItems/rows': (call: ApiCall) =>
          call.query.get('exception')
            ? rowsAnswer(call, [late])
            : rowsAnswer(call, [], { total: call.query.get('missingDocument') === 'Bill of Lading' ? 2 : 0 }),
        'GET /api/Exceptions/summary': summary,
      },
    });
    const group = await screen.findByRole('group', { name: 'Needs attention' });
    await userEvent.click(within(group).getByRole('button', { name: 'Which document?' }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'Bill of Lading · 2' }));

    const rowsAsked = () =>
      api
        .callsTo('GET /api/LineItems/rows')
        .map((call) => Object.fromEntries(call.query))
        .filter((query) => query.exception !== undefined);
    await waitFor(() =>
      expect(rowsAsked().at(-1)).toMatchObject({ exception: 'missing_documents', missingDocument: 'Bill of Lading' }),
    );
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe(
      '/?exception=missing_documents&missingDocument=Bill+of+Lading',
    );
    expect(await screen.findByText('Missing: Bill of Lading, Packing List')).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Missing: Bill of Lading · 2' })).toBeInTheDocument();
  });

  it('opens an address naming a document type with the chip chosen and the type picked', async () => {
    const api = renderScreen(<DashboardPage />, {
      at: '/?missingDocument=Packing+List',
      api: {
        'GET /api/LineItems/rows': (call: ApiCall) => rowsAnswer(call, [late]),
        'GET /api/Exceptions/summary': summary,
      },
    });
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET /api/LineItems/rows')[0]?.query ?? [])).toMatchObject({
        exception: 'missing_documents',
        missingDocument: 'Packing List',
      }),
    );
    const group = await screen.findByRole('group', { name: 'Needs attention' });
    expect(within(group).getByRole('button', { name: 'Missing documents · 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(group).getByRole('button', { name: /^Missing: Packing List/ })).toBeInTheDocument();
  });
});
