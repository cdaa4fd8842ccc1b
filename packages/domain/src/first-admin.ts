import { z } from 'zod';
import { PersonInput } from './people.ts';

/**
 * The first run: while the people list is empty, the server prints a one-time set-up link
 * (`/setup?token=...`) and the set-up page creates the first Admin with it. Every word of it is here.
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

/** POST /api/auth/set-up: the printed token and the first Admin's details. */
export const FirstAdminBody = PersonInput.pick({ full_name: true, email: true, company_name: true }).extend({
  token: z.string().max(256),
  password: z.string().max(1024),
});
export type FirstAdminBody = z.infer<typeof FirstAdminBody>;

/** The page's address, with the token the server printed. */
export const setUpPath = (token: string) => `/setup?token=${encodeURIComponent(token)}`;
