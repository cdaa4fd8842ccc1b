import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerRows, lineItemFixture } from '../../testing/line-item-rows.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { DashboardPage } from './dashboard-page.tsx';

describe("the dashboard's amber rows", () => {
  it('are explained in words where they appear: a legend under the table and the row itself', async () => {
    const flagged = lineItemFixture({ _id: 'li-2', title: 'PO-2024-000123-A', po_review_required: 16 });
    renderScreen(<DashboardPage />, {
      api: { 'GET /api/LineItems/rows': answerRows([lineItemFixture({ title: 'PO-1' }), flagged]) },
    });
    const row = (await screen.findByRole('link', { name: 'PO-2024-000123-A' })).closest('tr') as HTMLElement;
    expect(row).toHaveClass('review-row');
    expect(row).toHaveAttribute('title', 'PO # longer than 10 characters: check that it is a real PO number.');
    const legend = screen.getByText('Amber rows: PO # longer than 10 characters');
    expect(legend.parentElement).toHaveAttribute(
      'title',
      'PO # longer than 10 characters: check that it is a real PO number.',
    );
    expect((screen.getByRole('link', { name: 'PO-1' }).closest('tr') as HTMLElement).getAttribute('title')).toBeNull();
  });

  it('have no legend on a page without them', async () => {
    renderScreen(<DashboardPage />, {
      api: { 'GET /api/LineItems/rows': answerRows([lineItemFixture({ title: 'PO-1' })]) },
    });
    await screen.findByRole('link', { name: 'PO-1' });
    expect(screen.queryByText(/^Amber rows:/)).toBeNull();
  });
});
