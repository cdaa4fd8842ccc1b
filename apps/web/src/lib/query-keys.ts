// Every query key of the web app, one factory per resource. A key starts with its resource, so a
// change invalidates everything under that root: a line item's edit refreshes the dashboard's
// pages, its counts, the per-PO detail and a shipment's 'Line Items & Parts' tab alike.
// app/query-client.ts persists by resource and kind (not the dashboard's pages, not the import's).

/** The line-item list's resource: its pages, counts, the per-PO detail and a shipment's line items. */
const LINE_ITEMS = ['line-items'] as const;

export const lineItemKeys = {
  all: LINE_ITEMS,
  /** The dashboard's page of rows: its query and the columns asked for (another column is another answer). */
  list: <Params extends object>(params: Params, columns: readonly string[]) =>
    [...LINE_ITEMS, 'list', params, columns] as const,
  count: <Params extends object>(params: Params) => [...LINE_ITEMS, 'count', params] as const,
  byPo: (po: string) => [...LINE_ITEMS, 'by-po', po] as const,
  ofShipment: (shipmentNumber: string) => [...LINE_ITEMS, 'of-shipment', shipmentNumber] as const,
  /** A shipment's exceptions and their size, read from its line items (the banner on its page). */
  shipmentExceptions: (shipmentNumber: string) => [...LINE_ITEMS, 'shipment-exceptions', shipmentNumber] as const,
  /** How many have each exception: it moves with every change of line items. */
  exceptionSummary: () => [...LINE_ITEMS, 'exception-summary'] as const,
};

/** The figures of /analytics: under the line items, so every change of them refreshes the figures too. */
export const analyticsKeys = {
  all: [...LINE_ITEMS, 'analytics'] as const,
  figure: <Query extends object>(path: string, query: Query) => [...LINE_ITEMS, 'analytics', path, query] as const,
  settings: () => [...LINE_ITEMS, 'analytics', 'settings'] as const,
};

/**
 * Purchase orders: their figures follow the shipments and parts carrying them, so they live under
 * the line items and refresh with every change of those; a receipt or a short-close refreshes them
 * and the line items (whose PO exceptions move) alike.
 */
export const purchaseOrderKeys = {
  all: [...LINE_ITEMS, 'purchase-orders'] as const,
  list: <Query extends object>(query: Query) => [...LINE_ITEMS, 'purchase-orders', 'list', query] as const,
  /** The exact count of a list's question, paging and sort aside. */
  count: <Query extends object>(query: Query) => [...LINE_ITEMS, 'purchase-orders', 'count', query] as const,
  detail: (poNumber: string) => [...LINE_ITEMS, 'purchase-orders', 'detail', poNumber] as const,
  /** What a shipment carries that can be received, and what was. */
  receipt: (shipmentNumber: string) => [...LINE_ITEMS, 'purchase-orders', 'receipt', shipmentNumber] as const,
};

const SHIPMENTS = ['shipments'] as const;

export const shipmentKeys = {
  all: SHIPMENTS,
  detail: (shipmentNumber: string) => [...SHIPMENTS, 'detail', shipmentNumber] as const,
  history: (shipmentNumber: string) => [...SHIPMENTS, 'history', shipmentNumber] as const,
  /** Its carrier events: under the shipment, as an attached event moves its dates too. */
  carrierEvents: (shipmentNumber: string) => [...SHIPMENTS, 'carrier-events', shipmentNumber] as const,
  trackingLinks: (shipmentNumber: string) => [...SHIPMENTS, 'tracking-links', shipmentNumber] as const,
  match: (text: string) => [...SHIPMENTS, 'match', text] as const,
};

const PARTS = ['parts'] as const;

export const partKeys = {
  all: PARTS,
  list: ({ po, shipment }: { po: string; shipment: string }) => [...PARTS, 'list', { po, shipment }] as const,
};

const DOCUMENTS = ['documents'] as const;

export const documentKeys = {
  all: DOCUMENTS,
  ofShipment: (shipmentNumber: string) => [...DOCUMENTS, 'shipment', shipmentNumber] as const,
};

const USERS = ['users'] as const;

export const userKeys = { all: USERS, list: () => [...USERS, 'list'] as const };

/** Suppliers with their contacts and counts (Admin), and how their proposals are approved. */
const SUPPLIERS = ['suppliers'] as const;

export const supplierKeys = {
  all: SUPPLIERS,
  list: <Query extends object>(query: Query) => [...SUPPLIERS, 'list', query] as const,
  settings: () => [...SUPPLIERS, 'settings'] as const,
};

/**
 * Booking requests and the lane rules routing them. Not under the line items, whose changes do not
 * move a booking; a booking's changes refresh the POs, line items and shipments by name.
 */
const BOOKINGS = ['bookings'] as const;

export const bookingKeys = {
  all: BOOKINGS,
  list: <Query extends object>(query: Query) => [...BOOKINGS, 'list', query] as const,
  laneRules: () => [...BOOKINGS, 'lane-rules'] as const,
};

/** A record's conversation: not under the record's own key, as a message changes nothing else. */
const MESSAGES = ['messages'] as const;

export const messageKeys = {
  all: MESSAGES,
  thread: (record: string, key: string) => [...MESSAGES, 'thread', record, key] as const,
};

const REPORTS = ['reports'] as const;

export const reportKeys = {
  all: REPORTS,
  recentDocuments: (createdOn: string) => [...REPORTS, 'recent-documents', createdOn] as const,
};

/** Not persisted: a dry run's report belongs to files chosen on the import page only. */
const IMPORT = ['import'] as const;

export const importKeys = {
  all: IMPORT,
  dryRun: (...selection: readonly unknown[]) => [...IMPORT, 'dry-run', ...selection] as const,
};

/** What an import changes. */
export const CHANGED_BY_IMPORT = [LINE_ITEMS, SHIPMENTS, PARTS] as const;

/** Alerts: the bell's list, what the user follows, and how they are told; webhooks (Admin). */
const ALERTS = ['alerts'] as const;

export const alertKeys = {
  all: ALERTS,
  notifications: () => [...ALERTS, 'notifications'] as const,
  follows: () => [...ALERTS, 'follows'] as const,
  preferences: () => [...ALERTS, 'preferences'] as const,
  webhooks: () => [...ALERTS, 'webhooks'] as const,
};

export const siteKeys = { all: ['site'] as const };

/** Named dashboard views: the list the user may open, and one opened by its link. */
const VIEWS = ['views'] as const;

export const viewKeys = {
  all: VIEWS,
  list: () => [...VIEWS, 'list'] as const,
  one: (id: number) => [...VIEWS, 'one', id] as const,
};

/** Carrier integrations and the events waiting for review (Admin). */
const CARRIER_EVENTS = ['carrier-events'] as const;

export const carrierEventKeys = {
  all: CARRIER_EVENTS,
  integrations: () => [...CARRIER_EVENTS, 'integrations'] as const,
  review: () => [...CARRIER_EVENTS, 'review'] as const,
};

/** Recent deletions of line items and parts (Admin), which a restore brings back. */
const DELETIONS = ['deletions'] as const;

export const deletionKeys = { all: DELETIONS, list: () => [...DELETIONS, 'list'] as const };
