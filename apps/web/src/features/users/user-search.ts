import type { Person } from '@quayside/domain/people';
import { displayedRole } from './user-chips.tsx';

/** Case-insensitive substring search over what the table shows: name, e-mail, role and company. */
export function matchesUserSearch(person: Person, search: string) {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [person.full_name, person.email, displayedRole(person.role) ?? '', person.company_name].some((value) =>
    value.toLowerCase().includes(needle),
  );
}

/**
 * Companies offered in the user forms. The spec lists five company names it does not reproduce,
 * so we offer the operating company plus every company already in the people list; the field
 * also takes any new name (free text), so a new forwarder needs no code change.
 */
export function companyOptions(orgName: string, people: readonly Person[]) {
  const others = new Set(people.map((person) => person.company_name.trim()).filter((name) => name !== ''));
  others.delete(orgName);
  return [orgName, ...[...others].sort((a, b) => a.localeCompare(b))];
}
