import { ALLOW_LIST_ENTRY_MESSAGE, type OrganisationSettings } from '@quayside/domain/organisation-settings';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { serve } from '../../lib/serve.ts';
import { parseAllowListEntry } from '../webhooks/receiver-address.ts';
import { organisationSettingsFor, saveOrganisationSettings } from './organisation-settings.ts';

/** Node reads every allow-list entry as a host name, an address or a range, or it is refused. */
function checkAllowList(settings: OrganisationSettings) {
  const unreadable = settings.webhookPrivateAllowList.find((entry) => parseAllowListEntry(entry) === null);
  if (unreadable !== undefined) throw new AppError('invalid', `${ALLOW_LIST_ENTRY_MESSAGE} (${unreadable})`);
}

/** The Admin's organisation-wide limits. */
export function registerOrganisationSettingsRoutes(app: FastifyInstance, db: Database) {
  serve(app, 'getOrganisationSettings', (request) => organisationSettingsFor(db, request.principal));
  serve(app, 'saveOrganisationSettings', (request) =>
    saveOrganisationSettings(db, request.principal, request.body, checkAllowList),
  );
}
