import { z } from 'zod';
import { PAGE_SIZES } from './constants.ts';
import { pageParam, pageSizeParam, plainText } from './fields.ts';
import { PersonStatus } from './people.ts';

// Suppliers: the companies named as a purchase order's `supplier`, and the people of theirs an
// Admin invites from the Suppliers screen. A contact signs in like everyone else (registering
// with the invited e-mail, a password of their own) and sees only the POs whose supplier is their
// company, compared trimmed and case-insensitively like a forwarder's company (text.ts companyKey).

export const MAX_SUPPLIER_NAME = 200;
/** A cargo-ready date moved by at most this many days may be approved without a person (0: any move needs one). */
export const MAX_AUTO_APPROVE_DAYS = 365;

export const SUPPLIERS_FORBIDDEN = 'Only an administrator can manage suppliers.';
export const SUPPLIER_CALL_REFUSED = 'A supplier contact can open only its purchase orders.';
export const SUPPLIER_NEEDS_NAME = 'Supplier is required.';
export const CONTACT_NOT_FOUND = 'This supplier contact no longer exists.';
export const CONTACT_REMOVED = 'Supplier contact removed.';
export const SUPPLIER_SETTINGS_SAVED = 'Automatic approval saved.';
export const alreadyListed = (email: string) =>
  `${email} is already a user or a supplier contact: each e-mail signs in as one person.`;
export const invitationSent = (email: string) => `Invitation sent to ${email}.`;
export const invitationNotSent = (email: string) =>
  `${email} was added, but the invitation e-mail could not be sent: ask them to register with this address.`;
/** A supplier contact is kept on the Suppliers screen, never through user management's list. */
export const MANAGED_AS_SUPPLIER_CONTACT =
  'This e-mail belongs to a supplier contact: manage it on the Suppliers screen.';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid e-mail address.' }));

export const SupplierContact = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  status: PersonStatus.describe('Active once the contact has registered'),
});
export type SupplierContact = z.infer<typeof SupplierContact>;

export const Supplier = z.object({
  name: z.string().describe('As the purchase orders spell it (the first spelling, by PO number), else as invited'),
  purchase_orders: z.number().int().describe('POs naming it as supplier'),
  open_purchase_orders: z.number().int().describe('Of those, neither received in full nor short-closed'),
  awaiting_confirmation: z.number().int().describe('Open POs it has not confirmed'),
  pending_proposals: z.number().int().describe('Proposed changes waiting for a decision'),
  contacts: z.array(SupplierContact),
});
export type Supplier = z.infer<typeof Supplier>;

export const SupplierListQuery = z.strictObject({
  q: plainText(MAX_SUPPLIER_NAME, `Search must be at most ${MAX_SUPPLIER_NAME} characters.`)
    .optional()
    .describe('Supplier name or a contact’s name or e-mail contains'),
  page: pageParam.default(1),
  pageSize: pageSizeParam.default(PAGE_SIZES[0]),
});

export const SupplierListResponse = z.object({
  suppliers: z.array(Supplier),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SupplierListResponse = z.infer<typeof SupplierListResponse>;

export const InviteContactBody = z.strictObject({
  supplier: plainText(MAX_SUPPLIER_NAME, `Supplier must be at most ${MAX_SUPPLIER_NAME} characters.`).refine(
    (name) => name !== '',
    SUPPLIER_NEEDS_NAME,
  ),
  full_name: plainText(200, 'Full name must be at most 200 characters.').refine(
    (name) => name !== '',
    'Full name is required.',
  ),
  email,
});
export type InviteContactBody = z.infer<typeof InviteContactBody>;

export const InviteContactResponse = z.object({ contact: SupplierContact, message: z.string() });

export const RemoveContactBody = z.strictObject({ email });

export const SupplierSettings = z.strictObject({
  autoApproveCargoReadyDays: z
    .number({ error: 'Days must be a whole number, or empty to approve every change by hand.' })
    .int('Days must be a whole number.')
    .min(0, 'Days must be at least 0.')
    .max(MAX_AUTO_APPROVE_DAYS, `Days may be at most ${MAX_AUTO_APPROVE_DAYS}.`)
    .nullable()
    .describe(
      'A proposal that only moves cargo-ready dates, each by at most this many days, is approved at once; null: every proposal waits for staff',
    ),
});
export type SupplierSettings = z.infer<typeof SupplierSettings>;

/** The invitation a new supplier contact receives: where to register, and with which address. */
export function invitationMail(options: { fullName: string; supplier: string; registerUrl: string; email: string }) {
  return {
    subject: 'You are invited to Quayside',
    text:
      `Hello ${options.fullName},\n\n` +
      `You have been invited to Quayside as a contact of ${options.supplier}. There you can confirm ` +
      'purchase orders and propose changes to them.\n\n' +
      `Register with this e-mail address (${options.email}) and a password of your choice:\n${options.registerUrl}\n`,
  };
}
