import { ROLES, type Role } from '@quayside/domain/people';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { people } from '../db/schema.ts';

/** Who is asking, as the server knows it: derived from the session, never from the request body or headers. */
export type Principal = {
  personId: number;
  userId: string;
  email: string;
  fullName: string;
  role: Role;
  company: string;
  /** How the request came: the web app's session cookie, or a bearer token (an API client). */
  via?: 'screen' | 'api';
};

type SessionUser = { id: string; email: string; banned?: boolean | null };

/**
 * Turns a signed-in account into a principal. An account whose person was removed from the
 * people list, or whose person is linked to another account, or that is disabled, is nobody.
 */
export async function principalForUser(db: Queryable, user: SessionUser): Promise<Principal | null> {
  if (user.banned) return null;
  const [person] = await db.select().from(people).where(eq(people.email, user.email.toLowerCase()));
  if (!person || person.fireauth_id !== user.id) return null;
  const role = ROLES.find((known) => known === person.role);
  if (!role) return null;
  return {
    personId: person.id,
    userId: user.id,
    email: person.email,
    fullName: person.full_name,
    role,
    company: person.company_name,
  };
}
