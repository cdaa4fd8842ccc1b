import { ASSIGNABLE_ROLES, PersonInput, type Role } from '@quayside/domain/people';

export type UserFormValues = { full_name: string; email: string; role: Role; company_name: string };
export type UserField = keyof UserFormValues;
export type UserFieldErrors = Partial<Record<UserField, string>>;
type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const EMAIL_TAKEN_MESSAGE = 'A user with this email already exists.';

export const isAssignableRole = (role: Role): role is AssignableRole =>
  (ASSIGNABLE_ROLES as readonly Role[]).includes(role);
const isField = (key: PropertyKey, values: UserFormValues): key is UserField =>
  typeof key === 'string' && key in values;

export type UserFormContext = {
  /** Set when editing: the server updates this person instead of adding one. */
  id?: number | undefined;
  /** Lower-case e-mails already listed: adding one would make the server update that person instead. */
  takenEmails?: ReadonlySet<string> | undefined;
};

/**
 * Checks the form against the server's own contract (full name required, e-mail format, role
 * one of Admin, Employee, Forwarder), so both refuse the same input with the same words.
 * Returns the request to send, or null and an error per field.
 */
export function validateUser(
  values: UserFormValues,
  { id, takenEmails }: UserFormContext = {},
): { input: PersonInput | null; errors: UserFieldErrors } {
  const result = PersonInput.safeParse({
    id,
    full_name: values.full_name,
    email: values.email,
    // Manager cannot be chosen (SPEC.md §1): a Manager being edited keeps that role by leaving it out.
    role: isAssignableRole(values.role) ? values.role : undefined,
    company_name: values.company_name,
  });
  if (result.success) {
    if (takenEmails?.has(result.data.email)) return { input: null, errors: { email: EMAIL_TAKEN_MESSAGE } };
    return { input: result.data, errors: {} };
  }
  const errors: UserFieldErrors = {};
  for (const issue of result.error.issues) {
    const [field] = issue.path;
    if (field !== undefined && isField(field, values)) errors[field] ??= issue.message;
  }
  return { input: null, errors };
}
