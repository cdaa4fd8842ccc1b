import { z } from 'zod';
import { NUL_MESSAGE, noNul } from './fields.ts';

/** Roles a person can be given in the user-management screens (SPEC.md §6). */
export const ASSIGNABLE_ROLES = ['Admin', 'Employee', 'Forwarder'] as const;
/**
 * Manager is display-only: it may exist in the data but cannot be chosen (SPEC.md §1). Supplier is
 * a supplier company's contact, invited from the Suppliers screen, never from user management.
 */
export const ROLES = [...ASSIGNABLE_ROLES, 'Manager', 'Supplier'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'Employee';

export const PersonStatus = z.enum(['Active', 'Inactive']);

// PostgreSQL cannot store U+0000 in text: refuse it here, with a message, instead of failing there.

const email = z
  .string()
  .refine(noNul, NUL_MESSAGE)
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid e-mail address.' }));

export const Person = z
  .object({
    id: z.number().int(),
    full_name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    company_name: z.string(),
    department: z.string(),
    fireauth_id: z.string().describe('Id of the sign-in account; empty until the person registers'),
    status: PersonStatus.describe('Active once the person has a sign-in account'),
  })
  .describe('A person of the people list');
export type Person = z.infer<typeof Person>;

export const PeopleResponse = z.object({ peoples: z.array(Person) });
export type PeopleResponse = z.infer<typeof PeopleResponse>;

export const PeopleQuery = z.object({
  email: z
    .string()
    .refine(noNul, NUL_MESSAGE)
    .trim()
    .max(254)
    .optional()
    .describe('Return only the person with this e-mail'),
});

const shortText = (label: string) =>
  z
    .string()
    .refine(noNul, NUL_MESSAGE)
    .trim()
    .max(200, { message: `${label} must be at most 200 characters.` });

/**
 * One entry of `POST /api/Peoples`: a person to add, or to update (by `id`, else by e-mail).
 * The e-mail of an existing person cannot change. On update, a field left out keeps its value;
 * on add, role defaults to Employee and company and department to empty.
 * `fireauth_id` and status are never taken from a client.
 */
export const PersonInput = z
  .object({
    id: z.number().int().positive().optional().describe('Set to update an existing person'),
    full_name: shortText('Full name').min(1, { message: 'Full name is required.' }),
    email,
    role: z.enum(ASSIGNABLE_ROLES, { message: 'Role must be one of Admin, Employee, Forwarder.' }).optional(),
    company_name: shortText('Company').optional(),
    department: shortText('Department').optional(),
  })
  .strip();
export type PersonInput = z.infer<typeof PersonInput>;

export const PeopleUpsertBody = z
  .array(PersonInput)
  .min(1, { message: 'Send at least one person.' })
  .max(500, { message: 'Send at most 500 people at once.' });

export const PeopleDeleteBody = z
  .array(z.object({ email }).strip())
  .length(1, { message: 'Send exactly one person to delete.' });

export const EligibilityQuery = z.object({ email });

/** Why an e-mail may or may not register (SPEC.md §5 'Register'). */
export const EligibilityResponse = z.object({
  eligible: z.boolean(),
  reason: z.enum(['not_listed', 'already_registered']).optional(),
});
export type EligibilityResponse = z.infer<typeof EligibilityResponse>;

export const EMAIL_IMMUTABLE_MESSAGE = 'Email addresses cannot be changed';

/** A Forwarder sees the shipments whose Forwarder Name is its company: without one it would see nothing. */
export const FORWARDER_NEEDS_COMPANY = 'A Forwarder needs a company: enter the Forwarder Name its shipments carry.';
