// A fresh, migrated database opened in this process, for the benches that call the services
// directly (imports, bulk actions, shipment saves) rather than through a server; dropped by close().
import path from 'node:path';
import type { Principal } from '../apps/server/src/auth/principal.ts';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { type Engine, freshDatabase } from './bench-server.ts';

export async function openFreshDatabase(engine: Engine, label: string): Promise<DatabaseHandle> {
  const database = await freshDatabase(engine, label);
  const { DATABASE_URL: url, DATA_DIR: dataDir = '' } = database.env;
  const handle = await openDatabase(
    url ? { engine: 'postgres', url } : { engine: 'pglite', dataDir: path.join(dataDir, 'pglite') },
  );
  await runMigrations(handle.pool);
  return { ...handle, close: () => handle.close().then(() => database.drop()) };
}

/** Who those benches act as: an Admin, who may change every record. */
export const BENCH_ADMIN: Principal = {
  personId: 0,
  userId: 'bench',
  email: 'bench',
  fullName: 'Bench',
  role: 'Admin',
  company: '',
};
