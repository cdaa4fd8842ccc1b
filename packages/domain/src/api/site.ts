import type { Call } from '../call.ts';
import { SiteSettings } from '../site.ts';

const tag = 'site';

/** What the login and register screens show before anyone is signed in. */
export const SITE_CALLS = {
  getSite: {
    method: 'GET',
    path: '/api/site',
    tag,
    who: 'anyone',
    summary: 'The organisation, support contacts and whether set-up is needed',
    response: SiteSettings,
  },
} as const satisfies Record<string, Call>;
