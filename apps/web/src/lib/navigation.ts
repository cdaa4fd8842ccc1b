import type { LineItem } from '@quayside/domain/line-items';

// The app's addresses (SPEC.md §2; the server serves the app only at these, so they live in the
// domain package) and what a screen passes to the next, in one place: app/routes.tsx declares the
// routes with these patterns, and every link and navigate() builds its address here.

export { paths } from '@quayside/domain/app-paths';

/** What the screens that open a line item pass along (SPEC.md §2 '/line-item/{id}'). */
export type LineItemNavigationState = {
  lineItem?: LineItem;
  /** The list that previous/next pages through. */
  subsetData?: LineItem[];
  index?: number;
  fromShipment?: boolean;
  shipmentId?: string;
};

/** What a line item passes to its shipment: the shipment screen shows a 'From Line Item' chip. */
export type ShipmentNavigationState = { fromLineItem?: boolean } | null;

export const fromLineItemState: ShipmentNavigationState = { fromLineItem: true };
