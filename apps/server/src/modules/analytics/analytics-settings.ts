import {
  ANALYTICS_SETTINGS_FORBIDDEN,
  type AnalyticsSettings,
  DEFAULT_ON_TIME_GRACE_DAYS,
} from '@quayside/domain/analytics';
import { canEditAnalyticsSettings } from '../../auth/permissions.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { analyticsSettings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { withWrite } from '../../write/with-write.ts';
import { actorOf } from '../audit/audit.service.ts';

/** The Admin's analytics settings (the defaults until one is saved). */
export async function readAnalyticsSettings(db: Queryable): Promise<AnalyticsSettings> {
  const [settings] = await db.select().from(analyticsSettings);
  return { onTimeGraceDays: settings?.on_time_grace_days ?? DEFAULT_ON_TIME_GRACE_DAYS };
}

export async function saveAnalyticsSettings(
  db: Database,
  principal: Principal,
  settings: AnalyticsSettings,
): Promise<AnalyticsSettings> {
  if (!canEditAnalyticsSettings(principal)) throw new AppError('forbidden', ANALYTICS_SETTINGS_FORBIDDEN);
  return withWrite(db, actorOf(principal), async (write) => {
    const before = await readAnalyticsSettings(write.tx);
    const values = { on_time_grace_days: settings.onTimeGraceDays, updated_at: new Date() };
    await write.tx
      .insert(analyticsSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: analyticsSettings.id, set: values });
    write.audit({ action: 'update', entity: 'analytics_settings', entityId: 1, before, after: settings });
    return settings;
  });
}
