import type { Call } from '../call.ts';
import { MessageResponse } from '../line-items.ts';
import {
  InviteContactBody,
  InviteContactResponse,
  RemoveContactBody,
  SupplierListQuery,
  SupplierListResponse,
  SupplierSettings,
} from '../suppliers.ts';

const tag = 'suppliers';

/** The Suppliers screen: suppliers, the contacts an Admin invites, and how their proposals are approved. */
export const SUPPLIER_CALLS = {
  listSuppliers: {
    method: 'GET',
    path: '/api/Suppliers',
    tag,
    who: 'Admin',
    summary: 'A page of suppliers with their contacts',
    description:
      "Every company named as a PO's supplier, and every company a contact was invited for, by name: its POs, " +
      'those awaiting confirmation, proposals waiting for a decision, and its contacts.',
    query: SupplierListQuery,
    response: SupplierListResponse,
  },
  inviteSupplierContact: {
    method: 'POST',
    path: '/api/Suppliers/contacts',
    tag,
    who: 'Admin',
    summary: "Invite a supplier's contact",
    description:
      'Adds the contact (who then registers with this e-mail and a password of their own) and e-mails the ' +
      'invitation. The contact sees only the POs naming its supplier.',
    body: InviteContactBody,
    response: InviteContactResponse,
    status: 201,
    errors: [409],
  },
  removeSupplierContact: {
    method: 'DELETE',
    path: '/api/Suppliers/contacts',
    tag,
    who: 'Admin',
    summary: "Remove a supplier's contact",
    description: 'The contact and its sign-in account go at once, and with them every session it has.',
    body: RemoveContactBody,
    response: MessageResponse,
    errors: [404],
  },
  getSupplierSettings: {
    method: 'GET',
    path: '/api/Suppliers/settings',
    tag,
    who: 'Admin',
    summary: 'How supplier proposals are approved',
    response: SupplierSettings,
  },
  saveSupplierSettings: {
    method: 'PUT',
    path: '/api/Suppliers/settings',
    tag,
    who: 'Admin',
    summary: 'Set automatic approval of cargo-ready date moves',
    body: SupplierSettings,
    response: SupplierSettings,
  },
} as const satisfies Record<string, Call>;
