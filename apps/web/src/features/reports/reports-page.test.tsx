import type { DocumentListEntry } from '@quayside/domain/documents';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { atPhoneWidth } from '../../testing/phone-width.ts';
import { EMPLOYEE, renderScreen } from '../../testing/render-screen.tsx';
import { ReportsPage } from './reports-page.tsx';

// 30 documents of the last days: number n is n KB, uploaded n hours ago, on shipment SHP-n.
const documents: DocumentListEntry[] = Array.from({ length: 30 }, (_, index) => {
  const n = index + 1;
  return {
    id: String(n),
    webUrl: `/api/Files/${n}/content`,
    fields: {
      FileLeafRef: `file-${String(n).padStart(2, '0')}.pdf`,
      DocumentType: n % 2 === 0 ? 'Packing List' : 'Commercial Invoice',
      FileSizeDisplay: `${n}.0 KB`,
      Modified: new Date(Date.now() - n * 3_600_000).toISOString(),
      ShipmentNumber: `SHP-${n}`,
    },
  };
});

const fileNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByText(/^file-/).textContent);

describe('the Reports page', () => {
  it('pages the documents with a count, newest first, and sorts by a clicked column', async () => {
    renderScreen(<ReportsPage />, {
      user: EMPLOYEE,
      at: '/reports',
      route: '/reports',
      api: { 'GET /api/Files': () => ({ documents }) },
    });
    expect(await screen.findByText('1–25 of 30 documents')).toBeInTheDocument();
    expect(fileNames().slice(0, 2)).toEqual(['file-01.pdf', 'file-02.pdf']);

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByText('26–30 of 30 documents')).toBeInTheDocument();
    expect(fileNames()).toEqual(['file-26.pdf', 'file-27.pdf', 'file-28.pdf', 'file-29.pdf', 'file-30.pdf']);

    // A new order starts again at the first page: the biggest file first on a second click.
    await userEvent.click(screen.getByRole('button', { name: 'Size' }));
    expect(screen.getByText('1–25 of 30 documents')).toBeInTheDocument();
    expect(fileNames()[0]).toBe('file-01.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Size' }));
    expect(fileNames()[0]).toBe('file-30.pdf');
    expect(screen.getByRole('columnheader', { name: /Size/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search documents' }), 'packing');
    expect(screen.getByText('1–15 of 15 documents')).toBeInTheDocument();
  });

  it('on a phone shows a card per document, each with every column and its View, in the order the Sort by buttons choose', async () => {
    atPhoneWidth();
    renderScreen(<ReportsPage />, {
      user: EMPLOYEE,
      at: '/reports',
      route: '/reports',
      api: { 'GET /api/Files': () => ({ documents }) },
    });
    const list = await screen.findByRole('list', { name: 'Recent Documents (last 7 days)' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(25);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('file-01.pdf')).toBeInTheDocument();
    expect(first.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'Commercial Invoice',
      'SHP-1',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      '1.0 KB',
    ]);
    expect(first.getByRole('link', { name: 'View file-01.pdf' })).toHaveAttribute('href', '/api/Files/1/content');

    const sortBy = screen.getByRole('group', { name: 'Sort documents by' });
    await userEvent.click(within(sortBy).getByRole('button', { name: 'Size' }));
    await userEvent.click(within(sortBy).getByRole('button', { name: 'Size, ascending' }));
    expect(within(sortBy).getByRole('button', { name: 'Size, descending' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(within(list).getAllByRole('listitem')[0] as HTMLElement).getByText('file-30.pdf'),
    ).toBeInTheDocument();
  });
});
