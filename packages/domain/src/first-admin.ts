/**
 * The first run: while the people list is empty, the server prints a one-time set-up link
 * (`/setup?token=...`) and the set-up page creates the first Admin with it. Every word of it is here;
 * the request's schema is in first-admin-body.ts, so the sign-in screens load no zod for these.
 */
export const FIRST_ADMIN_MESSAGES = {
  title: 'Set up Quayside',
  intro: 'Create the first administrator. You will be signed in as this person, and can then add everyone else.',
  noAdministrator:
    'No administrator exists yet. Open the one-time set-up link the server printed in its terminal when it started.',
  button: 'Create administrator',
  linkMissing: 'Open the set-up link the server printed when it started: this address lacks its token.',
  linkInvalid: 'This set-up link is not valid. Copy the whole link the server printed when it started.',
  alreadySetUp: 'Quayside is already set up: an administrator exists. Log in instead.',
} as const;

/** Codes the server attaches to a refused set-up, for the page to map. */
export const FIRST_ADMIN_CODES = {
  linkInvalid: 'SETUP_LINK_INVALID',
  alreadySetUp: 'ALREADY_SET_UP',
} as const;

/** The set-up page's address (the web app routes it), and with the token the server printed. */
export const SET_UP_PAGE = '/setup';
export const setUpPath = (token: string) => `${SET_UP_PAGE}?token=${encodeURIComponent(token)}`;
