import type { ImportFileReport, ImportReport } from '@quayside/domain/import';
import type { RecordImportReport } from '@quayside/domain/record-import';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN, FORWARDER, renderScreen } from '../../testing/render-screen.tsx';
import { ImportPage } from './import-page.tsx';

const file: ImportFileReport = {
  fileName: 'erp.csv',
  format: 'csv',
  sheet: null,
  columns: [
    { header: 'PO Number', field: 'PO Number' },
    { header: 'Item', field: 'SKU' },
    { header: 'Qty Ordered', field: 'Qty Ordered' },
    { header: 'Buyer', field: null },
  ],
  unknownColumns: ['Buyer'],
  preview: [
    ['PO-1', 'BOLT-1', '10', 'Ann'],
    ['PO-1', 'BOLT-1', '-2', 'Ann'],
  ],
  rows: 2,
  counts: { created: 1, updated: 0, unchanged: 0, rejected: 1 },
};
const rejection = {
  sheet: 'purchase_orders' as const,
  row: 3,
  key: 'PO-1 / BOLT-1',
  outcome: 'rejected' as const,
  reasons: ['Qty Ordered: "-2" is negative; a quantity is a whole number of at least 0.'],
};
const report = (dryRun: boolean): RecordImportReport => ({
  kind: 'purchase_orders',
  dryRun,
  file,
  records: { created: 1, updated: 0, unchanged: 0, rejected: 1 },
  rows: [{ sheet: 'purchase_orders', row: 2, key: 'PO-1 / BOLT-1', outcome: 'created', reasons: [] }, rejection],
  rejections: [rejection],
  truncated: false,
});

const shipmentsFile: ImportFileReport = {
  fileName: 'report.csv',
  format: 'csv',
  sheet: null,
  columns: [
    { header: 'Shipment', field: 'Shipment' },
    { header: 'Container #', field: 'Container #' },
  ],
  unknownColumns: [],
  preview: [['QS-1', 'CSQU3054384']],
  rows: 1,
  counts: { created: 1, updated: 0, unchanged: 0, rejected: 0 },
};
/** The forwarder report's answer: as the server says, whether it took the identifiers as written is what was asked. */
const forwarderReport = (dryRun: boolean, uncheckedIdentifiers: boolean): ImportReport => ({
  dryRun,
  uncheckedIdentifiers,
  importId: dryRun ? null : 12,
  shipments: shipmentsFile,
  parts: null,
  lineItemsCreated: 0,
  rows: [{ sheet: 'shipments', row: 2, key: 'QS-1', outcome: 'created', reasons: [] }],
  rejections: [],
  truncated: false,
});

describe('the Import screen', () => {
  it('offers an Admin the kind of file, and checks an ERP export of purchase orders before importing it', async () => {
    const api = renderScreen(<ImportPage />, {
      user: ADMIN,
      at: '/import',
      route: '/import',
      api: {
        'POST /api/Import/purchase-orders': (call) => report(call.query.get('dryRun') === 'true'),
      },
    });
    const kinds = await screen.findByRole('group', { name: 'Kind of file' });
    expect(
      within(kinds)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Forwarder report', 'Purchase orders (ERP)', 'Receipts']);
    // The forwarder's report is the default, as it always was.
    expect(screen.getByText("Bring shipments, line items and parts in from a forwarder's report.")).toBeInTheDocument();
    await userEvent.click(within(kinds).getByRole('button', { name: 'Purchase orders (ERP)' }));
    expect(screen.getByLabelText('Address')).toHaveTextContent('/import?kind=purchase-orders');
    expect(screen.getByText('Choose a purchase orders file (CSV or Excel .xlsx) to import.')).toBeInTheDocument();

    const input = screen.getByLabelText('Purchase orders file (CSV or Excel .xlsx)');
    await userEvent.upload(input, new File(['PO Number,Item,Qty Ordered\n'], 'erp.csv', { type: 'text/csv' }));
    expect(await screen.findByText('What the import will do')).toBeInTheDocument();
    expect(screen.getByText(/1 to create, 0 to update, 0 unchanged$/)).toBeInTheDocument();
    expect(screen.getByText('1 to create, 0 to update, 0 unchanged, 1 rejected')).toBeInTheDocument();
    const rejected = screen.getByRole('table', { name: 'Rejected rows' });
    expect(within(rejected).getByRole('columnheader', { name: 'PO / SKU' })).toBeInTheDocument();
    expect(within(rejected).getByRole('row', { name: /3 PO-1 \/ BOLT-1 .*is negative/ })).toBeInTheDocument();
    expect(api.callsTo('POST /api/Import/purchase-orders')[0]?.query.get('dryRun')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import complete')).toBeInTheDocument();
    expect(screen.getByText('1 created, 0 updated, 0 unchanged, 1 rejected')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /api/Import/purchase-orders')).toHaveLength(2));
    expect(api.callsTo('POST /api/Import/purchase-orders')[1]?.query.get('dryRun')).toBe('false');
  });

  it('opens on receipts from the address, and says what a receipts file holds', async () => {
    renderScreen(<ImportPage />, { user: ADMIN, at: '/import?kind=receipts', route: '/import' });
    expect(await screen.findByText('Record what arrived of each shipment from a receipts file.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Receipts' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Choose a receipts file (CSV or Excel .xlsx) to import.')).toBeInTheDocument();
  });

  it("reads a forwarder's report again when asked to take container numbers and air waybills as written, and imports it so", async () => {
    const api = renderScreen(<ImportPage />, {
      user: FORWARDER,
      at: '/import',
      route: '/import',
      api: {
        'POST /api/Import': (call) =>
          forwarderReport(call.query.get('dryRun') === 'true', call.query.get('uncheckedIdentifiers') === 'true'),
      },
    });
    const unchecked = await screen.findByRole('checkbox', {
      name: 'Take container numbers and air waybills as written (skip their check digits)',
    });
    expect(unchecked).not.toBeChecked();
    const input = screen.getByLabelText('Shipments file (CSV or Excel .xlsx)');
    await userEvent.upload(input, new File(['Shipment,Container #\n'], 'report.csv', { type: 'text/csv' }));
    expect(await screen.findByText('What the import will do')).toBeInTheDocument();
    const calls = () => api.callsTo('POST /api/Import');
    expect(calls()[0]?.query.get('uncheckedIdentifiers')).toBe('false');
    const note = 'Container numbers and air waybills were taken as written, not checked.';
    expect(screen.queryByText(note)).toBeNull();

    await userEvent.click(unchecked);
    expect(unchecked).toBeChecked();
    expect(await screen.findByText(note)).toBeInTheDocument();
    expect(calls()).toHaveLength(2);
    expect(Object.fromEntries(calls()[1]?.query ?? [])).toEqual({ dryRun: 'true', uncheckedIdentifiers: 'true' });

    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const complete = (await screen.findByText('Import complete')).closest('[role="alert"]') as HTMLElement;
    expect(within(complete).getByText(note)).toBeInTheDocument();
    await waitFor(() => expect(calls()).toHaveLength(3));
    expect(Object.fromEntries(calls()[2]?.query ?? [])).toEqual({ dryRun: 'false', uncheckedIdentifiers: 'true' });
  });

  it("shows a Forwarder only its reports' import, whatever the address asks", async () => {
    renderScreen(<ImportPage />, { user: FORWARDER, at: '/import?kind=purchase-orders', route: '/import' });
    expect(
      await screen.findByText("Bring shipments, line items and parts in from a forwarder's report."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Kind of file' })).not.toBeInTheDocument();
    expect(screen.getByText('Choose a shipments file (CSV or Excel .xlsx) to import.')).toBeInTheDocument();
  });
});
