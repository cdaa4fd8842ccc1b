import { z } from 'zod';

/** What the web app needs to know about this installation before anyone signs in. */
export const SiteSettings = z
  .object({
    orgName: z.string().describe('The operating company, named in the "not registered" message'),
    supportEmail: z.string().nullable().describe('Shown on the login screen'),
    supportUrl: z.string().nullable().describe('The help-desk page the sidebar links to'),
    setupNeeded: z
      .boolean()
      .describe('True while nobody is on the people list: the login screen points to the set-up link'),
  })
  .describe('Public settings of this installation');
export type SiteSettings = z.infer<typeof SiteSettings>;
