import type { Person } from '@quayside/domain/people';
import { describe, expect, it } from 'vitest';
import { ApiError, failureMessage } from '../../lib/api.ts';
import { displayedRole } from './user-chips.tsx';
import { companyOptions, matchesUserSearch } from './user-search.ts';
import { EMAIL_TAKEN_MESSAGE, validateUser } from './user-validation.ts';

const person = (overrides: Partial<Person>): Person => ({
  id: 1,
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'Forwarder',
  company_name: 'Blue Freight',
  department: '',
  fireauth_id: '',
  status: 'Inactive',
  ...overrides,
});

describe('user search (SPEC.md §2)', () => {
  it.each(['ada', 'LOVELACE', 'example.COM', 'forwarder', 'blue fr', '  '])('matches "%s"', (search) => {
    expect(matchesUserSearch(person({}), search)).toBe(true);
  });

  it('does not match other text, nor the department it does not show', () => {
    expect(matchesUserSearch(person({ department: 'Sales' }), 'sales')).toBe(false);
  });
});

describe('roles shown', () => {
  it('shows the four known roles, Manager included, and nothing for any other', () => {
    expect(['Admin', 'Employee', 'Forwarder', 'Manager'].map(displayedRole)).toEqual([
      'Admin',
      'Employee',
      'Forwarder',
      'Manager',
    ]);
    expect(displayedRole('Owner')).toBeNull();
    expect(displayedRole('toString')).toBeNull();
  });
});

describe('company options', () => {
  it('offers the operating company first, then each other company once, sorted', () => {
    const people = [
      person({ company_name: 'Zed Cargo' }),
      person({ company_name: 'NAPCO' }),
      person({ company_name: ' Blue Freight ' }),
      person({ company_name: 'Blue Freight' }),
      person({ company_name: '' }),
    ];
    expect(companyOptions('NAPCO', people)).toEqual(['NAPCO', 'Blue Freight', 'Zed Cargo']);
  });
});

describe('user form validation (SPEC.md §5)', () => {
  const empty = { full_name: '', email: '', role: 'Employee', company_name: '' } as const;

  it('needs a full name and a valid e-mail', () => {
    expect(validateUser({ ...empty, full_name: '  ', email: 'not-an-email' })).toEqual({
      input: null,
      errors: { full_name: 'Full name is required.', email: 'Enter a valid e-mail address.' },
    });
  });

  it('sends trimmed values and a lower-case e-mail', () => {
    const { input } = validateUser({
      full_name: ' Ada ',
      email: ' Ada@Example.com ',
      role: 'Admin',
      company_name: ' X ',
    });
    expect(input).toEqual({ full_name: 'Ada', email: 'ada@example.com', role: 'Admin', company_name: 'X' });
  });

  it('refuses adding an e-mail already listed, which the server would treat as an update', () => {
    const { input, errors } = validateUser(
      { ...empty, full_name: 'Ada', email: 'ADA@example.com' },
      { takenEmails: new Set(['ada@example.com']) },
    );
    expect(input).toBeNull();
    expect(errors.email).toBe(EMAIL_TAKEN_MESSAGE);
  });

  it('leaves a Manager role out of an update, so it is kept but never chosen', () => {
    const { input } = validateUser({ ...empty, full_name: 'Mo', email: 'mo@example.com', role: 'Manager' }, { id: 7 });
    expect(input).toEqual({ id: 7, full_name: 'Mo', email: 'mo@example.com', company_name: '' });
  });
});

describe('failure messages', () => {
  it("shows the server's refusal, and a generic line for faults and network failures", () => {
    expect(failureMessage(new ApiError(400, 'You cannot change your own role.'), 'fallback')).toBe(
      'You cannot change your own role.',
    );
    expect(failureMessage(new ApiError(500, 'Internal Server Error'), 'fallback')).toBe('fallback');
    expect(failureMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});
