import { z } from 'zod';

// The Admin's organisation-wide limits: which private networks a webhook may reach, and how many
// things one person may follow.

export const DEFAULT_FOLLOWS_PER_PERSON = 500;
export const MAX_FOLLOWS_PER_PERSON = 100_000;
export const MAX_ALLOW_LIST_ENTRIES = 50;

/**
 * One entry of the webhook allow-list: a host name (`hooks.internal`), an address (`10.0.0.7`,
 * `fd00::7`) or a range in CIDR form (`10.20.0.0/16`). The server checks the form of addresses and
 * ranges again with Node's own parser.
 */
const ALLOW_LIST_ENTRY =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|[0-9a-f:.]+(?:\/\d{1,3})?)$/i;
export const ALLOW_LIST_ENTRY_MESSAGE =
  'Each allowed private network is a host name, an IP address or a CIDR range such as 10.20.0.0/16.';

export const OrganisationSettings = z
  .object({
    webhookPrivateAllowList: z
      .array(z.string().trim().toLowerCase().max(253).regex(ALLOW_LIST_ENTRY, ALLOW_LIST_ENTRY_MESSAGE))
      .max(MAX_ALLOW_LIST_ENTRIES, `At most ${MAX_ALLOW_LIST_ENTRIES} private networks may be allowed.`)
      .describe('Hosts, addresses or CIDR ranges on a private network that webhooks may reach'),
    followsPerPerson: z
      .number()
      .int('The follow limit must be a whole number.')
      .min(1, 'The follow limit must be at least 1.')
      .max(MAX_FOLLOWS_PER_PERSON, `The follow limit may be at most ${MAX_FOLLOWS_PER_PERSON}.`)
      .describe('How many shipments and saved filters one person may follow'),
  })
  .strict();
export type OrganisationSettings = z.infer<typeof OrganisationSettings>;
export const ORGANISATION_SETTINGS_FORBIDDEN = 'Only an administrator can change the organisation settings.';
