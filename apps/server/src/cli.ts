import { parseArgs } from 'node:util';
import { ASSIGNABLE_ROLES, DEFAULT_ROLE, PersonInput } from '@quayside/domain/people';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { createAuthFromConfig } from './auth/auth.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openMigratedDatabase } from './db/open-from-config.ts';
import { people } from './db/schema.ts';
import type { AuditActor } from './modules/audit/audit.service.ts';
import { writePerson } from './modules/people/people.service.ts';

const HELP = `Quayside command line

Usage: npm run cli -- <command> [options]

Commands:
  create-user   Add a person to the people list with a sign-in account (use it for the first administrator)
      --email E       sign-in e-mail (required)
      --password P    at least 8 characters (required)
      --name N        full name (required)
      --role R        ${ASSIGNABLE_ROLES.join(' | ')} (default Employee)
      --company C     company name (a Forwarder sees only its company's shipments)
  help          Show this text

The database is the one the server uses: DATABASE_URL when set, else PGlite in DATA_DIR (./data).
`;

const CLI_ACTOR: AuditActor = { personId: null, email: 'cli' };

async function createUser(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'Employee' },
      company: { type: 'string', default: '' },
    },
  });
  const parsed = PersonInput.safeParse({
    email: values.email ?? '',
    full_name: values.name ?? '',
    role: values.role,
    company_name: values.company,
  });
  if (!parsed.success)
    throw new UsageError(parsed.error.issues.map((issue) => `--${flagOf(issue.path[0])}: ${issue.message}`).join('\n'));
  const password = values.password ?? '';
  if (password.length < 8) throw new UsageError('--password: use at least 8 characters.');
  const person = parsed.data;

  const config = loadConfig();
  const log = pino({ level: 'warn' });
  const database = await openMigratedDatabase(config);
  try {
    const { db } = database;
    await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(people).where(eq(people.email, person.email));
      if (existing?.fireauth_id) throw new UsageError(`${person.email} already has a sign-in account.`);
      await writePerson(tx, CLI_ACTOR, person, existing);
    });
    const auth = createAuthFromConfig(config, db, log);
    await auth.api.signUpEmail({ body: { email: person.email, password, name: person.full_name } });
    console.log(
      `Created ${person.role ?? DEFAULT_ROLE} ${person.email}. They can sign in at ${config.publicUrl}/login`,
    );
  } finally {
    await database.close();
  }
}

const flagOf = (field: PropertyKey | undefined) =>
  ({ email: 'email', full_name: 'name', role: 'role', company_name: 'company' })[String(field)] ?? String(field);

class UsageError extends Error {}

async function run(argv: string[]) {
  const [command, ...rest] = argv;
  switch (command) {
    case 'create-user':
      return createUser(rest);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(HELP);
      return;
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${HELP}`);
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError) console.error(error.message);
  else if (error instanceof Error) console.error(`create-user failed: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
