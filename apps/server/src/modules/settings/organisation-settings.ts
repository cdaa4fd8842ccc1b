import {
  DEFAULT_FOLLOWS_PER_PERSON,
  ORGANISATION_SETTINGS_FORBIDDEN,
  type OrganisationSettings,
} from '@quayside/domain/organisation-settings';
import { canEditOrganisationSettings } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { organisationSettings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';

/** The organisation's limits (the defaults until an Admin saves some). */
export async function readOrganisationSettings(db: Queryable): Promise<OrganisationSettings> {
  const [row] = await db.select().from(organisationSettings);
  return {
    webhookPrivateAllowList: row?.webhook_private_allow_list ?? [],
    followsPerPerson: row?.follows_per_person ?? DEFAULT_FOLLOWS_PER_PERSON,
  };
}

const assertMayEdit = (principal: Principal) => {
  if (!canEditOrganisationSettings(principal)) throw new AppError('forbidden', ORGANISATION_SETTINGS_FORBIDDEN);
};

/** The settings as an Admin reads them to change them (others are refused). */
export async function organisationSettingsFor(db: Queryable, principal: Principal): Promise<OrganisationSettings> {
  assertMayEdit(principal);
  return readOrganisationSettings(db);
}

/** `check` refuses what the domain's form cannot (an entry Node does not read as an address or range). */
export async function saveOrganisationSettings(
  db: Database,
  principal: Principal,
  settings: OrganisationSettings,
  check: (settings: OrganisationSettings) => void = () => {},
): Promise<OrganisationSettings> {
  assertMayEdit(principal);
  check(settings);
  return withWrite(db, actorOf(principal), async (write) => {
    const before = await readOrganisationSettings(write.tx);
    const values = {
      webhook_private_allow_list: settings.webhookPrivateAllowList,
      follows_per_person: settings.followsPerPerson,
      updated_at: new Date(),
    };
    await write.tx
      .insert(organisationSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: organisationSettings.id, set: values });
    write.audit({ action: 'update', entity: 'organisation_settings', entityId: 1, before, after: settings });
    return settings;
  });
}
