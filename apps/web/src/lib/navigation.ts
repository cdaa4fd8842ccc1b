import { SET_UP_PAGE } from '@quayside/domain/first-admin';
import type { LineItem } from '@quayside/domain/line-items';

// The app's addresses (SPEC.md §2) and what a screen passes to the next, in one place:
// app/routes.tsx declares the routes with these patterns, and every link and navigate() builds
// its address here.

export const paths = {
  dashboard: '/',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** The first run's set-up page; the server prints its one-time link (not in the spec). */
  setup: SET_UP_PAGE,
  createShipment: '/create-shipment',
  analytics: '/analytics',
  userManagement: '/user-management',
  /** Suppliers, the contacts an Admin invites for them, and how their proposals are approved. */
  suppliers: '/suppliers',
  import: '/import',
  reports: '/reports',
  /** Alerts: the bell's list, what the user follows, how they are told; an Admin's webhooks. */
  alerts: '/alerts',
  webhooks: '/webhooks',
  /** Carrier and provider integrations, and the carrier events waiting for an Admin's review. */
  carrierEvents: '/carrier-events',
  exceptionRules: '/exception-rules',
  /** Deleted line items and parts an Admin may bring back (the delete dialogs' promise). */
  recentlyDeleted: '/recently-deleted',
  lineItemPattern: '/line-item/:id',
  shipmentPattern: '/shipment-details/:id',
  /** A line item by its place in the list passed in navigation state, or by its PO number. */
  lineItem: (id: number | string) => `/line-item/${encodeURIComponent(String(id))}`,
  /**
   * A line item's own address, which opens it in a new tab, a bookmark or a message:
   * its PO number, and its shipment, since one PO may be on several shipments.
   */
  lineItemOf: ({ title, related_shipment }: Pick<LineItem, 'title' | 'related_shipment'>) =>
    `/line-item/${encodeURIComponent(title)}?${new URLSearchParams({ shipment: related_shipment })}`,
  shipment: (shipmentNumber: string) => `/shipment-details/${encodeURIComponent(shipmentNumber)}`,
  /** The purchase orders' list; its search, chips, sort and page are in the query string. */
  purchaseOrders: '/purchase-orders',
  purchaseOrderPattern: '/purchase-orders/:id',
  /** A purchase order's page, by its number (a line item's title). */
  purchaseOrder: (poNumber: string) => `/purchase-orders/${encodeURIComponent(poNumber)}`,
  /** Booking requests: a supplier asks, staff route, a forwarder confirms or declines. */
  bookings: '/bookings',
  /**
   * A shared shipment's progress, opened without signing in: the domain's trackingPath. Written out
   * here, as importing it would bring zod into the sign-in screens' first JavaScript.
   */
  trackingPattern: '/track/:token',
} as const;

/**
 * A line item as a list passed to the detail screen holds it: enough to address it and to page to
 * it (the screen reads the line item itself). A full LineItem is one, and so is a dashboard row.
 */
export type LineItemRef = Pick<LineItem, '_id' | 'title' | 'related_shipment'>;

/** Only the reference of a line item or a row, for navigation state (the history keeps a copy). */
export const lineItemRefOf = ({ _id, title, related_shipment }: LineItemRef): LineItemRef => ({
  _id,
  title,
  related_shipment,
});

/** What the screens that open a line item pass along (SPEC.md §2 '/line-item/{id}'). */
export type LineItemNavigationState = {
  lineItem?: LineItemRef;
  /** The list that previous/next pages through. */
  subsetData?: readonly LineItemRef[];
  index?: number;
  fromShipment?: boolean;
  shipmentId?: string;
};

/** What a line item passes to its shipment: the shipment screen shows a 'From Line Item' chip. */
export type ShipmentNavigationState = { fromLineItem?: boolean } | null;

export const fromLineItemState: ShipmentNavigationState = { fromLineItem: true };
