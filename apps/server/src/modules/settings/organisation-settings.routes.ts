import { ALLOW_LIST_ENTRY_MESSAGE, OrganisationSettings } from '@quayside/domain/organisation-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { parseAllowListEntry } from '../webhooks/receiver-address.ts';
import { organisationSettingsFor, saveOrganisationSettings } from './organisation-settings.ts';

/** Node reads every allow-list entry as a host name, an address or a range, or it is refused. */
function checkAllowList(settings: OrganisationSettings) {
  const unreadable = settings.webhookPrivateAllowList.find((entry) => parseAllowListEntry(entry) === null);
  if (unreadable !== undefined) throw new AppError('invalid', `${ALLOW_LIST_ENTRY_MESSAGE} (${unreadable})`);
}

/** The Admin's organisation-wide limits. */
export function registerOrganisationSettingsRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  api.get(
    '/api/OrganisationSettings',
    {
      schema: {
        tags,
        description: 'The private networks webhooks may reach and the follow limit (Admin).',
        response: { 200: OrganisationSettings },
      },
    },
    async (request) => organisationSettingsFor(db, request.principal),
  );
  api.post(
    '/api/OrganisationSettings',
    {
      schema: {
        tags,
        description:
          'Replace the organisation settings (Admin). webhookPrivateAllowList: host names, addresses or CIDR ' +
          'ranges a webhook may reach though they are private (e.g. 10.20.0.0/16).',
        body: OrganisationSettings,
        response: { 200: OrganisationSettings },
      },
    },
    async (request) => saveOrganisationSettings(db, request.principal, request.body, checkAllowList),
  );
}
