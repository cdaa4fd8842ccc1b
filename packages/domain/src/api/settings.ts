import type { Call } from '../call.ts';
import { OrganisationSettings } from '../organisation-settings.ts';

const tag = 'settings';

/** The Admin's organisation-wide limits. */
export const SETTINGS_CALLS = {
  getOrganisationSettings: {
    method: 'GET',
    path: '/api/OrganisationSettings',
    tag,
    who: 'Admin',
    summary: 'The webhook allow-list and the follow limit (Admin)',
    description: 'The private networks webhooks may reach and the follow limit (Admin).',
    response: OrganisationSettings,
  },
  saveOrganisationSettings: {
    method: 'POST',
    path: '/api/OrganisationSettings',
    tag,
    who: 'Admin',
    summary: 'Change the webhook allow-list and the follow limit (Admin)',
    description:
      'Replace the organisation settings (Admin). webhookPrivateAllowList: host names, addresses or CIDR ' +
      'ranges a webhook may reach though they are private (e.g. 10.20.0.0/16).',
    body: OrganisationSettings,
    response: OrganisationSettings,
  },
} as const satisfies Record<string, Call>;
