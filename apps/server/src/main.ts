import { buildApp } from './app.ts';
import { firstAdminSetUpLink } from './auth/first-admin.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startupDatabaseProblem } from './db/database-errors.ts';
import { openMigratedDatabase, requestPoolLimits } from './db/open-from-config.ts';
import { superviseDatabase } from './db/supervise-database.ts';
import {
  isFirstServerProcess,
  isServerProcessesPrimary,
  isServerProcessesWorker,
  runServerProcesses,
} from './server-processes.ts';
import { emptyIncoming } from './storage/incoming.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  // SERVER_PROCESSES above 1: this process starts and watches the workers, each of which goes on below.
  if (isServerProcessesPrimary(config)) return runServerProcesses(config);
  // A worker's siblings may have uploads staged there: its primary emptied it once, before any started.
  if (!isServerProcessesWorker()) await emptyIncoming(config.dataDir);
  const database = await openMigratedDatabase(config, { limits: requestPoolLimits(config), share: 'publish' });
  const app = await buildApp(config, database);
  // One address to open, whatever HOST binds: the one people use (PUBLIC_URL, or localhost:PORT).
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: () => `Quayside is serving (${database.engine}): open ${config.publicUrl}`,
  });

  const setUpLink = isFirstServerProcess() && (await firstAdminSetUpLink(database.db, config.publicUrl));
  if (setUpLink) console.log(`No administrator yet. Open this one-time link to create the first one: ${setUpLink}`);

  let stopping = false;
  const stop = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    await app.close(); // finishes requests in flight, refuses new ones
    await database.close();
    clearTimeout(force);
    process.exit(exitCode);
  };
  superviseDatabase(database, app.log, () => stop('database failed', 1));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : (startupDatabaseProblem(error) ?? error));
  process.exit(1);
});
