import AssessmentIcon from '@mui/icons-material/Assessment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FactoryIcon from '@mui/icons-material/Factory';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import GroupIcon from '@mui/icons-material/Group';
import InsightsIcon from '@mui/icons-material/Insights';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import RuleIcon from '@mui/icons-material/Rule';
import SatelliteAltIcon from '@mui/icons-material/SatelliteAlt';
import WebhookIcon from '@mui/icons-material/Webhook';
import type { SvgIcon } from '@mui/material';
import type { Role } from '@quayside/domain/people';
import { paths } from '../lib/navigation.ts';
import {
  canEdit,
  canEditExceptionRules,
  canManageCarrierEvents,
  canManageSuppliers,
  canManageUsers,
  canManageWebhooks,
  canRestoreDeletions,
  canSeeReports,
  isSupplier,
} from '../lib/permissions.ts';

// The signed-in screens, once: app/routes.tsx routes each path (behind its permission) and the
// sidebar links those with a `nav` entry that the user's role may open, in this order.

export type Screen = {
  /** The route's path (a pattern where the screen takes an `:id`). */
  path: string;
  /** Who may open it; without one, every signed-in user. Anyone else lands where their role starts (landingOf). */
  isAllowed?: (role: Role | undefined) => boolean;
  /**
   * Open to a supplier's contacts too, as the route table's `suppliers` is: every other screen
   * would only show the server refusing them.
   */
  suppliers?: true;
  /** How the sidebar links it; the alerts screen's icon is the bell with its unread count. */
  nav?: { label: string; icon: typeof SvgIcon | 'alert-bell' };
};

export const SCREENS = {
  dashboard: { path: paths.dashboard, nav: { label: 'Dashboard', icon: DashboardIcon } },
  // Every role: a Forwarder sees the POs its own shipments carry, a supplier's contact its company's
  // (the server decides which).
  purchaseOrders: {
    path: paths.purchaseOrders,
    suppliers: true,
    nav: { label: 'Purchase Orders', icon: ReceiptLongIcon },
  },
  // Every role, each seeing its own: a supplier's contact its POs' requests, a Forwarder those routed to it.
  bookings: { path: paths.bookings, suppliers: true, nav: { label: 'Bookings', icon: LocalShippingIcon } },
  import: { path: paths.import, isAllowed: canEdit, nav: { label: 'Import', icon: FileUploadIcon } },
  reports: { path: paths.reports, isAllowed: canSeeReports, nav: { label: 'Reports', icon: AssessmentIcon } },
  analytics: { path: paths.analytics, nav: { label: 'Analytics', icon: InsightsIcon } },
  userManagement: {
    path: paths.userManagement,
    isAllowed: canManageUsers,
    nav: { label: 'User management', icon: GroupIcon },
  },
  suppliers: { path: paths.suppliers, isAllowed: canManageSuppliers, nav: { label: 'Suppliers', icon: FactoryIcon } },
  // Every role: a supplier's contact hears of its purchase orders and bookings, and of mentions,
  // though it follows no shipments.
  alerts: { path: paths.alerts, suppliers: true, nav: { label: 'Alerts', icon: 'alert-bell' } },
  exceptionRules: {
    path: paths.exceptionRules,
    isAllowed: canEditExceptionRules,
    nav: { label: 'Exception rules', icon: RuleIcon },
  },
  webhooks: { path: paths.webhooks, isAllowed: canManageWebhooks, nav: { label: 'Webhooks', icon: WebhookIcon } },
  carrierEvents: {
    path: paths.carrierEvents,
    isAllowed: canManageCarrierEvents,
    nav: { label: 'Carrier events', icon: SatelliteAltIcon },
  },
  recentlyDeleted: {
    path: paths.recentlyDeleted,
    isAllowed: canRestoreDeletions,
    nav: { label: 'Recently deleted', icon: RestoreFromTrashIcon },
  },
  lineItem: { path: paths.lineItemPattern },
  shipment: { path: paths.shipmentPattern },
  purchaseOrder: { path: paths.purchaseOrderPattern, suppliers: true },
  createShipment: { path: paths.createShipment, isAllowed: canEdit },
} as const satisfies Record<string, Screen>;

export type ScreenName = keyof typeof SCREENS;

/** Every screen with its name, in the sidebar's order. */
export const screenList = Object.entries(SCREENS) as [ScreenName, Screen][];

/** Whether a user of this role may open the screen. */
export function mayOpen(screen: Screen, role: Role | undefined) {
  if (isSupplier(role) && !screen.suppliers) return false;
  return screen.isAllowed?.(role) ?? true;
}

/** Where a user of this role starts, and lands from a screen they may not open. */
export const landingOf = (role: Role | undefined) => (isSupplier(role) ? paths.purchaseOrders : paths.dashboard);
