// SERVER_PROCESSES: several server processes on one machine sharing PORT (node:cluster; on Linux
// the primary hands each new connection to the next worker in turn), so the machine's other cores
// work for Node too. Each worker runs main.ts as a single server does: its own database pool, job
// worker, heavy-work queue and /metrics, sharing PostgreSQL and DATA_DIR with the others, as
// servers behind a load balancer do (three-servers.postgres.test.ts). The primary serves nothing
// and opens no database: it prepares DATA_DIR once, starts the workers, replaces one that dies
// and passes stop signals on.
import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { resolveAuthSecret } from './auth/secret.ts';
import type { AppConfig } from './config.ts';
import { loggerOptions } from './logging.ts';
import { emptyIncoming } from './storage/incoming.ts';

/** How long after a worker died its replacement starts. */
const RESTART_DELAY_MS = 1_000;
/** Workers dying more often than this (per minute) will not get better by restarting: give up. */
const RESTARTS_PER_MINUTE = 5;
/** Past its own grace (SHUTDOWN_GRACE_MS in main.ts, 10 s), a worker still running is killed. */
const STOP_GRACE_MS = 15_000;

type Supervised = Pick<AppConfig, 'serverProcesses' | 'dataDir' | 'authSecret' | 'logLevel' | 'publicUrl'>;

/** Whether this process is the primary of several server processes: it supervises them and serves nothing. */
export const isServerProcessesPrimary = (config: Pick<AppConfig, 'serverProcesses'>) =>
  config.serverProcesses > 1 && cluster.isPrimary;

/** Whether this process is one worker of several (its primary did the once-per-start work). */
export const isServerProcessesWorker = () => cluster.isWorker;

/** The single server process, or the first worker of several: it says once what concerns them all. */
export const isFirstServerProcess = () => cluster.worker === undefined || cluster.worker.id === 1;

/**
 * The primary's work: what each server does once at start, done once for all before any starts
 * (a worker restarted later must not empty DATA_DIR/incoming under the others' uploads, nor two
 * generate DATA_DIR/auth-secret at once); then `serverProcesses` workers, each replaced a second
 * after it exits unexpectedly. A worker failing before any has served, or more than
 * RESTARTS_PER_MINUTE exits in a minute, stops them all with exit code 1, for the service manager
 * to see. SIGTERM and SIGINT go on to every worker; the primary exits when the last has exited, 0
 * when each stopped cleanly.
 */
export async function runServerProcesses(config: Supervised): Promise<void> {
  const { stream, ...options } = loggerOptions(config.logLevel, { pretty: process.stdout.isTTY });
  const log = stream ? pino(options, stream) : pino(options);
  await emptyIncoming(config.dataDir);
  resolveAuthSecret(config.authSecret, config.dataDir);

  const running = new Set<Worker>();
  const listening = new Set<Worker>();
  let hasServed = false;
  const exits: number[] = [];
  let stopping: { signal: NodeJS.Signals; exitCode: number } | undefined;

  const start = () => {
    const worker = cluster.fork();
    // Its channel to this process failing (a message or a signal not delivered) is logged, not fatal here.
    worker.on('error', (error) => log.error({ err: error, workerPid: worker.process.pid }, 'server process error'));
    running.add(worker);
  };
  const exitWhenAllExited = () => {
    if (stopping && running.size === 0) process.exit(stopping.exitCode);
  };
  const stop = (signal: NodeJS.Signals, exitCode = 0) => {
    if (stopping) return;
    stopping = { signal, exitCode };
    log.info({ signal, processes: running.size }, 'stopping the server processes');
    for (const worker of running) worker.process.kill(signal);
    setTimeout(() => {
      log.error('server processes still running after the grace period: killing them');
      for (const worker of running) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
    exitWhenAllExited();
  };
  const giveUp = (exited: object, reason: string) => {
    log.fatal(exited, reason);
    stop('SIGTERM', 1);
  };

  cluster.on('listening', (worker) => {
    // Once per worker, though it listens on each address HOST names (localhost: IPv4 and IPv6).
    if (listening.has(worker)) return;
    listening.add(worker);
    if (hasServed) return log.info({ workerPid: worker.process.pid }, 'a replacement server process serves');
    if (listening.size < config.serverProcesses) return;
    hasServed = true;
    log.info(
      { workerPids: [...listening].map((each) => each.process.pid) },
      `${config.serverProcesses} server processes serve ${config.publicUrl} (SERVER_PROCESSES)`,
    );
  });
  cluster.on('exit', (worker, code, signal) => {
    running.delete(worker);
    listening.delete(worker);
    if (stopping) {
      // Stopped as asked: by its own handler (0), or by the signal itself while it was starting.
      if (code !== 0 && signal !== stopping.signal) stopping.exitCode = 1;
      return exitWhenAllExited();
    }
    const exited = { workerPid: worker.process.pid, code, signal };
    if (!hasServed) return giveUp(exited, 'a server process exited before serving: stopping the others');
    const now = Date.now();
    exits.push(now);
    while ((exits[0] ?? now) <= now - 60_000) exits.shift();
    if (exits.length > RESTARTS_PER_MINUTE) {
      return giveUp(exited, `server processes keep exiting (${exits.length} in a minute): stopping the others`);
    }
    log.error(exited, `a server process exited: starting another in ${RESTART_DELAY_MS / 1000} s`);
    setTimeout(() => {
      if (!stopping) start();
    }, RESTART_DELAY_MS);
  });
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let count = 0; count < config.serverProcesses; count += 1) start();
}
