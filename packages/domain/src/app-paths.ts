// The web app's addresses (SPEC.md §2): the web app routes them (apps/web/src/lib/navigation.ts),
// and the server answers the app's page at these and at no other address outside /api.

export const paths = {
  dashboard: '/',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** The first run's set-up page; the server prints its one-time link (not in the spec). */
  setup: '/setup',
  createShipment: '/create-shipment',
  analytics: '/analytics',
  userManagement: '/user-management',
  import: '/import',
  reports: '/reports',
  lineItemPattern: '/line-item/:id',
  shipmentPattern: '/shipment-details/:id',
  /** A line item by its place in the list passed in navigation state, or by its PO number. */
  lineItem: (id: number | string) => `/line-item/${encodeURIComponent(String(id))}`,
  shipment: (shipmentNumber: string) => `/shipment-details/${encodeURIComponent(shipmentNumber)}`,
} as const;

/** The page patterns above (`:id` is one path segment). */
const PAGE_PATTERNS = Object.values(paths)
  .filter((value): value is Extract<(typeof paths)[keyof typeof paths], string> => typeof value === 'string')
  .map((pattern) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+')}/?$`));

/** Whether `pathname` is one of the web app's pages (else the server answers 404, not the app). */
export const isAppPage = (pathname: string) => PAGE_PATTERNS.some((pattern) => pattern.test(pathname));
