import * as roles from '@quayside/domain/permissions';
import type { Principal } from './principal.ts';
import { seesShipment } from './visibility.ts';

// The role table (packages/domain/src/permissions.ts) for a principal; what each role may see of
// the records is auth/visibility.ts.

export const canManagePeople = (principal: Principal) => roles.canManagePeople(principal.role);

export const canEditExceptionRules = (principal: Principal) => roles.canEditExceptionRules(principal.role);

export const canEditAnalyticsSettings = (principal: Principal) => roles.canEditAnalyticsSettings(principal.role);

export const canManageWebhooks = (principal: Principal) => roles.canManageWebhooks(principal.role);
export const canManageCarrierEvents = (principal: Principal) => roles.canManageCarrierEvents(principal.role);
export const canShareTracking = (principal: Principal) => roles.canShareTracking(principal.role);
export const canEditOrganisationSettings = (principal: Principal) => roles.canEditOrganisationSettings(principal.role);

export const canRestoreDeletions = (principal: Principal) => roles.canRestoreDeletions(principal.role);

export const canSetOrganisationDefaultView = (principal: Principal) =>
  roles.canSetOrganisationDefaultView(principal.role);

export const canWriteRecords = (principal: Principal) => roles.canWriteRecords(principal.role);

export const canSeeReports = (principal: Principal) => roles.canSeeReports(principal.role);

export const seesHiddenLineItems = (principal: Principal) => roles.seesHiddenLineItems(principal.role);

/** A forwarder sees only shipments whose Forwarder Name is its company, and what hangs off them. */
export const canReadShipment = seesShipment;

export const canWriteShipment = (principal: Principal, shipment: { forwarder_name: string }) =>
  canWriteRecords(principal) && canReadShipment(principal, shipment);
