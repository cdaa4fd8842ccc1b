import { DEFAULT_PAGE_SIZE } from './constants.ts';
import { defaultShownColumns, type Report } from './line-item-columns.ts';
import type { LineItemRowsResponse } from './line-item-rows.ts';
import type { Role } from './people.ts';

// The dashboard's first rows travel inside the page the server sends for '/': drawn at once as a
// plain table, before the app's script has run, and handed to the app as its first answer. What
// the server and the web app agree on for that is here (plain data, no zod: the first screen loads it).

/** The words the dashboard's frame shows, written once for the app's screen and the server's first paint. */
export const DASHBOARD_WORDS = {
  title: 'Line Items Dashboard',
  subtitle: 'Track and manage your line items',
  searchPlaceholder: 'Search across all columns...',
} as const;

export const REPORT_LABELS: Record<Report, string> = { default: 'Default Report', dr: 'DR Report' };

/** The element holding the server's drawing of the first rows, until the app's own table replaces it. */
export const FIRST_PAINT_ID = 'first-paint';
/**
 * How many rows the drawing shows. It is fixed over the window and never scrolls: rows below the
 * window are never seen, and would cost the first paint their parsing and layout. 25 rows fill a
 * window 1,400 px tall; the app gets the whole page.
 */
export const FIRST_PAINT_ROWS = 25;
/** The `<script type="application/json">` holding the first rows for the app. */
export const FIRST_ROWS_ID = 'first-rows';

/** What the page carries for the app: whose rows, the rows query the server answered, and its answer. */
export type FirstRows = { email: string; query: string; answer: LineItemRowsResponse };

/**
 * The cookie by which the web app tells the server which rows its dashboard opens on at '/' (the
 * saved view and the columns shown live in the browser's storage, which the server cannot read).
 * Its value names the user it was written for: another user's is not used.
 */
export const OPENING_ROWS_COOKIE = 'quayside.opening_rows';

/** A rows query longer than this is not worth a cookie sent with every request: the app asks for it itself. */
export const OPENING_ROWS_MAX_LENGTH = 2000;

export const openingRowsCookieValue = (email: string, query: string) =>
  encodeURIComponent(JSON.stringify([email.trim().toLowerCase(), query]));

/** The query a cookie names for `email`, or null (absent, malformed, or written for someone else). */
export function openingRowsQueryFor(email: string, cookieValue: string | null | undefined): string | null {
  if (!cookieValue || cookieValue.length > OPENING_ROWS_MAX_LENGTH * 3) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(cookieValue));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [owner, query] = parsed as unknown[];
    return owner === email.trim().toLowerCase() && typeof query === 'string' ? query : null;
  } catch {
    return null;
  }
}

/**
 * The rows query of a dashboard nobody has changed in this browser: page 1 of the default report,
 * the columns shown by default to the role (a forwarder's leave out its own name).
 */
export const defaultOpeningQuery = (role: Role | undefined) =>
  new URLSearchParams({
    page: '1',
    pageSize: String(DEFAULT_PAGE_SIZE),
    report: 'default',
    columns: defaultShownColumns(role).default.join(','),
  }).toString();

/** Staff's. */
export const DEFAULT_OPENING_QUERY = defaultOpeningQuery(undefined);

/** Whether two query strings ask the same (the same names and values, in any order). */
export function isSameQuery(a: string, b: string) {
  const normal = (query: string) => [...new URLSearchParams(query)].map((pair) => JSON.stringify(pair)).sort();
  const [left, right] = [normal(a), normal(b)];
  return left.length === right.length && left.every((entry, index) => entry === right[index]);
}
