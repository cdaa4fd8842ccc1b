import {
  FIRST_PAINT_ID,
  FIRST_ROWS_ID,
  type FirstRows,
  isSameQuery,
  OPENING_ROWS_COOKIE,
  OPENING_ROWS_MAX_LENGTH,
  openingRowsCookieValue,
} from '@quayside/domain/first-rows';

// The dashboard's first rows, sent by the server inside the page (apps/server/src/first-paint/):
// drawn before this script ran, and given to the app as the answer to its first rows query, so
// the app draws them without asking again. The drawing stays until the app's own screen replaces it.

/** How long the drawing may outlive a start that never replaced it (an error, a screen that never came). */
const FIRST_PAINT_LIMIT_MS = 10_000;

let firstRows: FirstRows | null | undefined;

function readFirstRows(): FirstRows | null {
  const element = document.getElementById(FIRST_ROWS_ID);
  element?.remove();
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as FirstRows) : null;
  } catch {
    return null;
  }
}

/**
 * The page's rows when they answer `email`'s `query`, once: only the app's first question can be
 * the one the page was made for (a later one may be another user's, after signing out and in).
 */
export function takeFirstRows(email: string, query: string): FirstRows['answer'] | null {
  if (firstRows === undefined) firstRows = readFirstRows();
  const taken = firstRows;
  firstRows = null;
  if (taken?.email === email.trim().toLowerCase() && isSameQuery(taken.query, query)) return taken.answer;
  removeFirstPaint();
  return null;
}

/** Takes the server's drawing away: the app's screen is in its place (or will not be). */
export function removeFirstPaint() {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}

/** From the start: the drawing goes at the latest after FIRST_PAINT_LIMIT_MS. */
export function limitFirstPaint() {
  if (document.getElementById(FIRST_PAINT_ID)) window.setTimeout(removeFirstPaint, FIRST_PAINT_LIMIT_MS);
}

const cookie = (value: string, maxAgeSeconds: number) => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one synchronous write that every browser takes; the Cookie Store API is neither.
  document.cookie = `${OPENING_ROWS_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
};

/**
 * Tells the server which rows '/' opens on for this user, for the next page it sends: the rows
 * query of the saved view and columns (too long a query is not sent with every request).
 */
export function rememberOpeningRows(email: string, query: string) {
  if (query.length > OPENING_ROWS_MAX_LENGTH) forgetOpeningRows();
  else cookie(openingRowsCookieValue(email, query), 365 * 24 * 60 * 60);
}

export function forgetOpeningRows() {
  cookie('', 0);
}
