import type { Role } from './people.ts';

// The role table (SPEC.md §6, and who may restore deletions), shared by the server (which
// enforces it on every call) and the web app (which shows each role what it may do). Manager is
// display-only in the spec: a person holding it is treated like an Employee (read-only, sees
// reports). An unknown role (a profile not loaded yet) may do nothing.

/** The importer's own people. They see hidden line items, the reports and the staff switches. */
export const STAFF_ROLES = ['Admin', 'Employee', 'Manager'] as const satisfies readonly Role[];

/** Staff: the importer's people, neither a Forwarder nor a Supplier contact. */
export const isStaff = (role: Role | undefined) => (STAFF_ROLES as readonly (Role | undefined)[]).includes(role);

/** A Forwarder sees and changes only its own company's shipments and what hangs off them. */
export const isConfinedToItsCompany = (role: Role | undefined) => role === 'Forwarder';

/**
 * A supplier company's contact sees only its company's purchase orders (their `supplier`), and
 * may make only the calls the route table opens to suppliers (`suppliers: true`).
 */
export const isSupplier = (role: Role | undefined) => role === 'Supplier';

/** Line items, parts, shipments and uploads: Admin everywhere, Forwarder within its company. */
export const canWriteRecords = (role: Role | undefined) => role === 'Admin' || role === 'Forwarder';

export const canSeeReports = isStaff;

/** Hidden line items ('Hide record') do not exist for a Forwarder; nor do the 'Valid PO #' and 'Hide record' switches. */
export const seesHiddenLineItems = isStaff;

export const canManagePeople = (role: Role | undefined) => role === 'Admin';

/** The exception rules (ETA slip threshold, document checklist) are the organisation's: an Admin's. */
export const canEditExceptionRules = (role: Role | undefined) => role === 'Admin';

/** The analytics' settings (the on-time grace) are the organisation's: an Admin's. */
export const canEditAnalyticsSettings = (role: Role | undefined) => role === 'Admin';

/** Webhooks send every company's events to another system: an Admin registers them. */
export const canManageWebhooks = (role: Role | undefined) => role === 'Admin';

/** Carrier integrations write every company's dates, and their review list shows every sender's events: an Admin's. */
export const canManageCarrierEvents = (role: Role | undefined) => role === 'Admin';

/** Sharing a shipment outside the portal is the importer's decision: its staff make and withdraw tracking links. */
export const canShareTracking = (role: Role | undefined) => isStaff(role);

/** The organisation's limits (the webhook allow-list, follows per person): an Admin's. */
export const canEditOrganisationSettings = (role: Role | undefined) => role === 'Admin';

/** The organisation's default dashboard view (the one staff open with until they choose their own): an Admin's. */
export const canSetOrganisationDefaultView = (role: Role | undefined) => role === 'Admin';

/** Seeing and restoring deletions is an administrator's job (the audit log holds every company's data). */
export const canRestoreDeletions = (role: Role | undefined) => role === 'Admin';

/** Purchase orders and receipts are the importer's records: an Admin writes them (by hand or by import); other staff read them. */
export const canWritePurchaseOrders = (role: Role | undefined) => role === 'Admin';

/** A shipment's receipt (what arrived, per PO and SKU) is staff's to read: a Forwarder sees figures through its POs. */
export const canSeeReceipts = isStaff;
