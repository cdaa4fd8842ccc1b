import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { IMPORT_READER_DEFAULTS } from './modules/import/import-limits.ts';

/** Where `npm run build` puts the web app. */
const BUILT_WEB_APP = fileURLToPath(new URL('../../web/dist', import.meta.url));

const optionalUrl = z.url().optional();
const positiveInt = z.coerce.number().int().positive();
const onOff = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');
// An S3_* variable set to nothing (as a compose file passes an unset one) counts as unset.
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(unsetWhenEmpty, z.string().optional());

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: optionalUrl,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Quayside <no-reply@quayside.local>'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ORG_NAME: z.string().min(1).default('NAPCO'),
  SUPPORT_URL: optionalUrl,
  SUPPORT_EMAIL: z.email().optional(),
  UPLOAD_MAX_BYTES: positiveInt.default(25 * 1024 * 1024),
  UPLOAD_MAX_FILES: positiveInt.default(20),
  IMPORT_MAX_BYTES: positiveInt.default(200 * 1024 * 1024),
  IMPORT_READER_MEMORY_MB: z.coerce.number().int().min(32).default(IMPORT_READER_DEFAULTS.memoryMb),
  IMPORT_READERS: positiveInt.default(IMPORT_READER_DEFAULTS.concurrency),
  STATEMENT_TIMEOUT_MS: positiveInt.default(10_000),
  BULK_STATEMENT_TIMEOUT_MS: positiveInt.default(300_000),
  DB_CONNECTION_WAIT_MS: positiveInt.default(5_000),
  EXPORTS_PER_USER: positiveInt.default(2),
  IMPORTS_PER_USER: positiveInt.default(2),
  // One core for the heavy requests, the rest for everyone else (and the database).
  HEAVY_WORK_AT_ONCE: positiveInt.default(Math.max(1, os.availableParallelism() - 1)),
  HEAVY_WORK_WAIT_MS: positiveInt.default(30_000),
  FORWARDER_UPLOAD_QUOTA_BYTES: positiveInt.default(5 * 1024 * 1024 * 1024),
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  TRUST_PROXY: onOff,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SLOW_QUERY_MS: positiveInt.default(500),
  RUN_JOBS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((value) => value !== 'false' && value !== '0'),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  WEBHOOK_CA_FILE: z.string().min(1).optional(),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: z.preprocess(
    unsetWhenEmpty,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: onOff,
  VISIBILITY_PROVIDER_URL: z.preprocess(
    unsetWhenEmpty,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  VISIBILITY_PROVIDER_TOKEN: optionalText,
  ROWS_IN_MEMORY: onOff,
  ROWS_IN_MEMORY_HELPERS: z.coerce
    .number()
    .int()
    .min(0)
    .max(64)
    .default(Math.max(0, os.availableParallelism() - 1)),
});
type Env = z.infer<typeof EnvSchema>;

/** What is wrong with the S3_* variables together, each naming the variable to fix. */
function objectStoreProblems(e: Env): string[] {
  const problems: string[] = [];
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    problems.push(
      `${missing}: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither (a role's credentials)`,
    );
  }
  // Without a bucket documents would quietly go to DATA_DIR/files, out of the other servers' sight.
  const withoutBucket = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID'] as const;
  for (const name of withoutBucket.filter((name) => !e.S3_BUCKET && e[name])) {
    problems.push(`S3_BUCKET: is required with ${name} (it chooses the bucket for documents)`);
  }
  return problems;
}

/** SERVER_PROCESSES above 1 shares one database among the processes: PostgreSQL's to do. */
function serverProcessesProblems(e: Env): string[] {
  if (e.SERVER_PROCESSES === 1 || e.DATABASE_URL) return [];
  return [
    `SERVER_PROCESSES: ${e.SERVER_PROCESSES} processes need DATABASE_URL (PostgreSQL); the embedded database (used without DATABASE_URL) serves one process only. Set DATABASE_URL, or leave SERVER_PROCESSES at 1`,
  ];
}

/** A provider's key without the provider's address would be quietly unused. */
function visibilityProviderProblems(e: Env): string[] {
  if (!e.VISIBILITY_PROVIDER_TOKEN || e.VISIBILITY_PROVIDER_URL) return [];
  return ['VISIBILITY_PROVIDER_URL: is required with VISIBILITY_PROVIDER_TOKEN (it is the address the token is for)'];
}

function objectStoreOf(e: Env): ObjectStoreConfig | undefined {
  if (!e.S3_BUCKET) return undefined;
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/**
 * Per-path limits: requests allowed per window (seconds), per client IP. `signIn` counts every
 * sign-in, right or wrong, so an office behind one address is not stopped (wrong passwords have
 * their own throttle below).
 */
export type AuthRateLimits = { signIn: RateRule; signUp: RateRule; passwordReset: RateRule; eligibility: RateRule };
export type RateRule = { window: number; max: number };

/** Requests one address may make of public tracking links a minute: enough for a page left open, not for guessing. */
export const TRACKING_LINK_RATE: RateRule = { window: 60, max: 60 };

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signIn: { window: 60, max: 100 },
  signUp: { window: 60, max: 5 },
  passwordReset: { window: 300, max: 3 },
  eligibility: { window: 60, max: 10 },
};

/** Wrong passwords at sign-in (auth/sign-in-throttle.ts). */
export type SignInThrottle = {
  /** Wrong passwords for one account, from any address, before it must wait. */
  freeFailures: number;
  /** The first wait; each further wrong password doubles it, up to `longestWaitSeconds`. */
  firstWaitSeconds: number;
  longestWaitSeconds: number;
  /** An account's wrong passwords are forgotten this long after the last one (or at its next sign-in). */
  forgetAfterSeconds: number;
  /** Wrong passwords from one client address, for any accounts, per window. */
  perAddress: RateRule;
};

export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottle = {
  freeFailures: 5,
  firstWaitSeconds: 5,
  longestWaitSeconds: 15 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
  perAddress: { window: 15 * 60, max: 30 },
};

/** An S3-compatible bucket for the documents (S3_*). */
export type ObjectStoreConfig = {
  bucket: string;
  /** Another S3-compatible service (MinIO, Ceph, R2...); unset, AWS S3 in `region`. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's default credential chain (its environment variables, a profile, an IAM role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** The bucket in the URL's path rather than its host name, as most self-hosted services need. */
  forcePathStyle: boolean;
};

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** The origins a signed-in browser may write from (see trustedOriginsOf). */
  trustedOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string | undefined;
  orgName: string;
  supportUrl: string | undefined;
  supportEmail: string | undefined;
  uploadMaxBytes: number;
  uploadMaxFiles: number;
  /** Largest import file (a 100,000-row report is about 30 MB as CSV). */
  importMaxBytes: number;
  /** Heap (MB) of the worker thread that reads one import file; a file needing more is refused (413). */
  importReaderMemoryMb: number;
  /** Import files read at once (each in its own worker thread); more wait their turn. */
  importReaders: number;
  /** Longest a request's SQL statement may run (PostgreSQL enforces it; PGlite cannot). */
  statementTimeoutMs: number;
  /** The same for an export's or an import's statements, which legitimately run longer. */
  bulkStatementTimeoutMs: number;
  /** Longest a request waits for a free database connection before answering 503. */
  connectionWaitMs: number;
  /** Exports and imports one user may have running at once (per server instance). */
  exportsPerUser: number;
  importsPerUser: number;
  /** Heavy requests (full exports, imports, bulk changes by query, long analytics) running at once on this server; more wait. */
  heavyWorkAtOnce: number;
  /** Longest a heavy request waits for its turn before answering 503 with Retry-After. */
  heavyWorkWaitMs: number;
  /** Total bytes of documents the people of one forwarder company may upload. */
  forwarderUploadQuotaBytes: number;
  /**
   * Server processes `npm start` runs on this machine, sharing PORT (server-processes.ts); above 1
   * only with DATABASE_URL. Each has its own database pool, heavy-work queue and /metrics.
   */
  serverProcesses: number;
  trustProxy: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Bearer token for GET /metrics; without it, /metrics answers loopback clients only. */
  metricsToken: string | undefined;
  /** A database query taking longer is counted in /metrics (quayside_db_slow_queries_total). */
  slowQueryMs: number;
  /** The built web app the server serves (a build elsewhere lets tests run beside a working copy's server). */
  webDistDir: string;
  /** Absolute session lifetime in seconds: a session is never extended past it. */
  sessionLifetimeSeconds: number;
  authRateLimits: AuthRateLimits;
  signInThrottle: SignInThrottle;
  /** What time it is: exceptions are decided as of its day (UTC). Tests move it; nothing else does. */
  clock: () => Date;
  /**
   * Background jobs (jobs/jobs.ts): whether this server works them (a server may leave them to the
   * others sharing its database), and how often an idle worker asks for more.
   */
  jobs: { run: boolean; pollingIntervalSeconds: number };
  /** A PEM file of certificates webhook receivers may use besides the usual ones (a private CA). */
  webhookCaFile: string | undefined;
  /** How long a webhook delivery waits for a connection (TCP and TLS), and for the whole answer. */
  webhookTimeouts: { connectMs: number; answerMs: number };
  /**
   * Where document bytes are kept: this bucket when S3_BUCKET is set (so every server sharing the
   * database serves the same documents), else DATA_DIR/files.
   */
  objectStore: ObjectStoreConfig | undefined;
  /**
   * The visibility provider the carrier-events-pull job asks about shipments not yet arrived: a
   * DCSA Track & Trace 2.2 publisher's base URL (its GET /v2/events) and API key (bearer), from
   * VISIBILITY_PROVIDER_URL and VISIBILITY_PROVIDER_TOKEN. Unset, the job asks no one.
   */
  visibilityProvider: { url: string; token: string | undefined } | undefined;
  /**
   * Whether this server keeps a copy of the dashboard's rows in memory (line-items/columnar), which
   * answers the questions no index walk does: ROWS_IN_MEMORY, off unless 'true' (its costs and
   * gains are still being measured: bench/RESULTS.md).
   */
  rowsInMemory: boolean;
  /**
   * Helper threads the copy's questions share their passes over every row with (slot-threads.ts):
   * ROWS_IN_MEMORY_HELPERS, by default one for each core but the server's own; 0, none.
   */
  rowsInMemoryHelpers: number;
};

export class ConfigError extends Error {}

/**
 * PUBLIC_URL's origin; with it unset, this machine under every loopback spelling of PORT
 * (localhost, 127.0.0.1, [::1]), so whichever of them a person opens, signing in works.
 */
export function trustedOriginsOf(publicUrl: string | undefined, port: number): string[] {
  if (publicUrl) return [new URL(publicUrl).origin];
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`);
}

/** The only reader of process.env. A bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  const problems = parsed.success
    ? [
        ...objectStoreProblems(parsed.data),
        ...serverProcessesProblems(parsed.data),
        ...visibilityProviderProblems(parsed.data),
      ]
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    clock: () => new Date(),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    trustedOrigins: trustedOriginsOf(e.PUBLIC_URL, e.PORT),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authSecret: e.AUTH_SECRET,
    orgName: e.ORG_NAME,
    supportUrl: e.SUPPORT_URL,
    supportEmail: e.SUPPORT_EMAIL,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadMaxFiles: e.UPLOAD_MAX_FILES,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    importReaderMemoryMb: e.IMPORT_READER_MEMORY_MB,
    importReaders: e.IMPORT_READERS,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    bulkStatementTimeoutMs: e.BULK_STATEMENT_TIMEOUT_MS,
    connectionWaitMs: e.DB_CONNECTION_WAIT_MS,
    exportsPerUser: e.EXPORTS_PER_USER,
    importsPerUser: e.IMPORTS_PER_USER,
    heavyWorkAtOnce: e.HEAVY_WORK_AT_ONCE,
    heavyWorkWaitMs: e.HEAVY_WORK_WAIT_MS,
    forwarderUploadQuotaBytes: e.FORWARDER_UPLOAD_QUOTA_BYTES,
    serverProcesses: e.SERVER_PROCESSES,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    slowQueryMs: e.SLOW_QUERY_MS,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : BUILT_WEB_APP,
    sessionLifetimeSeconds: 12 * 60 * 60,
    authRateLimits: DEFAULT_AUTH_RATE_LIMITS,
    signInThrottle: DEFAULT_SIGN_IN_THROTTLE,
    jobs: { run: e.RUN_JOBS, pollingIntervalSeconds: e.JOB_POLL_SECONDS },
    webhookCaFile: e.WEBHOOK_CA_FILE ? path.resolve(e.WEBHOOK_CA_FILE) : undefined,
    webhookTimeouts: { connectMs: 5_000, answerMs: 10_000 },
    objectStore: objectStoreOf(e),
    visibilityProvider: e.VISIBILITY_PROVIDER_URL
      ? { url: e.VISIBILITY_PROVIDER_URL, token: e.VISIBILITY_PROVIDER_TOKEN }
      : undefined,
    rowsInMemory: e.ROWS_IN_MEMORY,
    rowsInMemoryHelpers: e.ROWS_IN_MEMORY_HELPERS,
  };
}
