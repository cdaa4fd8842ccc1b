import {
  AlertPreferences,
  AlertPreferencesRequest,
  Follow,
  FollowIdQuery,
  FollowRequest,
  FollowsResponse,
  MarkReadRequest,
  NotificationsResponse,
  UnsubscribeRequest,
} from '../alerts.ts';
import type { Call } from '../call.ts';
import { MessageResponse } from '../line-items.ts';

const tag = 'alerts';

/** What the principal follows, its notifications (the bell), how it is told, and an e-mail's unsubscribe link. */
export const ALERT_CALLS = {
  listFollows: {
    method: 'GET',
    path: '/api/Follows',
    tag,
    who: 'signed-in',
    summary: 'The shipments and saved filters you follow',
    description: 'The shipments and saved filters you follow.',
    response: FollowsResponse,
  },
  follow: {
    method: 'POST',
    path: '/api/Follows',
    tag,
    who: 'signed-in',
    summary: 'Follow a shipment or a saved filter',
    description:
      'Follow a shipment (`{ shipment }`), or save a filter to follow (`{ name, query }`, query as the ' +
      "dashboard's URL has it: q, filters, logic, report, exception). You hear of their events as your " +
      'preferences say. Following a shipment again is the same follow.',
    body: FollowRequest,
    response: Follow,
    errors: [404, 409],
  },
  unfollow: {
    method: 'POST',
    path: '/api/Follows/delete',
    tag,
    who: 'signed-in',
    summary: 'Stop following',
    description: 'Stop following.',
    query: FollowIdQuery,
    response: MessageResponse,
    errors: [404],
  },
  listAlerts: {
    method: 'GET',
    path: '/api/Alerts',
    tag,
    who: 'signed-in',
    suppliers: true,
    summary: 'Your newest alerts and how many are unread',
    description:
      'Your newest 50 alerts, newest first, and how many are unread: of what you follow, and of the purchase orders, bookings and messages waiting on you.',
    response: NotificationsResponse,
  },
  markAlertsRead: {
    method: 'POST',
    path: '/api/Alerts/read',
    tag,
    who: 'signed-in',
    suppliers: true,
    summary: 'Mark alerts read',
    description: 'Mark alerts read: `ids`, or all.',
    body: MarkReadRequest,
    response: MessageResponse,
  },
  getAlertPreferences: {
    method: 'GET',
    path: '/api/Alerts/preferences',
    tag,
    who: 'signed-in',
    suppliers: true,
    summary: 'How you hear of each event kind',
    description: 'How you hear of each event kind: email (at once), digest (daily) or app (the bell only).',
    response: AlertPreferences,
  },
  saveAlertPreferences: {
    method: 'POST',
    path: '/api/Alerts/preferences',
    tag,
    who: 'signed-in',
    suppliers: true,
    summary: 'Choose how you hear of each event kind',
    description:
      'Choose how you hear of each event kind. A kind of a PO, booking or conversation left out keeps its channel.',
    body: AlertPreferencesRequest,
    response: AlertPreferences,
  },
  // An e-mail's link posts a form (or a mail client posts one-click, RFC 8058): the token is in the
  // query, and the answer is a page when HTML is accepted, else `{ message }` — so no answer schema.
  unsubscribe: {
    method: 'POST',
    path: '/api/Unsubscribe',
    tag,
    who: 'anyone',
    summary: "Stop alert e-mails (an e-mail's link, no sign-in)",
    description: "Stop every alert e-mail for the person an alert e-mail's link names (no sign-in).",
    query: UnsubscribeRequest,
  },
} as const satisfies Record<string, Call>;
