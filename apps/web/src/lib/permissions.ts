import type { Role } from '@quayside/domain/people';
import { canManagePeople, canWriteRecords, isStaff, isSupplier } from '@quayside/domain/permissions';

// What the screens show each role (SPEC.md §6): the domain's role table, under the screens' names.
// The server enforces the same table on every call.

/** Admin and Forwarder edit records; Employee and the display-only Manager read them. */
export const canEdit = canWriteRecords;
export const canSeeReports = isStaff;
export const canManageUsers = canManagePeople;
/** 'Hide record' and 'Valid PO #' (SPEC.md §6): staff who edit, so an Admin. */
export const canHideLineItems = (role: Parameters<typeof isStaff>[0]) => canWriteRecords(role) && isStaff(role);
/**
 * Admin only: webhooks carry every company's events; the rules and the on-time grace are the
 * organisation's; deleted line items and parts are seen and restored under 'Recently deleted';
 * carrier integrations write every company's dates. Staff (not a Forwarder) share tracking links.
 */
export {
  canEditAnalyticsSettings,
  canEditExceptionRules,
  canManageCarrierEvents,
  canManageWebhooks,
  canRestoreDeletions,
  canShareTracking,
  isSupplier,
} from '@quayside/domain/permissions';

/**
 * Purchase orders' writes (a receipt, a short-close): an Admin's, as the route table's `who` says
 * for receiveShipment and shortClosePurchaseOrder. Employee and Manager read; a Forwarder reads its own.
 */
export const canWritePurchaseOrders = (role: Role | undefined) => role === 'Admin';

/** The Suppliers screen (contacts, automatic approval) is an Admin's, as listSuppliers' `who` says. */
export const canManageSuppliers = (role: Role | undefined) => role === 'Admin';

/** Confirming a PO or proposing changes to it: its supplier's contact, no one else. */
export const canAnswerPurchaseOrders = isSupplier;

/** Approving or rejecting a supplier's proposal: an Admin, as decidePurchaseOrderProposal's `who` says. */
export const canDecideProposals = (role: Role | undefined) => role === 'Admin';

/** A supplier's contact sees the shipments carrying its POs on the PO's page, but not their own pages. */
export const canOpenShipments = (role: Role | undefined) => !isSupplier(role);

/** Requesting a booking of a PO's lines: its supplier's contact, or an Admin (requestBooking). */
export const canRequestBookings = (role: Role | undefined) => role === 'Supplier' || role === 'Admin';

/** Routing a booking to a forwarder, and the lane rules that do it at once: an Admin's. */
export const canRouteBookings = (role: Role | undefined) => role === 'Admin';

/** Confirming or declining a routed booking: the forwarder it is routed to (the server checks which), or an Admin. */
export const canAnswerBookings = (role: Role | undefined) => role === 'Admin' || role === 'Forwarder';
