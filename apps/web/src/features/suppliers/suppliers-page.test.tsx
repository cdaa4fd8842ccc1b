import { CONTACT_REMOVED, invitationSent, type Supplier, type SupplierListResponse } from '@quayside/domain/suppliers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Answer, type ApiCall } from '../../testing/fake-api.ts';
import { type RenderOptions, renderScreen } from '../../testing/render-screen.tsx';
import { SuppliersPage } from './suppliers-page.tsx';

const LIST = 'GET /api/Suppliers';
const INVITE = 'POST /api/Suppliers/contacts';
const REMOVE = 'DELETE /api/Suppliers/contacts';
const SETTINGS = 'GET /api/Suppliers/settings';
const SAVE_SETTINGS = 'PUT /api/Suppliers/settings';

const ACME: Supplier = {
  name: 'Acme Fasteners',
  purchase_orders: 12,
  open_purchase_orders: 5,
  awaiting_confirmation: 3,
  pending_proposals: 1,
  contacts: [
    { id: 1, full_name: 'Sam Supplier', email: 'sam@acme.example', status: 'Active' },
    { id: 2, full_name: 'Pat Pending', email: 'pat@acme.example', status: 'Inactive' },
  ],
};
const BOLTS: Supplier = {
  name: 'Bolt & Co',
  purchase_orders: 2,
  open_purchase_orders: 0,
  awaiting_confirmation: 0,
  pending_proposals: 0,
  contacts: [],
};

const listOf = (suppliers: Supplier[]): SupplierListResponse => ({
  suppliers,
  total: suppliers.length,
  page: 1,
  pageSize: 25,
});

const renderSuppliers = (options: RenderOptions = {}) =>
  renderScreen(<SuppliersPage />, {
    at: '/suppliers',
    route: '/suppliers',
    ...options,
    api: {
      [LIST]: () => listOf([ACME, BOLTS]),
      [SETTINGS]: () => ({ autoApproveCargoReadyDays: null }),
      ...options.api,
    },
  });

const rowOf = (name: string) => {
  const table = screen.getByRole('table', { name: 'Suppliers' });
  const header = within(table).getByRole('rowheader', { name });
  return header.closest('tr') as HTMLElement;
};

describe('the Suppliers screen', () => {
  it('lists each supplier with its purchase orders and its contacts', async () => {
    const api = renderSuppliers();
    expect(await screen.findByRole('heading', { level: 1, name: 'Suppliers' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Suppliers' });
    expect(
      within(screen.getByRole('table', { name: 'Suppliers' }))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Supplier', 'POs', 'Open', 'Awaiting confirmation', 'Proposals waiting', 'Contacts']);
    const acme = within(rowOf('Acme Fasteners')).getAllByRole('cell');
    expect(acme.slice(0, 4).map((cell) => cell.textContent)).toEqual(['12', '5', '3', '1']);
    const contacts = within(rowOf('Acme Fasteners')).getByRole('list', { name: 'Contacts of Acme Fasteners' });
    const [sam, pat] = within(contacts).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(sam).getByText('Sam Supplier')).toBeInTheDocument();
    expect(within(sam).getByText('sam@acme.example')).toBeInTheDocument();
    expect(within(sam).getByText('Active')).toBeInTheDocument();
    expect(within(pat).getByText('Inactive')).toBeInTheDocument();
    expect(within(rowOf('Bolt & Co')).getByText('No contacts yet')).toBeInTheDocument();

    const [asked] = api.callsTo(LIST) as [ApiCall];
    expect(Object.fromEntries(asked.query)).toEqual({ page: '1', pageSize: '25' });
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');
    expect(
      await screen.findByRole('spinbutton', { name: 'Approve cargo-ready date moves of at most N days automatically' }),
    ).toHaveValue(null);
  });

  it('invites a contact for the supplier of a row, and tells what the server did', async () => {
    const api = renderSuppliers({
      api: {
        [INVITE]: (call) => {
          const { email } = call.body as { email: string };
          return new Answer(201, {
            contact: { id: 3, full_name: 'Jo Contact', email, status: 'Inactive' },
            message: invitationSent(email),
          });
        },
      },
    });
    await screen.findByRole('table', { name: 'Suppliers' });
    await userEvent.click(screen.getByRole('button', { name: 'Invite contact for Acme Fasteners' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite supplier contact' });
    expect(within(dialog).getByRole('combobox', { name: 'Supplier' })).toHaveValue('Acme Fasteners');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Full name' }), 'Jo Contact');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), ' Jo@Acme.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to jo@acme.example.')).toBeInTheDocument();
    expect(api.callsTo(INVITE)[0]?.body).toEqual({
      supplier: 'Acme Fasteners',
      full_name: 'Jo Contact',
      email: 'jo@acme.example',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The contacts and counts are read again.
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
  });

  it('says at each field what is missing, and shows the server’s refusal in the dialog', async () => {
    const api = renderSuppliers({
      api: {
        [INVITE]: () =>
          new Answer(409, {
            message: 'sam@acme.example is already a user or a supplier contact: each e-mail signs in as one person.',
          }),
      },
    });
    await screen.findByRole('table', { name: 'Suppliers' });
    await userEvent.click(screen.getByRole('button', { name: 'Invite contact' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite supplier contact' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Supplier is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Full name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(api.callsTo(INVITE)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Supplier' }), 'Acme Fasteners');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Full name' }), 'Sam Again');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'sam@acme.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText(
        'sam@acme.example is already a user or a supplier contact: each e-mail signs in as one person.',
      ),
    ).toBeInTheDocument();
  });

  it('removes a contact once the Admin confirms', async () => {
    const api = renderSuppliers({ api: { [REMOVE]: () => ({ message: CONTACT_REMOVED }) } });
    await screen.findByRole('table', { name: 'Suppliers' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove pat@acme.example' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove supplier contact' });
    expect(
      within(dialog).getByText(
        'Remove Pat Pending (pat@acme.example) as a contact of Acme Fasteners? They can no longer sign in, and their account is deleted.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(REMOVE)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(CONTACT_REMOVED)).toBeInTheDocument();
    expect(api.callsTo(REMOVE)[0]?.body).toEqual({ email: 'pat@acme.example' });
  });

  it('searches once typing pauses, from the first page', async () => {
    const api = renderSuppliers();
    await screen.findByRole('table', { name: 'Suppliers' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search suppliers' }), 'acme');
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.query.get('q')).toBe('acme'));
    expect(api.callsTo(LIST).at(-1)?.query.get('page')).toBe('1');
  });

  it('saves the automatic approval, empty turning it off', async () => {
    const api = renderSuppliers({ api: { [SAVE_SETTINGS]: (call) => call.body } });
    const days = await screen.findByRole('spinbutton', {
      name: 'Approve cargo-ready date moves of at most N days automatically',
    });
    await userEvent.type(days, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Saved: cargo-ready date moves of at most 5 days are approved automatically.'),
    ).toBeInTheDocument();
    expect(api.callsTo(SAVE_SETTINGS)[0]?.body).toEqual({ autoApproveCargoReadyDays: 5 });

    await userEvent.clear(days);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: an Admin approves every proposal.')).toBeInTheDocument();
    expect(api.callsTo(SAVE_SETTINGS)[1]?.body).toEqual({ autoApproveCargoReadyDays: null });
  });
});
