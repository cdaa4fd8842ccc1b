import { ALERT_CALLS } from './api/alerts.ts';
import { ANALYTICS_CALLS } from './api/analytics.ts';
import { BOOKING_CALLS } from './api/bookings.ts';
import { CARRIER_EVENT_CALLS } from './api/carrier-events.ts';
import { DELETION_CALLS } from './api/deletions.ts';
import { DOCUMENT_CALLS } from './api/documents.ts';
import { EXCEPTION_CALLS } from './api/exceptions.ts';
import { IMPORT_CALLS } from './api/import.ts';
import { LINE_ITEM_CALLS } from './api/line-items.ts';
import { MESSAGE_CALLS } from './api/messages.ts';
import { PART_CALLS } from './api/parts.ts';
import { PEOPLE_CALLS } from './api/people.ts';
import { PURCHASE_ORDER_CALLS } from './api/purchase-orders.ts';
import { SETTINGS_CALLS } from './api/settings.ts';
import { SHIPMENT_CALLS } from './api/shipments.ts';
import { SITE_CALLS } from './api/site.ts';
import { SUPPLIER_CALLS } from './api/suppliers.ts';
import { VIEW_CALLS } from './api/views.ts';
import { WEBHOOK_CALLS } from './api/webhooks.ts';
import type { Call } from './call.ts';

// The route table: every call of the API, by its operation id. One entry per call, in its area's
// file under api/; the server registers each (apps/server/src/lib/serve.ts), the OpenAPI page
// describes each, and the web app's client (apps/web/src/lib/api.ts) calls them by name.

export const API = {
  ...SITE_CALLS,
  ...PEOPLE_CALLS,
  ...SHIPMENT_CALLS,
  ...LINE_ITEM_CALLS,
  ...PART_CALLS,
  ...PURCHASE_ORDER_CALLS,
  ...SUPPLIER_CALLS,
  ...BOOKING_CALLS,
  ...MESSAGE_CALLS,
  ...DELETION_CALLS,
  ...DOCUMENT_CALLS,
  ...IMPORT_CALLS,
  ...EXCEPTION_CALLS,
  ...ANALYTICS_CALLS,
  ...ALERT_CALLS,
  ...VIEW_CALLS,
  ...WEBHOOK_CALLS,
  ...CARRIER_EVENT_CALLS,
  ...SETTINGS_CALLS,
} as const satisfies Record<string, Call>;

export type Api = typeof API;
export type OperationName = keyof Api;

/** The table's entry for an operation id, if it has one. */
export const callNamed = (operationId: unknown): Call | undefined =>
  typeof operationId === 'string' && Object.hasOwn(API, operationId) ? API[operationId as OperationName] : undefined;
