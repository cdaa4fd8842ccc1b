import { companyKey } from '@quayside/domain/text';
import type { Principal } from './principal.ts';

// The permission table of DESIGN.md, in one place. Manager is display-only in the spec;
// a person holding it is treated like an Employee (read-only, sees reports).

export const canManagePeople = (principal: Principal) => principal.role === 'Admin';

/** Seeing and restoring deletions is an administrator's job (the audit log holds every company's data). */
export const canRestoreDeletions = (principal: Principal) => principal.role === 'Admin';

/** Line items, parts, shipments and uploads: Admin everywhere, Forwarder within its company. */
export const canWriteRecords = (principal: Principal) => principal.role === 'Admin' || principal.role === 'Forwarder';

export const canSeeReports = (principal: Principal) => principal.role !== 'Forwarder';

export const seesHiddenLineItems = (principal: Principal) => principal.role !== 'Forwarder';

/** Company names are compared trimmed and case-insensitively (ASCII, as the database compares them). */
export const sameCompany = (a: string, b: string) => companyKey(a) === companyKey(b);

/** A forwarder sees only shipments whose Forwarder Name is its company, and what hangs off them. */
export const canReadShipment = (principal: Principal, shipment: { forwarder_name: string }) =>
  principal.role !== 'Forwarder' || (hasCompany(principal) && sameCompany(principal.company, shipment.forwarder_name));

/** A forwarder listed without a company sees nothing, rather than every shipment without a forwarder. */
export const hasCompany = (principal: Principal) => companyKey(principal.company) !== '';

export const canWriteShipment = (principal: Principal, shipment: { forwarder_name: string }) =>
  canWriteRecords(principal) && canReadShipment(principal, shipment);
